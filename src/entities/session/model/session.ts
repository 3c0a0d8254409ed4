import { createEvent, createStore, sample } from 'effector';
import {
  $accessToken,
  $storedTelegramUserId,
  credentialsCleared,
  loggedOut,
  registerBody,
  telegramUserRemembered,
  tokensReceived,
  type RegisterResponse,
  type TokenPair,
  type UserMe,
} from '@/shared/api';
import { callFx } from '@/shared/call';
import { reloadFx } from '@/shared/telegram';

export interface LaunchIdentity {
  initData: string;
  telegramUserId: number | null;
  startParam: string | null;
}

/** Sign in with the launch data: identity check first, then register (docs/product.md §4, §7). */
export const signInRequested = createEvent<LaunchIdentity>();
export const signedIn = createEvent<TokenPair>();
/** Who signed in: the user as GET /user/me would answer, from the sign-in itself. */
export const signedInAs = createEvent<UserMe>();
export const signInFailed = createEvent();
/** The stored tokens belong to another Telegram user: they are dropped and the app reloads. */
export const identityChanged = createEvent<number>();

export const $isAuthorized = $accessToken.map(Boolean);
export const $isLoggedOut = createStore(false)
  .on(loggedOut, () => true)
  .reset(signedIn);

/** POST /auth/register (without the token). */
export const registerWithLaunchDataFx = callFx('register');

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
  fn: ({ identity }) => ({ body: registerBody(identity.initData, identity.startParam) }),
  target: registerWithLaunchDataFx,
});

const registered = sample({
  clock: registerWithLaunchDataFx.doneData,
  filter: (answer): answer is RegisterResponse => answer !== null,
});
sample({
  clock: registered,
  fn: ({ token, refresh }): TokenPair => ({ token, refresh }),
  target: [tokensReceived, signedIn],
});
// The user comes with the tokens: the first screen needs no GET /user/me.
sample({ clock: registered, fn: ({ user }) => user, target: signedInAs });
sample({
  clock: [registerWithLaunchDataFx.fail, registerWithLaunchDataFx.doneData.filter({ fn: (pair) => pair === null })],
  fn: () => undefined,
  target: signInFailed,
});
