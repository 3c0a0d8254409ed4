import { allSettled, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $phase, $screen, appStarted, readLaunchParamsFx } from '@/app/model';
import { sessionModel } from '@/entities/session';
import { userModel } from '@/entities/user';
import { communityGateModel } from '@/features/community-gate';
import { maintenanceModel } from '@/features/maintenance-mode';
import {
  $accessToken,
  $refreshToken,
  $storedTelegramUserId,
  MAINTENANCE_OFF_DETAIL,
  ApiError,
  sendRequestFx,
  readCredentialsFx,
  type UserMe,
} from '@/shared/api';
import { appConfig } from '@/shared/config';
import { $localeReady } from '@/shared/i18n';
import { attachBrowserHistoryFx } from '@/shared/routing';
import { SERVER_MESSAGES } from '@contract/errors';
import { createTestScope } from './scope';

const { $isAuthorized, signInRequested } = sessionModel;
const { $user } = userModel;
const { $isBlocked, $joinLinkOpened, doneClicked, joinClicked } = communityGateModel;
const { $isUnderMaintenance, pollingStarted, pollingStopped } = maintenanceModel;

const OFF = { detail: MAINTENANCE_OFF_DETAIL };
const ON = { detail: 'Maintenance mode is enabled' };

const user = (overrides: Partial<UserMe> = {}): UserMe => ({
  id: 1,
  telegram_id: 777,
  first_name: 'Ann',
  username: null,
  language_code: 'en',
  ref: { level: 0, percent: 5, turnover: '0', referrals_count: 0, new_referrals_count: 0 },
  ref_code: 'ABCD2345',
  community_participation: true,
  balance_token: '12.5',
  task_balance: '0',
  referral_balance: '0',
  hold_bonus: 0,
  investment_bonus: 0,
  collective_bonus: 0,
  wallet: null,
  notifications_enabled: true,
  ...overrides,
});

const launch = (overrides: Partial<Awaited<ReturnType<typeof readLaunchParamsFx>>> = {}) => ({
  initData: 'query_id=1&user=%7B%22id%22%3A777%7D&hash=abc',
  telegramUserId: 777,
  startParam: 'REF23456',
  platform: 'android',
  version: '8.0',
  colorScheme: 'light' as const,
  languageCode: 'en',
  ...overrides,
});

describe('maintenance poll (docs/product.md §4: at start and every 10 s; reload when it ends)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 10 s until stopped and reloads once maintenance ends', async () => {
    const answers = [ON, ON, OFF, OFF];
    const check = vi.fn(async () => answers.shift() ?? OFF);
    // The language is known (the launch has loaded its texts): the screen shows.
    const { scope, host } = createTestScope({
      handlers: [[maintenanceModel.checkMaintenanceFx, check]],
      values: [[$localeReady, true]],
    });

    // Never await allSettled on a running interval: drive the clock instead.
    void allSettled(pollingStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(check).toHaveBeenCalledTimes(1);
    expect(scope.getState($isUnderMaintenance)).toBe(true);
    expect(scope.getState($screen)).toBe('maintenance');

    await vi.advanceTimersByTimeAsync(9_999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    expect(host.reload).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(scope.getState($isUnderMaintenance)).toBe(false);
    expect(host.reload).toHaveBeenCalledTimes(1);

    await allSettled(pollingStopped, { scope });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('a 503 that is not maintenance (the database is down) never shows the maintenance page', async () => {
    const outage = new ApiError({
      kind: 'http',
      status: 503,
      message: SERVER_MESSAGES.unavailable,
      serverMessage: SERVER_MESSAGES.unavailable,
      code: 'unavailable',
    });
    const { scope } = createTestScope({
      handlers: [[sendRequestFx, () => Promise.reject(outage)]],
      values: [[$localeReady, true]],
    });
    void allSettled(pollingStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scope.getState($isUnderMaintenance)).toBe(false);
    expect(scope.getState($screen)).not.toBe('maintenance');
    await allSettled(pollingStopped, { scope });
  });

  it('a failed check keeps the last known state and never reloads', async () => {
    const answers: Array<typeof ON | null> = [ON, null];
    const { scope, host } = createTestScope({
      handlers: [[maintenanceModel.checkMaintenanceFx, async () => answers.shift() ?? null]],
    });
    void allSettled(pollingStarted, { scope });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scope.getState($isUnderMaintenance)).toBe(true);
    expect(host.reload).not.toHaveBeenCalled();
    await allSettled(pollingStopped, { scope });
  });
});

describe('identity change (docs/product.md §4)', () => {
  it('another Telegram user: tokens cleared, the new id remembered, the app reloads, no register', async () => {
    const register = vi.fn(async () => ({ token: 't', refresh: 'r', user: user() }));
    const { scope, host } = createTestScope({
      values: [
        [$storedTelegramUserId, 111],
        [$accessToken, 'old-access'],
        [$refreshToken, 'old-refresh'],
      ],
      handlers: [[sessionModel.registerWithLaunchDataFx, register]],
    });
    await allSettled(signInRequested, { scope, params: { initData: 'x', telegramUserId: 222, startParam: null } });
    expect(scope.getState($accessToken)).toBeNull();
    expect(scope.getState($refreshToken)).toBeNull();
    expect(scope.getState($storedTelegramUserId)).toBe(222);
    expect(host.reload).toHaveBeenCalledTimes(1);
    expect(register).not.toHaveBeenCalled();
  });

  it('the same user registers with init_data and the start_param as ref_code', async () => {
    const register = vi.fn(async () => ({ token: 'new-access', refresh: 'new-refresh', user: user() }));
    const { scope, host } = createTestScope({
      values: [[$storedTelegramUserId, 222]],
      handlers: [
        [sessionModel.registerWithLaunchDataFx, register],
        [userModel.loadUserFx, async () => user()],
      ],
    });
    await allSettled(signInRequested, {
      scope,
      params: { initData: 'signed', telegramUserId: 222, startParam: 'REF1' },
    });
    expect(register).toHaveBeenCalledWith({ body: { init_data: 'signed', ref_code: 'REF1' } });
    expect(scope.getState($isAuthorized)).toBe(true);
    expect(scope.getState($refreshToken)).toBe('new-refresh');
    expect(host.reload).not.toHaveBeenCalled();
  });

  it('a first launch remembers the user and registers', async () => {
    const register = vi.fn(async () => ({ token: 'a', refresh: 'r', user: user() }));
    const { scope } = createTestScope({
      handlers: [
        [sessionModel.registerWithLaunchDataFx, register],
        [userModel.loadUserFx, async () => user()],
      ],
    });
    await allSettled(signInRequested, { scope, params: { initData: 'd', telegramUserId: 5, startParam: null } });
    expect(scope.getState($storedTelegramUserId)).toBe(5);
    expect(register).toHaveBeenCalledTimes(1);
  });
});

describe('community gate (docs/product.md §1, §2, §6)', () => {
  it('a non-member is blocked; Join opens the community link, then Done reloads', async () => {
    const { scope, host } = createTestScope({ values: [[$user, user({ community_participation: false })]] });
    expect(scope.getState($isBlocked)).toBe(true);
    expect(scope.getState($joinLinkOpened)).toBe(false);

    await allSettled(joinClicked, { scope });
    expect(host.openTelegramLink).toHaveBeenCalledWith(appConfig.communityUrl);
    expect(scope.getState($joinLinkOpened)).toBe(true);

    await allSettled(doneClicked, { scope });
    expect(host.reload).toHaveBeenCalledTimes(1);
  });

  it('Done is remembered across the reload: still not a member → the modal says so; a member → forgotten', async () => {
    window.sessionStorage.clear();
    const first = createTestScope({ values: [[$user, user({ community_participation: false })]] });
    await allSettled(doneClicked, { scope: first.scope });
    expect(first.host.reload).toHaveBeenCalledTimes(1);

    // The reloaded app loads the user again: still outside the community.
    const again = createTestScope();
    await allSettled(userModel.userLoaded, { scope: again.scope, params: user({ community_participation: false }) });
    expect(again.scope.getState(communityGateModel.$stillNotJoined)).toBe(true);
    expect(again.scope.getState($isBlocked)).toBe(true);

    // Joined this time: the note is gone, and a later launch starts clean.
    const joined = createTestScope();
    await allSettled(userModel.userLoaded, { scope: joined.scope, params: user() });
    expect(joined.scope.getState(communityGateModel.$stillNotJoined)).toBe(false);
    const later = createTestScope();
    await allSettled(userModel.userLoaded, { scope: later.scope, params: user({ community_participation: false }) });
    expect(later.scope.getState(communityGateModel.$stillNotJoined)).toBe(false);
  });

  it('a member is not blocked, and nobody is blocked before the user is known', () => {
    expect(createTestScope({ values: [[$user, user()]] }).scope.getState($isBlocked)).toBe(false);
    expect(createTestScope().scope.getState($isBlocked)).toBe(false);
  });
});

/** Stops the poll and lets pending model timers (refetch window) run out under fake timers. */
async function stopTimers(scope: Scope) {
  void allSettled(pollingStopped, { scope });
  await vi.advanceTimersByTimeAsync(20_000);
}

describe('launch flow (docs/product.md §2, §4)', () => {
  const start = (params: ReturnType<typeof launch>, maintenance: { detail: string } = OFF) => {
    const register = vi.fn(async () => ({ token: 'a', refresh: 'r', user: user() }));
    const me = vi.fn(async () => user());
    const setup = createTestScope({
      handlers: [
        [readCredentialsFx, () => ({ token: null, refresh: null, telegramUserId: null })],
        [readLaunchParamsFx, () => params],
        [attachBrowserHistoryFx, () => createMemoryHistory()],
        [maintenanceModel.checkMaintenanceFx, async () => maintenance],
        [sessionModel.registerWithLaunchDataFx, register],
        [userModel.loadUserFx, me],
      ],
    });
    return { ...setup, register, me };
  };

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('in Telegram: ready, expand, theme, maintenance check, register with the user in its answer → the app', async () => {
    const { scope, host, register, me } = start(launch());
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(host.ready).toHaveBeenCalled();
    expect(host.expand).toHaveBeenCalled();
    expect(host.applyTheme).toHaveBeenCalled();
    // Telegram's Settings item (docs/decisions.md "Telegram's platform").
    expect(host.showSettingsButton).toHaveBeenCalled();
    expect(register).toHaveBeenCalledWith({ body: { init_data: launch().initData, ref_code: 'REF23456' } });
    // Issue #14: the sign-in's answer carries the user; the first screen needs no GET /user/me.
    expect(me).not.toHaveBeenCalled();
    expect(scope.getState(userModel.$user)?.id).toBe(user().id);
    expect(scope.getState($phase)).toBe('ready');
    expect(scope.getState($screen)).toBe('app');
    await stopTimers(scope);
  });

  // TON Connect's return link into a Mini App (startapp=tonconnect-…), well over 64 characters.
  const tonConnectReturn = `tonconnect-v__2-id__${'a1'.repeat(32)}-r__--7B--22id--22--3A1--7D-ret__back`;
  it.each([
    ['TON Connect’s return link', tonConnectReturn, null],
    ['100 characters', 'A'.repeat(100), null],
    ['Telegram’s own characters a code never has', 'AB_CD-EF', null],
    ['look-alikes a code never has (0, 1, O, I, L)', 'AB0C1OIL', null],
    ['one character too many', 'ABCD23456', null],
    ['a ref code', 'ABCD2345', 'ABCD2345'],
    ['a ref code in lower case', 'abcd2345', 'ABCD2345'],
    ['a farm link (its code is not a referral)', 'farm_Q7X2ABCDEF', null],
  ])('a start parameter of %s signs in; only a ref code is sent as one', async (_name, startParam, refCode) => {
    const { scope, register } = start(launch({ startParam }));
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith({ body: { init_data: launch().initData, ref_code: refCode } });
    expect(scope.getState($phase)).toBe('ready');
    expect(scope.getState($screen)).toBe('app');
    await stopTimers(scope);
  });

  it('under maintenance at start: the maintenance page, and no sign-in', async () => {
    const { scope, register } = start(launch(), ON);
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($screen)).toBe('maintenance');
    expect(register).not.toHaveBeenCalled();
    await stopTimers(scope);
  });

  it('an unknown platform redirects to the bot and does nothing else', async () => {
    const { scope, host, register } = start(launch({ platform: 'unknown' }));
    await allSettled(appStarted, { scope });
    expect(host.redirect).toHaveBeenCalledWith(`https://t.me/${appConfig.botUsername}`);
    expect(scope.getState($phase)).toBe('redirecting');
    expect(register).not.toHaveBeenCalled();
    expect(host.expand).not.toHaveBeenCalled();
  });

  it('a failed sign-in shows the retry screen instead of an endless loader', async () => {
    const failing = createTestScope({
      handlers: [
        [readCredentialsFx, () => ({ token: null, refresh: null, telegramUserId: null })],
        [readLaunchParamsFx, () => launch()],
        [attachBrowserHistoryFx, () => createMemoryHistory()],
        [maintenanceModel.checkMaintenanceFx, async () => OFF],
        [sessionModel.registerWithLaunchDataFx, async () => Promise.reject(new Error('offline'))],
      ],
    });
    void allSettled(appStarted, { scope: failing.scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.scope.getState($screen)).toBe('failed');
    await stopTimers(failing.scope);
  });
});
