/* The slice's view and model, for what loads on demand (docs/performance.md "Bundle"). */
export { StoryButton } from './ui/story-button';
export * as shareStoryModel from './model/story';
