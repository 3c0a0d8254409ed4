import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { signInFailed, signInRequested, signedIn, signedInAs } from '@/entities/session';
import { userArrivedWithSignIn, userLoadFailed, userLoaded } from '@/entities/user';
import { navigationStarted } from '@/features/back-navigation';
import { farmActivationLaunched } from '@/features/farm-activation';
import { programInfoModel } from '@/features/program-info';
import { $isUnderMaintenance, appAvailable, pollingStarted } from '@/features/maintenance-mode';
import { credentialsLoaded, readCredentialsFx } from '@/shared/api';
import { walletWidgetStarted } from '@/widgets/wallet-panel';
import { botLink } from '@/shared/config';
import { $localeReady, languageDetected } from '@/shared/i18n';
import { subscribeVisibilityFx } from '@/shared/lib/page-visibility';
import { refCodeOf } from '@/shared/lib/start-param';
import { attachBrowserHistoryFx } from '@/shared/routing';
import { prefetchLazyViewsFx } from '@/shared/ui/lazy-page';
import {
  applyThemeFx,
  expandFx,
  getLaunchParams,
  hostEvent,
  showSettingsButtonFx,
  type LaunchParams,
  readyFx,
  redirectFx,
  subscribeHostEventsFx,
} from '@/shared/telegram';

/** The one event that starts the app (docs/style.md §1). */
export const appStarted = createEvent();
/** The user asked to try the sign-in again after it failed. */
export const retryClicked = createEvent();

export const readLaunchParamsFx = createEffect(getLaunchParams);
export type { LaunchParams } from '@/shared/telegram';

export const $launchParams = createStore<LaunchParams | null>(null, { serialize: 'ignore' }).on(
  readLaunchParamsFx.doneData,
  (_, params) => params,
);

/**
 * Launch phases, in the order docs/product.md §4 implies: platform check → maintenance → identity → register
 * → user data → ready. The loader covers everything before 'ready'.
 */
export type LaunchPhase = 'starting' | 'redirecting' | 'signing-in' | 'failed' | 'ready';
export const $phase = createStore<LaunchPhase>('starting');

export const $screen = combine($phase, $isUnderMaintenance, $localeReady, (phase, maintenance, localeReady) => {
  if (phase === 'redirecting') return 'loader' as const;
  // A Russian user's texts load in parallel with the sign-in: no screen shows before them.
  if (!localeReady) return 'loader' as const;
  if (maintenance) return 'maintenance' as const;
  if (phase === 'ready') return 'app' as const;
  if (phase === 'failed') return 'failed' as const;
  return 'loader' as const;
});

sample({ clock: appStarted, target: [readCredentialsFx, attachBrowserHistoryFx, subscribeVisibilityFx] });
// SecureStorage's refresh token (9.0+) answers asynchronously: nothing signs in before it is in.
sample({ clock: credentialsLoaded, target: readLaunchParamsFx });
// The language comes first: every screen after this one, the loader included, is in it.
sample({ clock: readLaunchParamsFx.doneData, fn: (params) => params.languageCode, target: languageDetected });

// docs/product.md §2: an unknown platform (opened outside Telegram) goes to the bot instead.
const launchedOutsideTelegram = sample({
  clock: readLaunchParamsFx.doneData,
  filter: (params) => params.platform === 'unknown',
});
$phase.on(launchedOutsideTelegram, () => 'redirecting');
sample({ clock: launchedOutsideTelegram, fn: () => botLink(), target: redirectFx });

const launchedInTelegram = sample({
  clock: readLaunchParamsFx.doneData,
  filter: (params) => params.platform !== 'unknown',
  fn: () => undefined,
});
sample({
  clock: launchedInTelegram,
  target: [
    readyFx,
    expandFx,
    applyThemeFx,
    subscribeHostEventsFx,
    showSettingsButtonFx,
    navigationStarted,
    pollingStarted,
  ],
});
// Telegram's Settings item (in the Mini App's menu) opens the Info sheet: the bot's messages and the rules.
sample({
  clock: hostEvent,
  filter: (event) => event.type === 'settingsButtonClicked',
  fn: () => undefined,
  target: programInfoModel.infoOpened,
});

const signInStarted = sample({
  clock: [appAvailable, retryClicked],
  source: $launchParams,
  filter: Boolean,
  fn: (params) => ({
    initData: params.initData,
    telegramUserId: params.telegramUserId,
    // A `farm_<code>` start parameter is a farm link's, not a referrer's (docs/foundations.md §7).
    startParam: refCodeOf(params.startParam),
  }),
});
$phase.on(signInStarted, () => 'signing-in');
sample({ clock: signInStarted, target: signInRequested });
// The sign-in answers with the user: the first screen renders after that one round trip.
sample({ clock: signedInAs, target: userArrivedWithSignIn });
// A farm code in the launch is checked once signed in; the modal waits for the user data (membership)
// and never holds up the first screen.
sample({
  clock: signedIn,
  source: $launchParams,
  filter: Boolean,
  fn: (params) => ({ startParam: params.startParam }),
  target: farmActivationLaunched,
});

$phase
  .on(userLoaded, () => 'ready')
  .on([signInFailed, userLoadFailed], (phase) => (phase === 'ready' ? phase : 'failed'));

const firstScreenShown = sample({ clock: $screen.updates, filter: (screen) => screen === 'app' });
// The wallet library loads after the first screen (it is the largest part of the bundle), in the
// user's language: the screen waits for the texts, the sign-in does not (its answer may be in before
// the app's code has run, src/app/early.ts).
sample({ clock: firstScreenShown, source: $launchParams, filter: Boolean, target: walletWidgetStarted });
// The other screens' code (docs/performance.md "Bundle") loads once the browser is idle after the first screen.
sample({ clock: firstScreenShown, fn: () => undefined, target: prefetchLazyViewsFx });
