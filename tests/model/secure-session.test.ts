/**
 * The refresh token in Telegram's SecureStorage on a 9.0+ client (src/shared/api/session.ts,
 * docs/decisions.md "Telegram's platform"): read from there at launch before anything signs in, moved there
 * once from web storage, written there on every rotation with no web copy; web storage where the client is
 * older or SecureStorage answers an error.
 */
import { allSettled } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStarted, readLaunchParamsFx } from '@/app/model';
import { maintenanceModel } from '@/features/maintenance-mode';
import {
  $refreshInSecureStorage,
  $refreshToken,
  MAINTENANCE_OFF_DETAIL,
  readCredentialsFx,
  secureStorageGetFx,
  secureStorageSetFx,
  tokensReceived,
  type UserMe,
} from '@/shared/api';
import { sessionModel } from '@/entities/session';
import { attachBrowserHistoryFx } from '@/shared/routing';
import { createTestScope } from './scope';

const KEY = 'auth.refresh';

/** One launch on this device: web storage as the page has it, SecureStorage a map (or refusing). */
function launchOn(
  secure: Map<string, string>,
  {
    version9 = true,
    refuse,
    handlers = [],
  }: {
    version9?: boolean;
    refuse?: 'get' | 'set';
    handlers?: NonNullable<Parameters<typeof createTestScope>[0]>['handlers'];
  } = {},
  calls: string[] = [],
) {
  const get = vi.fn(async (key: string) => {
    // Answers a turn later, as the host's message does.
    await Promise.resolve();
    calls.push('secure get');
    if (refuse === 'get') throw new Error('UNSUPPORTED');
    return secure.get(key) ?? null;
  });
  const set = vi.fn(async ({ key, value }: { key: string; value: string | null }) => {
    await Promise.resolve();
    if (refuse === 'set') throw new Error('STORAGE_KEY_LIMIT_EXCEEDED');
    if (value === null) secure.delete(key);
    else secure.set(key, value);
  });
  const test = createTestScope({
    handlers: [
      [
        readCredentialsFx,
        () => ({
          token: window.localStorage.getItem('auth.token'),
          refresh: window.localStorage.getItem(KEY),
          telegramUserId: null,
          secureStorage: version9,
        }),
      ],
      [secureStorageGetFx, get],
      [secureStorageSetFx, set],
      ...(handlers ?? []),
    ],
  });
  return { ...test, get, set, calls };
}

beforeEach(() => window.localStorage.clear());

describe('the refresh token in SecureStorage (9.0+)', () => {
  it('moves a token from web storage once, then keeps every new one there and none in web storage', async () => {
    window.localStorage.setItem(KEY, 'web-refresh');
    const secure = new Map<string, string>();
    const first = launchOn(secure);
    await allSettled(readCredentialsFx, { scope: first.scope });
    expect(first.set).toHaveBeenCalledWith({ key: KEY, value: 'web-refresh' });
    expect(secure.get(KEY)).toBe('web-refresh');
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(first.scope.getState($refreshToken)).toBe('web-refresh');
    expect(first.scope.getState($refreshInSecureStorage)).toBe(true);

    await allSettled(tokensReceived, { scope: first.scope, params: { token: 'access-2', refresh: 'refresh-2' } });
    expect(secure.get(KEY)).toBe('refresh-2');
    expect(window.localStorage.getItem(KEY)).toBeNull();
    // The access token (short-lived) stays in web storage.
    expect(window.localStorage.getItem('auth.token')).toBe('access-2');

    // The next launch reads it from SecureStorage, and writes nothing back.
    const next = launchOn(secure);
    await allSettled(readCredentialsFx, { scope: next.scope });
    expect(next.scope.getState($refreshToken)).toBe('refresh-2');
    expect(next.set).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("SecureStorage's token wins over a stale web copy, which is removed", async () => {
    window.localStorage.setItem(KEY, 'stale');
    const secure = new Map([[KEY, 'kept']]);
    const { scope, set } = launchOn(secure);
    await allSettled(readCredentialsFx, { scope });
    expect(scope.getState($refreshToken)).toBe('kept');
    expect(set).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it('falls back to web storage when SecureStorage answers an error to the read', async () => {
    window.localStorage.setItem(KEY, 'web-refresh');
    const { scope, set } = launchOn(new Map(), { refuse: 'get' });
    await allSettled(readCredentialsFx, { scope });
    expect(scope.getState($refreshToken)).toBe('web-refresh');
    expect(scope.getState($refreshInSecureStorage)).toBe(false);
    await allSettled(tokensReceived, { scope, params: { token: 'a', refresh: 'refresh-2' } });
    expect(set).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KEY)).toBe('refresh-2');
  });

  it('keeps the token in web storage when SecureStorage refuses to save it', async () => {
    window.localStorage.setItem(KEY, 'web-refresh');
    const { scope } = launchOn(new Map(), { refuse: 'set' });
    await allSettled(readCredentialsFx, { scope });
    // The move failed: the web copy stays.
    expect(window.localStorage.getItem(KEY)).toBe('web-refresh');
    expect(scope.getState($refreshInSecureStorage)).toBe(false);

    const secure = new Map<string, string>();
    const empty = launchOn(secure, { refuse: 'set' });
    window.localStorage.clear();
    await allSettled(readCredentialsFx, { scope: empty.scope });
    expect(empty.scope.getState($refreshInSecureStorage)).toBe(true);
    await allSettled(tokensReceived, { scope: empty.scope, params: { token: 'a', refresh: 'refresh-2' } });
    expect(window.localStorage.getItem(KEY)).toBe('refresh-2');
    expect(empty.scope.getState($refreshInSecureStorage)).toBe(false);
  });

  it('before 9.0 never asks SecureStorage: web storage as always', async () => {
    window.localStorage.setItem(KEY, 'web-refresh');
    const { scope, get, set } = launchOn(new Map(), { version9: false });
    await allSettled(readCredentialsFx, { scope });
    await allSettled(tokensReceived, { scope, params: { token: 'a', refresh: 'refresh-2' } });
    expect(get).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(KEY)).toBe('refresh-2');
  });
});

describe('the launch waits for SecureStorage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the launch and signs in only after SecureStorage answered', async () => {
    const calls: string[] = [];
    const register = vi.fn(async () => {
      calls.push('sign-in');
      return { token: 'a', refresh: 'fresh', user: { id: 1, telegram_id: 777, ref: { level: 0 } } as UserMe };
    });
    const { scope } = launchOn(
      new Map([[KEY, 'kept']]),
      {
        handlers: [
          [
            readLaunchParamsFx,
            () => {
              calls.push('launch read');
              return {
                initData: 'query_id=1&user=%7B%22id%22%3A777%7D&hash=abc',
                telegramUserId: 777,
                startParam: null,
                platform: 'ios',
                version: '9.0',
                colorScheme: 'light' as const,
                languageCode: 'en',
              };
            },
          ],
          [attachBrowserHistoryFx, () => createMemoryHistory()],
          [maintenanceModel.checkMaintenanceFx, async () => ({ detail: MAINTENANCE_OFF_DETAIL })],
          [sessionModel.registerWithLaunchDataFx, register],
        ],
      },
      calls,
    );
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['secure get', 'launch read', 'sign-in']);
    // The sign-in's fresh token replaced the stored one, in SecureStorage.
    expect(scope.getState($refreshToken)).toBe('fresh');
    void allSettled(maintenanceModel.pollingStopped, { scope });
    await vi.advanceTimersByTimeAsync(20_000);
  });
});
