import type WebAppInstance from '@twa-dev/sdk';

export type WebApp = typeof WebAppInstance;

type TelegramWindow = Window & { Telegram?: { WebApp?: WebApp } };

let loading: Promise<WebApp> | null = null;
let loaded: WebApp | null = null;

/**
 * Telegram's SDK (@twa-dev/sdk, `window.Telegram.WebApp`), a chunk of its own: the launch reads its
 * parameters from the URL hash (./launch-params.ts), and host calls (ready, expand, the back button,
 * haptics, links, sharing) wait the few milliseconds the chunk takes. The first call fetches it; a
 * chunk that fails to load is fetched again by the next call. The SDK defines `window.Telegram` when it
 * runs, so a test's `TelegramWebviewProxy` still sees every host call (docs/foundations.md §6).
 */
export function loadWebApp(): Promise<WebApp> {
  loading ??= import('@twa-dev/sdk').then(
    () => {
      const webApp = (window as TelegramWindow).Telegram?.WebApp;
      if (!webApp) throw new Error('Telegram.WebApp is missing after the SDK loaded');
      return (loaded = webApp);
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The SDK if it has loaded already (host events come only from it), else null. */
export const loadedWebApp = (): WebApp | null => loaded;
