/**
 * Host calls as effects, host events as events. Outside Telegram the SDK turns every host call
 * into a silent no-op (DESIGN.md §6), so none of these effects needs a platform check.
 */
import WebApp from '@twa-dev/sdk';
import { createEffect, createEvent, sample, scopeBind } from 'effector';
import { readableThemeColors } from '../lib/contrast';

export type ColorScheme = 'light' | 'dark';
export type HapticStyle = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';

export const readyFx = createEffect(() => {
  WebApp.ready();
});

export const expandFx = createEffect(() => {
  WebApp.expand();
});

export const closeAppFx = createEffect(() => {
  WebApp.close();
});

export const hapticErrorFx = createEffect(() => {
  WebApp.HapticFeedback.notificationOccurred('error');
});

export const hapticFx = createEffect((style: HapticStyle) => {
  WebApp.HapticFeedback.impactOccurred(style);
});

export const setBackButtonVisibleFx = createEffect((visible: boolean) => {
  if (visible) WebApp.BackButton.show();
  else WebApp.BackButton.hide();
});

/** SPEC §5: Telegram links must use http(s) and host t.me; the texts are SPEC §8's. */
export const openTelegramLinkFx = createEffect((url: string) => {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw Error('Url protocol is not supported');
  }
  if (parsed.hostname !== 't.me') throw Error('Url host is not supported');
  WebApp.openTelegramLink(url);
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
export const openLinkFx = createEffect((url: string) => {
  if (!httpUrl(url)) throw Error('Url protocol is not supported');
  WebApp.openLink(url);
});

/** Opens any link the right way: t.me links inside Telegram (openTelegramLink), others with openLink. */
export const openUrlFx = createEffect(async (url: string) => {
  if (isTelegramLink(url)) await openTelegramLinkFx(url);
  else await openLinkFx(url);
});

/** SPEC §9: WebApp.shareMessage (a prepared inline message) needs Telegram 8.0 or later. */
export const SHARE_MESSAGE_MIN_VERSION = '8.0';

/** Whether the host's Mini App API is at least `version` (outside Telegram the SDK says 6.0). */
export const isVersionAtLeastFx = createEffect((version: string) => WebApp.isVersionAtLeast(version));

/**
 * Opens Telegram's dialog to send a prepared inline message (savePreparedInlineMessage's id);
 * resolves true when the user sent it, false when it failed or was closed.
 */
export const shareMessageFx = createEffect(
  (inlineMessageId: string) =>
    new Promise<boolean>((resolve) => {
      WebApp.shareMessage(inlineMessageId, (sent) => resolve(sent));
    }),
);

/** Leaves the app, e.g. for the bot when the platform is unknown (SPEC §2). */
export const redirectFx = createEffect((url: string) => {
  window.location.href = url;
});

export const reloadFx = createEffect(() => {
  window.location.reload();
});

/** Theme params → `--tg-theme-*` CSS variables, colour scheme → `data-theme` on <html>. */
export const applyThemeFx = createEffect(() => {
  const root = document.documentElement;
  const params = WebApp.themeParams;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') root.style.setProperty(`--tg-theme-${key.replaceAll('_', '-')}`, value);
  }
  for (const [name, value] of Object.entries(readableThemeColors(params, WebApp.colorScheme))) {
    root.style.setProperty(name, value);
  }
  root.dataset.theme = WebApp.colorScheme;
});


export const backButtonPressed = createEvent();
export const themeChanged = createEvent<ColorScheme>();

let detachHostEvents: (() => void) | null = null;

/**
 * Attaches the host listeners once. Calling it again (another scope, e.g. a test) replaces the
 * previous listeners, so the host never reports an event twice.
 */
export const subscribeHostEventsFx = createEffect(() => {
  detachHostEvents?.();
  const reportBack = scopeBind(backButtonPressed, { safe: true });
  const reportTheme = scopeBind(themeChanged, { safe: true });
  const onBack = () => reportBack();
  const onTheme = () => reportTheme(WebApp.colorScheme);
  WebApp.BackButton.onClick(onBack);
  WebApp.onEvent('themeChanged', onTheme);
  detachHostEvents = () => {
    WebApp.BackButton.offClick(onBack);
    WebApp.offEvent('themeChanged', onTheme);
  };
});

sample({ clock: themeChanged, target: applyThemeFx });
