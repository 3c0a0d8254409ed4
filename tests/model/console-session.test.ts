import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { consoleSessionModel } from '@/entities/console-session';
import { ApiError } from '@/shared/api';
import { $operatorToken, operatorUnauthorized, readOperatorTokenFx } from '@/shared/console-api';
import { httpFailure } from './console-scope';

const {
  $sessionState,
  $actor,
  sessionStarted,
  sessionGetFx,
  sessionOpenFx,
  sessionCloseFx,
  retryClicked,
  signOutClicked,
} = consoleSessionModel;

const actor = { kind: 'operator' as const, telegram_id: 42, name: 'Olga' };
const session = { token: 'fresh-token', actor, expires_at: 2_000_000_000 };

function setup({
  kept = null as string | null,
  open = vi.fn(async () => session),
  get = vi.fn(async () => session),
} = {}) {
  const close = vi.fn(async () => ({ signed_out: true as const }));
  const scope = fork({
    handlers: [
      [readOperatorTokenFx, () => kept],
      [sessionOpenFx, open],
      [sessionGetFx, get],
      [sessionCloseFx, close],
    ],
  });
  return { scope, open, get, close };
}

describe('the console session', () => {
  it('opened outside Telegram (no launch data): says to open it from the bot, asks the server nothing', async () => {
    const { scope, open } = setup();
    await allSettled(sessionStarted, { scope, params: { initData: '' } });
    expect(scope.getState($sessionState)).toBe('noLaunchData');
    expect(open).not.toHaveBeenCalled();
  });

  it('signs in with the launch data and keeps the token', async () => {
    const { scope, open } = setup();
    await allSettled(sessionStarted, { scope, params: { initData: 'signed' } });
    expect(open).toHaveBeenCalledWith({ body: { init_data: 'signed' } });
    expect(scope.getState($operatorToken)).toBe('fresh-token');
    expect(scope.getState($sessionState)).toBe('signedIn');
    expect(scope.getState($actor)).toEqual(actor);
  });

  it('a kept token is asked about first; refused (401) → signs in again from the launch data', async () => {
    const get = vi.fn(async () => {
      throw httpFailure(401);
    });
    const { scope, open } = setup({ kept: 'old-token', get });
    await allSettled(sessionStarted, { scope, params: { initData: 'signed' } });
    expect(get).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledTimes(1);
    expect(scope.getState($operatorToken)).toBe('fresh-token');
    expect(scope.getState($sessionState)).toBe('signedIn');
  });

  it('a call refused for the session (401) while signed in → signs in again', async () => {
    const { scope, open } = setup();
    await allSettled(sessionStarted, { scope, params: { initData: 'signed' } });
    await allSettled(operatorUnauthorized, { scope, params: httpFailure(401) });
    expect(open).toHaveBeenCalledTimes(2);
    expect(scope.getState($sessionState)).toBe('signedIn');
  });

  it('launch data of someone who is not an operator → "not an operator"; no connection → Try again', async () => {
    const refused = setup({
      open: vi.fn(async () => {
        throw httpFailure(403);
      }),
    });
    await allSettled(sessionStarted, { scope: refused.scope, params: { initData: 'signed' } });
    expect(refused.scope.getState($sessionState)).toBe('refused');

    let fail = true;
    const offline = setup({
      open: vi.fn(async () => {
        if (fail) throw new ApiError({ kind: 'network', status: 0, message: 'offline', serverMessage: null });
        return session;
      }),
    });
    await allSettled(sessionStarted, { scope: offline.scope, params: { initData: 'signed' } });
    expect(offline.scope.getState($sessionState)).toBe('failed');
    fail = false;
    await allSettled(retryClicked, { scope: offline.scope });
    expect(offline.scope.getState($sessionState)).toBe('signedIn');
  });

  it('signing out ends the session and drops the token', async () => {
    const { scope, close } = setup();
    await allSettled(sessionStarted, { scope, params: { initData: 'signed' } });
    await allSettled(signOutClicked, { scope });
    expect(close).toHaveBeenCalledTimes(1);
    expect(scope.getState($operatorToken)).toBeNull();
    expect(scope.getState($sessionState)).toBe('signedOut');
  });
});
