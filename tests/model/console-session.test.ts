import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleSessionModel } from '@console/entities/session';
import { ApiError } from '@/shared/api';
import { $operatorToken, launchKey, operatorUnauthorized, readOperatorTokenFx } from '@console/shared/api';
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
/** Launch data as Telegram hands it: its `hash` names it. */
const LAUNCH = 'auth_date=1700000000&user=%7B%22id%22%3A42%7D&hash=aa11';
const OTHER_LAUNCH = 'auth_date=1700000100&user=%7B%22id%22%3A42%7D&hash=bb22';
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

  it('launch data the server took already, or too old (401 operatorLaunchUsed / operatorLaunchTooOld) → "open the console again from /admin"', async () => {
    for (const code of ['operatorLaunchUsed', 'operatorLaunchTooOld']) {
      const { scope } = setup({
        open: vi.fn(async () => {
          throw new ApiError({ kind: 'http', status: 401, message: 'refused', serverMessage: 'refused', code });
        }),
      });
      await allSettled(sessionStarted, { scope, params: { initData: LAUNCH } });
      expect(scope.getState($sessionState), code).toBe('reopen');
      expect(scope.getState($operatorToken)).toBeNull();
    }
  });

  it('a kept token is looked up for this launch (the launch data’s hash)', async () => {
    const read = vi.fn(() => 'kept-token');
    const scope = fork({
      handlers: [
        [readOperatorTokenFx, read],
        [sessionGetFx, async () => session],
      ],
    });
    await allSettled(sessionStarted, { scope, params: { initData: LAUNCH } });
    expect(read).toHaveBeenCalledWith('aa11');
    expect(scope.getState($sessionState)).toBe('signedIn');
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

describe('the kept token across a reload (sessionStorage)', () => {
  afterEach(() => window.sessionStorage.clear());

  /** A console started in this tab: only the server's answers are stand-ins, the storage is the tab's. */
  async function start(initData: string, answers: { expiresAt?: number | null } = {}) {
    const open = vi.fn(async () => ({
      ...session,
      expires_at: answers.expiresAt ?? Math.floor(Date.now() / 1000) + 3600,
    }));
    const get = vi.fn(async () => session);
    const scope = fork({
      handlers: [
        [sessionOpenFx, open],
        [sessionGetFx, get],
      ],
    });
    await allSettled(sessionStarted, { scope, params: { initData } });
    expect(scope.getState($sessionState)).toBe('signedIn');
    return { open, get };
  }

  it('a reload (the same launch data) keeps the session: no second sign-in', async () => {
    expect((await start(LAUNCH)).open).toHaveBeenCalledTimes(1);
    const reload = await start(LAUNCH);
    expect(reload.open).not.toHaveBeenCalled();
    expect(reload.get).toHaveBeenCalledTimes(1);
  });

  it('a new launch signs in with its own launch data; an expired kept token is not used', async () => {
    await start(LAUNCH);
    expect((await start(OTHER_LAUNCH)).open).toHaveBeenCalledTimes(1);
    await start(LAUNCH, { expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const reload = await start(LAUNCH);
    expect(reload.get).not.toHaveBeenCalled();
    expect(reload.open).toHaveBeenCalledTimes(1);
  });

  it('keys the launch by its hash; what the tab kept in another shape is dropped', async () => {
    expect(launchKey(LAUNCH)).toBe('aa11');
    window.sessionStorage.setItem('operator.session', '"not a session"');
    expect(await readOperatorTokenFx('aa11')).toBeNull();
    expect(window.sessionStorage.getItem('operator.session')).toBeNull();
  });
});
