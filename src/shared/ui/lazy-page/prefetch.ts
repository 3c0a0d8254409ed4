import { createEffect } from 'effector';
import { lazyViewLoaders } from './lazy-page';

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * Fetches every lazy view's chunk once the browser is idle (after the first screen is up), so moving
 * to another screen is instant. A chunk that fails here is fetched again when its view is shown.
 */
export const prefetchLazyViewsFx = createEffect(() => {
  const idle = window as IdleWindow;
  const prefetch = () => {
    for (const preload of lazyViewLoaders) preload().catch(() => undefined);
  };
  // Safari (iOS Telegram) has no requestIdleCallback.
  if (idle.requestIdleCallback) idle.requestIdleCallback(prefetch, { timeout: 2_000 });
  else setTimeout(prefetch, 200);
});
