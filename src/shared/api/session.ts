import { createEffect, createEvent, createStore, sample } from 'effector';
import type { TokenPair } from '@contract';

/**
 * The credentials every authorized call carries. They live in shared/api because the request
 * effect needs them; the session entity decides when to obtain or drop them.
 */
export const $accessToken = createStore<string | null>(null);
export const $refreshToken = createStore<string | null>(null);
/** Telegram user the stored tokens belong to (docs/product.md §4 identity change). */
export const $storedTelegramUserId = createStore<number | null>(null);

export const tokensReceived = createEvent<TokenPair>();
export const accessTokenRemoved = createEvent();
export const refreshTokenRemoved = createEvent();
export const credentialsCleared = createEvent();
export const telegramUserRemembered = createEvent<number>();
/** The session is over (refresh failed): the user counts as logged out (docs/product.md §8). */
export const loggedOut = createEvent();

export interface StoredCredentials {
  token: string | null;
  refresh: string | null;
  telegramUserId: number | null;
}

const KEYS = { token: 'auth.token', refresh: 'auth.refresh', telegramUserId: 'auth.telegram_user_id' } as const;

const safeStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const readCredentialsFx = createEffect((): StoredCredentials => {
  const storage = safeStorage();
  const id = Number(storage?.getItem(KEYS.telegramUserId));
  return {
    token: storage?.getItem(KEYS.token) ?? null,
    refresh: storage?.getItem(KEYS.refresh) ?? null,
    telegramUserId: Number.isSafeInteger(id) && id > 0 ? id : null,
  };
});

const writeItemFx = createEffect(({ key, value }: { key: string; value: string | null }) => {
  const storage = safeStorage();
  if (!storage) return;
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
});

$accessToken
  .on(readCredentialsFx.doneData, (_, stored) => stored.token)
  .on(tokensReceived, (_, pair) => pair.token)
  .reset(accessTokenRemoved, credentialsCleared);
$refreshToken
  .on(readCredentialsFx.doneData, (_, stored) => stored.refresh)
  .on(tokensReceived, (_, pair) => pair.refresh)
  .reset(refreshTokenRemoved, credentialsCleared);
$storedTelegramUserId
  .on(readCredentialsFx.doneData, (_, stored) => stored.telegramUserId)
  .on(telegramUserRemembered, (_, id) => id);

sample({ clock: $accessToken.updates, fn: (value) => ({ key: KEYS.token, value }), target: writeItemFx });
sample({ clock: $refreshToken.updates, fn: (value) => ({ key: KEYS.refresh, value }), target: writeItemFx });
sample({
  clock: telegramUserRemembered,
  fn: (id) => ({ key: KEYS.telegramUserId, value: String(id) }),
  target: writeItemFx,
});
