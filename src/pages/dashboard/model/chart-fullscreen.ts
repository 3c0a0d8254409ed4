import { attach, createEvent, createStore, sample } from 'effector';
import { backButtonPressed, backClaimed, type HostEvent, hostEvent, isVersionAtLeastFx } from '@/shared/telegram';
import { exitFullscreenFx, FULLSCREEN_MIN_VERSION, requestFullscreenFx } from '@/shared/telegram-platform';

/*
 * The price chart full screen (docs/decisions.md "Telegram's platform"). The chart's expand button opens
 * a view of the chart alone; on Telegram 8.0 or later the app also asks Telegram for full screen
 * (requestFullscreen) and follows what the host reports: fullscreenChanged (on, or off when the user left
 * it through Telegram's own controls, which closes the view), fullscreenFailed (its error is shown and the
 * view fills the app instead; ALREADY_FULLSCREEN is full screen). Older clients get the in-app view only.
 * Close, or Telegram's back button (claimed while the view is open), closes it and leaves full screen.
 * Loaded with the chart section (a chunk of its own), never in the entry.
 */

export const expandClicked = createEvent();
export const closeClicked = createEvent();

/** The full-screen chart view is open (in Telegram's full screen, or filling the app where it cannot be). */
export const $open = createStore(false);
/** Telegram reports the app in full screen. */
export const $hostFullscreen = createStore(false);
/** Telegram's reason for refusing full screen (UNSUPPORTED…), said in the view; null when it did not refuse. */
export const $failure = createStore<string | null>(null);

const checkVersionFx = attach({ effect: isVersionAtLeastFx, mapParams: () => FULLSCREEN_MIN_VERSION });
const enterFx = attach({ effect: requestFullscreenFx });
const exitFx = attach({ effect: exitFullscreenFx });

const isType = (type: string) => (event: HostEvent) => event.type === type;
const fullscreenChanged = hostEvent.filter({ fn: isType('fullscreenChanged') });
const fullscreenFailed = hostEvent.filter({ fn: isType('fullscreenFailed') });
const errorOf = (event: HostEvent): string => {
  const error = (event.data as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' ? error : 'UNKNOWN';
};

$hostFullscreen.on([fullscreenChanged, fullscreenFailed], (_, event) => event.isFullscreen);

const opened = sample({ clock: expandClicked, source: $open, filter: (open) => !open, fn: () => undefined });
$open.on(opened, () => true);
$failure.reset(opened);
sample({ clock: opened, target: checkVersionFx });
sample({ clock: checkVersionFx.doneData, filter: Boolean, fn: () => undefined, target: enterFx });
// The SDK refused the call itself (a client older than it said): the view fills the app.
sample({ clock: enterFx.fail, fn: () => 'UNSUPPORTED', target: $failure });
sample({
  clock: fullscreenFailed,
  source: $open,
  filter: (open, event) => open && errorOf(event) !== 'ALREADY_FULLSCREEN',
  fn: (_, event) => errorOf(event),
  target: $failure,
});

// The user left full screen through Telegram's own controls: the view goes with it.
const hostLeft = sample({ clock: fullscreenChanged, filter: (event) => !event.isFullscreen });
const backWhileOpen = sample({ clock: backButtonPressed, source: $open, filter: Boolean });
const closed = sample({
  clock: [closeClicked, hostLeft, backWhileOpen],
  source: $open,
  filter: Boolean,
  fn: () => undefined,
});
$open.on(closed, () => false);
sample({ clock: closed, source: $hostFullscreen, filter: Boolean, fn: () => undefined, target: exitFx });

// While open, Telegram's back button closes the view (back-navigation leaves it alone and shows it).
sample({ clock: $open.updates, target: backClaimed });
