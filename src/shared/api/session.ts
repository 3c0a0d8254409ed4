import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import type { TokenPair } from '@contract';
import { isVersionAtLeast } from '../telegram';

/**
 * The credentials every authorized call carries. They live in shared/api because the request
 * effect needs them; the session entity decides when to obtain or drop them.
 *
 * Where they are kept: web storage (localStorage), but the refresh token — the long-lived one — on a
 * client with SecureStorage (Bot API 9.0+) in the device's Keychain / Keystore instead; one left in web
 * storage by an older launch moves there once. SecureStorage is asynchronous, so the launch waits for
 * `credentialsLoaded` before it signs in (docs/decisions.md "Telegram's platform").
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
  /** The refresh token in web storage. */
  refresh: string | null;
  telegramUserId: number | null;
  /** The client has SecureStorage (9.0+): the refresh token belongs there. */
  secureStorage?: boolean;
}

/** SecureStorage came with Bot API 9.0. */
export const SECURE_STORAGE_MIN_VERSION = '9.0';

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
    secureStorage: isVersionAtLeast(SECURE_STORAGE_MIN_VERSION),
  };
});

/** SecureStorage's get and save: a chunk of their own, loaded on a 9.0+ client only. */
const secureStorage = () => import('../telegram-platform/secure-storage');
export const secureStorageGetFx = createEffect(async (key: string) => (await secureStorage()).secureStorageGet(key));
export const secureStorageSetFx = createEffect(async ({ key, value }: { key: string; value: string | null }) =>
  (await secureStorage()).secureStorageSet(key, value),
);

/** Every stored credential is in its store, SecureStorage's too: the launch signs in after this. */
export const credentialsLoaded = createEvent();
/** The refresh token is kept in SecureStorage (else in web storage). */
export const $refreshInSecureStorage = createStore(false);

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

const readSecureRefreshFx = attach({ effect: secureStorageGetFx, mapParams: (_: StoredCredentials) => KEYS.refresh });
const moveRefreshFx = attach({ effect: secureStorageSetFx });
const saveSecureRefreshFx = attach({ effect: secureStorageSetFx });

$refreshToken
  .on(readCredentialsFx.doneData, (_, stored) => stored.refresh)
  // SecureStorage's token, else (none there) the one web storage had, which is moved below.
  .on(readSecureRefreshFx.doneData, (fromWeb, secure) => secure ?? fromWeb)
  .on(tokensReceived, (_, pair) => pair.refresh)
  .reset(refreshTokenRemoved, credentialsCleared);
$storedTelegramUserId
  .on(readCredentialsFx.doneData, (_, stored) => stored.telegramUserId)
  .on(telegramUserRemembered, (_, id) => id);

sample({ clock: $accessToken.updates, fn: (value) => ({ key: KEYS.token, value }), target: writeItemFx });

sample({
  clock: readCredentialsFx.doneData,
  filter: (stored) => stored.secureStorage === true,
  target: readSecureRefreshFx,
});
sample({
  clock: [readCredentialsFx.doneData.filter({ fn: (stored) => stored.secureStorage !== true }), readCredentialsFx.fail],
  fn: () => undefined,
  target: credentialsLoaded,
});
// SecureStorage answered: it keeps the token from now on, unless web storage has one it lacks (moved first).
const secureRead = readSecureRefreshFx.done.map(({ params, result }) => ({ fromWeb: params.refresh, secure: result }));
const secureKept = sample({
  clock: [secureRead.filter({ fn: ({ fromWeb, secure }) => secure !== null || fromWeb === null }), moveRefreshFx.done],
  fn: () => undefined,
});
sample({
  clock: secureRead,
  filter: ({ fromWeb, secure }) => secure === null && fromWeb !== null,
  fn: ({ fromWeb }) => ({ key: KEYS.refresh, value: fromWeb }),
  target: moveRefreshFx,
});
$refreshInSecureStorage.on(secureKept, () => true).on(saveSecureRefreshFx.fail, () => false);
// Kept in SecureStorage: no copy in web storage.
sample({ clock: secureKept, fn: () => ({ key: KEYS.refresh, value: null }), target: writeItemFx });
// The launch goes on once the token's place is settled: SecureStorage keeps it, or it refused the read or
// the move (an error answer, or none in time) and web storage keeps it — the fallback, as before 9.0.
sample({
  clock: [secureKept, readSecureRefreshFx.fail, moveRefreshFx.fail],
  fn: () => undefined,
  target: credentialsLoaded,
});

// A new token or none: written where the token is kept (not on the reads above, which change no place).
const refreshChanged = sample({
  clock: [tokensReceived, refreshTokenRemoved, credentialsCleared],
  source: { value: $refreshToken, secure: $refreshInSecureStorage },
});
sample({
  clock: refreshChanged,
  filter: ({ secure }) => !secure,
  fn: ({ value }) => ({ key: KEYS.refresh, value }),
  target: writeItemFx,
});
sample({
  clock: refreshChanged,
  filter: ({ secure }) => secure,
  fn: ({ value }) => ({ key: KEYS.refresh, value }),
  target: saveSecureRefreshFx,
});
// SecureStorage refused a save: the token goes to web storage, and stays there from now on.
sample({ clock: saveSecureRefreshFx.fail, fn: ({ params }) => params, target: writeItemFx });
sample({
  clock: telegramUserRemembered,
  fn: (id) => ({ key: KEYS.telegramUserId, value: String(id) }),
  target: writeItemFx,
});
