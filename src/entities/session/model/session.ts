import { attach, createEvent, createStore, sample } from 'effector';
import {
  $accessToken,
  $storedTelegramUserId,
  credentialsCleared,
  loggedOut,
  registerFx,
  telegramUserRemembered,
  tokensReceived,
  type TokenPair,
} from '@/shared/api';
import { reloadFx } from '@/shared/telegram';

export interface LaunchIdentity {
  initData: string;
  telegramUserId: number | null;
  startParam: string | null;
}

/** Sign in with the launch data: identity check first, then register (SPEC §4, §7). */
export const signInRequested = createEvent<LaunchIdentity>();
export const signedIn = createEvent<TokenPair>();
export const signInFailed = createEvent();
/** The stored tokens belong to another Telegram user: they are dropped and the app reloads. */
export const identityChanged = createEvent<number>();

export const $isAuthorized = $accessToken.map(Boolean);
export const $isLoggedOut = createStore(false).on(loggedOut, () => true).reset(signedIn);

const registerWithLaunchDataFx = attach({ effect: registerFx });

const checked = sample({
  clock: signInRequested,
  source: $storedTelegramUserId,
  fn: (storedId, identity) => ({
    identity,
    changed: storedId !== null && identity.telegramUserId !== null && storedId !== identity.telegramUserId,
  }),
});

sample({
  clock: checked,
  filter: ({ changed, identity }) => changed && identity.telegramUserId !== null,
  fn: ({ identity }) => identity.telegramUserId as number,
  target: identityChanged,
});
sample({ clock: identityChanged, target: [credentialsCleared, telegramUserRemembered] });
sample({ clock: identityChanged, fn: () => undefined, target: reloadFx });

sample({
  clock: checked,
  filter: ({ changed, identity }) => !changed && identity.telegramUserId !== null,
  fn: ({ identity }) => identity.telegramUserId as number,
  target: telegramUserRemembered,
});
sample({
  clock: checked,
  filter: ({ changed }) => !changed,
  fn: ({ identity }) => ({ init_data: identity.initData, ref_code: identity.startParam }),
  target: registerWithLaunchDataFx,
});

sample({
  clock: registerWithLaunchDataFx.doneData,
  filter: (pair): pair is TokenPair => pair !== null,
  target: [tokensReceived, signedIn],
});
sample({
  clock: [registerWithLaunchDataFx.fail, registerWithLaunchDataFx.doneData.filter({ fn: (pair) => pair === null })],
  fn: () => undefined,
  target: signInFailed,
});
