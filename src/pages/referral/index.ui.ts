/*
 * What the referral screen loads on demand (docs/performance.md "Bundle"): the story's model comes with
 * the screen's chunk. Importing this file from the entry would put it back there.
 */
export * as shareStoryModel from './model/story';
