/**
 * Host calls as effects, host events as events. Outside Telegram the SDK turns every host call
 * into a silent no-op (docs/foundations.md §6), so none of these effects needs a platform check. The SDK is
 * loaded by the first host call (./web-app.ts): each effect waits for it, in the order called.
 */
import { createEffect, createEvent, sample, scopeBind } from 'effector';
import { applyHostTheme } from './apply-theme';
import { isVersionAtLeast, readHostTheme } from './launch-params';
import { loadedWebApp, loadWebApp } from './web-app';

export type ColorScheme = 'light' | 'dark';
export type HapticStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';

export const readyFx = createEffect(async () => {
  (await loadWebApp()).ready();
});

export const expandFx = createEffect(async () => {
  (await loadWebApp()).expand();
});

export const closeAppFx = createEffect(async () => {
  (await loadWebApp()).close();
});

export const hapticErrorFx = createEffect(async () => {
  (await loadWebApp()).HapticFeedback.notificationOccurred('error');
});

export const hapticFx = createEffect(async (style: HapticStyle) => {
  (await loadWebApp()).HapticFeedback.impactOccurred(style);
});

export const setBackButtonVisibleFx = createEffect(async (visible: boolean) => {
  const webApp = await loadWebApp();
  if (visible) webApp.BackButton.show();
  else webApp.BackButton.hide();
});

/** docs/product.md §5: Telegram links must use http(s) and host t.me; the texts are docs/product.md §8's. */
export const openTelegramLinkFx = createEffect(async (url: string) => {
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw Error('Url protocol is not supported');
  }
  if (parsed.hostname !== 't.me') throw Error('Url host is not supported');
  (await loadWebApp()).openTelegramLink(url);
});

const httpUrl = (url: string): URL | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
};

/** A link Telegram opens itself (a chat, a channel, a bot): http(s) on t.me. */
export const isTelegramLink = (url: string): boolean => httpUrl(url)?.hostname === 't.me';

/** Opens a web page outside the Mini App (Telegram's in-app browser or the system one). */
export const openLinkFx = createEffect(async (url: string) => {
  if (!httpUrl(url)) throw Error('Url protocol is not supported');
  (await loadWebApp()).openLink(url);
});

/** Opens any link the right way: t.me links inside Telegram (openTelegramLink), others with openLink. */
export const openUrlFx = createEffect(async (url: string) => {
  if (isTelegramLink(url)) await openTelegramLinkFx(url);
  else await openLinkFx(url);
});

/** docs/product.md §9: WebApp.shareMessage (a prepared inline message) needs Telegram 8.0 or later. */
export const SHARE_MESSAGE_MIN_VERSION = '8.0';

/** Whether the host's Mini App API is at least `version` (outside Telegram 6.0): from the launch, no SDK needed. */
export const isVersionAtLeastFx = createEffect((version: string) => isVersionAtLeast(version));

/**
 * Opens Telegram's dialog to send a prepared inline message (savePreparedInlineMessage's id);
 * resolves true when the user sent it, false when it failed or was closed.
 */
export const shareMessageFx = createEffect(async (inlineMessageId: string) => {
  const webApp = await loadWebApp();
  return new Promise<boolean>((resolve) => {
    webApp.shareMessage(inlineMessageId, (sent) => resolve(sent));
  });
});

/** Leaves the app, e.g. for the bot when the platform is unknown (docs/product.md §2). */
export const redirectFx = createEffect((url: string) => {
  window.location.href = url;
});

export const reloadFx = createEffect(() => {
  window.location.reload();
});

/**
 * Theme params → `--tg-theme-*` CSS variables, colour scheme → `data-theme` on <html>. At once, without
 * the SDK: the launch's theme comes from the URL hash; after a host theme change (reported by the SDK,
 * so loaded by then) from the SDK.
 */
export const applyThemeFx = createEffect(() => {
  const webApp = loadedWebApp();
  applyHostTheme(
    webApp
      ? {
          params: Object.fromEntries(Object.entries(webApp.themeParams)) as Record<string, string>,
          colorScheme: webApp.colorScheme,
        }
      : readHostTheme(),
  );
});

export const backButtonPressed = createEvent();
export const themeChanged = createEvent<ColorScheme>();

let detachHostEvents: (() => void) | null = null;

/**
 * Attaches the host listeners once. Calling it again (another scope, e.g. a test) replaces the
 * previous listeners, so the host never reports an event twice.
 */
export const subscribeHostEventsFx = createEffect(async () => {
  // Bound before waiting for the SDK: the scope is known only while the effect starts.
  const reportBack = scopeBind(backButtonPressed, { safe: true });
  const reportTheme = scopeBind(themeChanged, { safe: true });
  const webApp = await loadWebApp();
  detachHostEvents?.();
  const onBack = () => reportBack();
  const onTheme = () => reportTheme(webApp.colorScheme);
  webApp.BackButton.onClick(onBack);
  webApp.onEvent('themeChanged', onTheme);
  detachHostEvents = () => {
    webApp.BackButton.offClick(onBack);
    webApp.offEvent('themeChanged', onTheme);
  };
});

sample({ clock: themeChanged, target: applyThemeFx });
