/**
 * Host calls as effects, host events as events. Outside Telegram the SDK turns every host call
 * into a silent no-op (docs/foundations.md §6), so none of these effects needs a platform check. The SDK is
 * loaded by the first host call (./web-app.ts): each effect waits for it, in the order called.
 */
import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { applyHostTheme } from './apply-theme';
import { isLowEndDevice, isVersionAtLeast, readHostTheme } from './launch-params';
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

/** Telegram rates the phone LOW (Android's user agent): live figures re-render less often, no chart motion. */
export const $isLowEndDevice = createStore(isLowEndDevice(), { serialize: 'ignore' });

export const backButtonPressed = createEvent();
export const themeChanged = createEvent<ColorScheme>();

/**
 * Telegram's platform events beyond the back button and the theme (docs/decisions.md "Telegram's
 * platform"), by the SDK's names: the settings item, full screen, the home screen. One event for all,
 * so the entry carries one unit; the lazily loaded features that use them filter it. `isFullscreen` is
 * the host's state as the event left it (fullscreenChanged carries no data of its own).
 */
export interface HostEvent {
  type: string;
  data?: unknown;
  isFullscreen: boolean;
}
export const hostEvent = createEvent<HostEvent>();
const HOST_EVENTS = [
  'settingsButtonClicked',
  'fullscreenChanged',
  'fullscreenFailed',
  'homeScreenAdded',
  'homeScreenChecked',
] as const;

/** The back button is a view's own while it shows (the full-screen chart): back-navigation leaves it alone. */
export const backClaimed = createEvent<boolean>();
export const $backClaimed = createStore(false).on(backClaimed, (_, claimed) => claimed);

/** Telegram's settings item (SettingsButton; the SDK ignores it before 6.10). */
export const showSettingsButtonFx = createEffect(async () => {
  (await loadWebApp()).SettingsButton.show();
});

let detachHostEvents: (() => void) | null = null;

/** Telegram's web view object under the SDK: host messages by their wire names. */
export interface RawWebView {
  onEvent(type: string, listener: (type: string, data: unknown) => void): void;
  offEvent(type: string, listener: (type: string, data: unknown) => void): void;
  postEvent(type: string, callback: false | (() => void), data?: unknown): void;
}

/**
 * Attaches the host listeners once. Calling it again (another scope, e.g. a test) replaces the
 * previous listeners, so the host never reports an event twice.
 */
export const subscribeHostEventsFx = createEffect(async () => {
  // Bound before waiting for the SDK: the scope is known only while the effect starts.
  const reportBack = scopeBind(backButtonPressed, { safe: true });
  const reportTheme = scopeBind(themeChanged, { safe: true });
  const reportHost = scopeBind(hostEvent, { safe: true });
  const webApp = await loadWebApp();
  detachHostEvents?.();
  const onBack = () => reportBack();
  const onTheme = () => reportTheme(webApp.colorScheme);
  const onHost = HOST_EVENTS.map(
    (type) => [type, (data?: unknown) => reportHost({ type, data, isFullscreen: webApp.isFullscreen })] as const,
  );
  // The SDK 8.0.2 turns no host message into homeScreenFailed: heard on its web view, as Telegram sends it.
  const webView = (window as unknown as { Telegram: { WebView: RawWebView } }).Telegram.WebView;
  const onHomeScreenFailed = (_type: string, data: unknown) =>
    reportHost({ type: 'homeScreenFailed', data, isFullscreen: webApp.isFullscreen });
  webApp.BackButton.onClick(onBack);
  webApp.onEvent('themeChanged', onTheme);
  for (const [type, listener] of onHost) webApp.onEvent(type, listener);
  webView.onEvent('home_screen_failed', onHomeScreenFailed);
  detachHostEvents = () => {
    webApp.BackButton.offClick(onBack);
    webApp.offEvent('themeChanged', onTheme);
    for (const [type, listener] of onHost) webApp.offEvent(type, listener);
    webView.offEvent('home_screen_failed', onHomeScreenFailed);
  };
});

sample({ clock: themeChanged, target: applyThemeFx });
