import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { $user } from '@/entities/user';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { type HostEvent, hostEvent, isVersionAtLeastFx } from '@/shared/telegram';
import {
  addToHomeScreenFx,
  checkHomeScreenStatusFx,
  HOME_SCREEN_MIN_VERSION,
  type HomeScreenStatus,
} from '@/shared/telegram-platform';
import { showToast } from '@/shared/ui/toast';

/*
 * Add to home screen (Bot API 8.0; docs/decisions.md "Telegram's platform"). After the user's first active
 * mint the dashboard offers it once: only when Telegram says the shortcut is 'missed'; never again once
 * offered, added or unsupported — remembered per Telegram account on this device. The Info sheet always
 * has it (while Telegram says it can be done). Telegram asks the user itself, then answers homeScreenAdded,
 * or homeScreenFailed (UNSUPPORTED); nothing when the user declines. Loaded with its views, never in the entry.
 */

/** The dashboard's offer mounted (the user has an active mint). */
export const offerMounted = createEvent();
/** The Info sheet's row mounted. */
export const rowMounted = createEvent();
export const addClicked = createEvent();
export const notNowClicked = createEvent();

/** What this device remembers for an account: the offer was shown, or the answer that ends it. */
export type HomeScreenMark = 'offered' | 'added' | 'unsupported';
const STORAGE_PREFIX = 'home_screen.';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const readMarkFx = createEffect((telegramId: number): HomeScreenMark | null => {
  const mark = storage()?.getItem(STORAGE_PREFIX + telegramId);
  return mark === 'offered' || mark === 'added' || mark === 'unsupported' ? mark : null;
});

export const writeMarkFx = createEffect(({ telegramId, mark }: { telegramId: number; mark: HomeScreenMark }) => {
  try {
    storage()?.setItem(STORAGE_PREFIX + telegramId, mark);
  } catch {
    // Full or refused: the offer may come once more on a later launch.
  }
});

/** What Telegram last said of the shortcut (null: not asked, or a client before 8.0). */
export const $status = createStore<HomeScreenStatus | null>(null);
/** The dashboard's offer is showing. */
export const $offerShown = createStore(false);

const $telegramId = $user.map((user) => user?.telegram_id ?? null);

const supportedFx = attach({ effect: isVersionAtLeastFx, mapParams: () => HOME_SCREEN_MIN_VERSION });
const offerSupportedFx = attach({ effect: isVersionAtLeastFx, mapParams: () => HOME_SCREEN_MIN_VERSION });
const readFx = attach({ effect: readMarkFx });
const checkFx = attach({ effect: checkHomeScreenStatusFx });
const offerCheckFx = attach({ effect: checkHomeScreenStatusFx });
const addFx = attach({ effect: addToHomeScreenFx });
const writeFx = attach({ effect: writeMarkFx });

// The offer: once per account, on 8.0 or later, only for a device that says the shortcut is missing.
sample({
  clock: offerMounted,
  source: $offerShown,
  filter: (shown) => !shown,
  fn: () => undefined,
  target: offerSupportedFx,
});
sample({
  clock: offerSupportedFx.doneData,
  source: $telegramId,
  filter: (telegramId, supported): telegramId is number => supported && telegramId !== null,
  target: readFx,
});
sample({ clock: readFx.doneData, filter: (mark) => mark === null, fn: () => undefined, target: offerCheckFx });
sample({ clock: offerCheckFx.doneData, filter: (status) => status === 'missed', fn: () => true, target: $offerShown });

// The Info sheet's row asks each time it shows.
sample({ clock: rowMounted, target: supportedFx });
sample({ clock: supportedFx.doneData, filter: Boolean, fn: () => undefined, target: checkFx });
$status.on([checkFx.doneData, offerCheckFx.doneData], (_, status) => status);

sample({ clock: addClicked, target: addFx });
$offerShown.reset([notNowClicked, addClicked]);

const isType = (type: string) => (event: HostEvent) => event.type === type;
const added = hostEvent.filter({ fn: isType('homeScreenAdded') });
const failed = hostEvent.filter({ fn: isType('homeScreenFailed') });
$status.on(added, () => 'added').on(failed, () => 'unsupported');

/** What to remember: the offer once shown, and the answers that end it for good. */
const remembered = sample({
  clock: [
    sample({ clock: $offerShown.updates, filter: Boolean, fn: (): HomeScreenMark => 'offered' }),
    sample({
      clock: [offerCheckFx.doneData, checkFx.doneData],
      filter: (status) => status === 'added' || status === 'unsupported',
    }),
    added.map((): HomeScreenMark => 'added'),
    failed.map((): HomeScreenMark => 'unsupported'),
  ],
  source: $telegramId,
  filter: (telegramId) => telegramId !== null,
  fn: (telegramId, mark) => ({ telegramId: telegramId as number, mark: mark as HomeScreenMark }),
});
sample({ clock: remembered, target: writeFx });

sample({
  clock: added,
  source: $t,
  fn: (t) => ({ text: t('homeScreen.added'), kind: 'success' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
sample({
  clock: failed,
  source: $t,
  fn: (t) => ({ text: t('homeScreen.unsupported'), kind: 'error' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
