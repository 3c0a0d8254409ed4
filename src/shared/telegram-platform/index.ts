/**
 * Telegram's later platform (Bot API 7.8 and 8.0: full screen, the home screen, stories) as effects, for
 * the features that load on demand (docs/decisions.md "Telegram's platform"). A segment of its own: the entry
 * carries none of it, only the one `hostEvent` their answers arrive by (shared/telegram). Each method exists
 * only from its version on (the SDK throws `WebAppMethodUnsupported` before): callers check
 * `isVersionAtLeast` first and fall back.
 */
import { createEffect } from 'effector';
import { loadWebApp } from '../telegram';

/** Full screen, orientation lock and the home screen came with Bot API 8.0. */
export const FULLSCREEN_MIN_VERSION = '8.0';
export const HOME_SCREEN_MIN_VERSION = '8.0';
/** WebApp.shareToStory came with Bot API 7.8. */
export const STORY_MIN_VERSION = '7.8';

export type HomeScreenStatus = 'unsupported' | 'unknown' | 'added' | 'missed';

/** Asks Telegram for full screen; the answer is a fullscreenChanged or fullscreenFailed host event. */
export const requestFullscreenFx = createEffect(async () => {
  (await loadWebApp()).requestFullscreen();
});

export const exitFullscreenFx = createEffect(async () => {
  (await loadWebApp()).exitFullscreen();
});

/** Whether the app has a shortcut on the device's home screen (Telegram answers home_screen_checked). */
export const checkHomeScreenStatusFx = createEffect(async () => {
  const webApp = await loadWebApp();
  return new Promise<HomeScreenStatus>((resolve) => webApp.checkHomeScreenStatus(resolve));
});

/**
 * Asks Telegram to add the shortcut: it asks the user, then sends homeScreenAdded, or homeScreenFailed
 * where the device cannot; nothing when the user declines.
 */
export const addToHomeScreenFx = createEffect(async () => {
  (await loadWebApp()).addToHomeScreen();
});

export interface StoryShare {
  /** An http(s) URL Telegram fetches: a JPEG, PNG or MP4 for a story. */
  mediaUrl: string;
  text: string;
  widgetLink: { url: string; name: string };
}

/** Opens Telegram's story editor with the media, its caption and a link widget; Telegram answers nothing. */
export const shareToStoryFx = createEffect(async ({ mediaUrl, text, widgetLink }: StoryShare) => {
  (await loadWebApp()).shareToStory(mediaUrl, { text, widget_link: widgetLink });
});
