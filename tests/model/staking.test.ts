import { allSettled, createWatch, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dailyPercent, stakeEarned, stakeModel, stakeRates } from '@/entities/stake';
import { mintModel } from '@/entities/mint';
import '@/pages/dashboard';
import { selectMintModel } from '@/pages/staking';
import { stakeTerms } from '@/pages/staking/lib/stake-terms';
import * as stakeTermsModel from '@/pages/staking/model/stake-terms';
import { userModel } from '@/entities/user';
import { appSocket, type Mint, type ProgramRules, type Stake, type UserMe } from '@/shared/api';
import { router, routes } from '@/shared/routing';
import { $isLowEndDevice } from '@/shared/telegram';
import { transactionFailed } from '@/shared/ton-connect';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope, signedInMember } from './scope';
import { stake, T0 } from './stake-fixture';
import { programRulesModel } from '@/features/program-info/index.ui';

const {
  $activeStakeIds,
  $earnedByStake,
  $now,
  $stakes,
  $tickerRunning,
  $visibleStakeIds,
  $visibleStakes,
  pendingStakesCleared,
  stakesRequested,
  stakeUpdated,
} = stakeModel;
const { $activeMints, mintUpdated } = mintModel;
const { stakeClicked } = selectMintModel;
/** Sentence case, with the new stake's public id (its card's #code). */
const STAKE_CREATED_TEXT = 'New stake #STK00011 created';
/** What the select-mint page lists: the mint entity's active mints. */
const $stakeableMints = $activeMints;

const PER_SECOND = 20 / 86_400;

// Every test runs on a fake clock at T0 (the pure formula tests do not mind).
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0 * 1000);
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const mint = (overrides: Partial<Mint> = {}): Mint => ({
  id: 7,
  mint_id: 'K7F3QX2M',
  source: 'payment',
  status: 'active',
  cancel_reason: null,
  created_at: T0 - 86_400,
  amount_ton: '10',
  amount_token: '1000',
  expected_token: '1050',
  days: 30,
  tariff_days: 30,
  activated_at: T0 - 86_000,
  matures_at: T0 + 30 * 86_400,
  ...overrides,
});

const page = <T>(data: T[]) => ({ data, total: data.length, page: 1, limit: 300 });

describe('reward rule (docs/product.md §4, §5)', () => {
  it('rates per day, hour, minute and second', () => {
    // Exact and floored in base units, the same digits as the server's /staking/calculate.
    expect(stakeRates(stake())).toEqual({
      perDay: '20',
      perHour: '0.833333333',
      perMinute: '0.013888888',
      perSecond: '0.000231481',
    });
    // The daily rate the card shows is the same sum the rates are computed from.
    expect(dailyPercent(stake())).toBe(2);
    // Every bonus counts: without them only daily_reward is left.
    expect(stakeRates(stake({ hold_bonus: 0, collective_bonus: 0, investment_bonus: 0 })).perDay).toBe('10');
    // Beyond what a float holds (2^53 base units ≈ 9 million tokens): 9 000 000 000.987654321 at 1 %.
    const big = stake({
      total_amount: '9000000000.987654321',
      hold_bonus: 0,
      collective_bonus: 0,
      investment_bonus: 0,
    });
    expect(stakeRates(big).perDay).toBe('90000000.009876543');
  });

  it('a pending stake has earned nothing, a completed one max_reward', () => {
    expect(stakeEarned(stake({ status: 'pending', earned_reward: '5' }), T0 + 3_600)).toBe(0);
    expect(stakeEarned(stake({ status: 'completed', earned_reward: '99.9' }), T0 + 3_600)).toBe(100);
  });

  it('an active stake adds the per-second rate since created_at when never accrued', () => {
    expect(stakeEarned(stake({ earned_reward: '1' }), T0 + 3_600)).toBeCloseTo(1 + 20 / 24, 12);
  });

  it('an active stake counts from last_updated_at once the server has accrued', () => {
    const accrued = stake({ earned_reward: '2', last_updated_at: T0 + 7_200 });
    expect(stakeEarned(accrued, T0 + 7_200 + 60)).toBeCloseTo(2 + 60 * PER_SECOND, 12);
    // A clock behind the server's never takes the number below what the server sent.
    expect(stakeEarned(accrued, T0)).toBe(2);
  });

  it('is capped at max_reward', () => {
    expect(stakeEarned(stake({ earned_reward: '99.9999' }), T0 + 86_400)).toBe(100);
    expect(stakeEarned(stake(), T0 + 10 * 365 * 86_400)).toBe(100);
  });
});

describe('stakes list', () => {
  // allSettled would wait for a running timer: launch without awaiting it, then let microtasks run.
  const run = async (launched: Promise<unknown>) => {
    void launched;
    await vi.advanceTimersByTimeAsync(0);
  };

  it('loads newest first and upserts pushed stakes by id', async () => {
    const completed = (id: number, created_at: number) =>
      stake({ id, created_at, status: 'completed', earned_reward: '100' });
    const { scope } = createTestScope({
      handlers: [
        [
          stakeModel.readStakesFx,
          async () => page([completed(1, T0 - 300), completed(3, T0 - 100), completed(2, T0 - 100)]),
        ],
      ],
    });
    await allSettled(stakesRequested, { scope });
    expect(scope.getState($stakes).map((s) => s.id)).toEqual([3, 2, 1]);

    await allSettled(stakeUpdated, { scope, params: completed(4, T0) });
    await allSettled(stakeUpdated, { scope, params: { ...completed(2, T0 - 100), staking_id: 'RENAMED' } });
    expect(scope.getState($stakes).map((s) => s.id)).toEqual([4, 3, 2, 1]);
    expect(scope.getState($stakes).find((s) => s.id === 2)?.staking_id).toBe('RENAMED');
    expect(scope.getState($visibleStakeIds)).toEqual([4, 3, 2, 1]);
  });

  it('keeps the list when a load fails with a 5xx (null)', async () => {
    const { scope } = createTestScope({ handlers: [[stakeModel.readStakesFx, async () => null]] });
    await allSettled(stakeUpdated, { scope, params: stake({ status: 'completed' }) });
    await allSettled(stakesRequested, { scope });
    expect(scope.getState($stakes)).toHaveLength(1);
  });

  it('shows only the newest pending stake, and only for 3 minutes', async () => {
    const { scope } = createTestScope();
    await run(allSettled(stakeUpdated, { scope, params: stake({ id: 1, status: 'pending', created_at: T0 - 60 }) }));
    await run(allSettled(stakeUpdated, { scope, params: stake({ id: 2, status: 'pending', created_at: T0 - 10 }) }));
    await run(allSettled(stakeUpdated, { scope, params: stake({ id: 3, status: 'completed', created_at: T0 - 400 }) }));
    await run(allSettled(stakeUpdated, { scope, params: stake({ id: 4, status: 'pending', created_at: T0 - 200 }) }));
    expect(scope.getState($visibleStakeIds)).toEqual([2, 3]);
    // Nothing ticks (no active stake), yet the pending stake hides when its window ends.
    expect(scope.getState($tickerRunning)).toBe(false);
    await vi.advanceTimersByTimeAsync(169_000);
    expect(scope.getState($visibleStakeIds)).toEqual([2, 3]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($visibleStakeIds)).toEqual([3]);
  });

  it('pendingStakesCleared drops pending stakes and keeps the rest', async () => {
    const { scope } = createTestScope();
    await run(allSettled(stakeUpdated, { scope, params: stake({ id: 1, status: 'completed' }) }));
    await run(allSettled(stakeUpdated, { scope, params: stake({ id: 2, status: 'pending' }) }));
    expect(scope.getState($visibleStakeIds)).toEqual([2, 1]);
    await run(allSettled(pendingStakesCleared, { scope }));
    expect(scope.getState($stakes).map((s) => s.id)).toEqual([1]);
    expect(scope.getState($visibleStakeIds)).toEqual([1]);
  });
});

describe('ticker (docs/product.md §4: active earnings recompute every 1 s)', () => {
  const push = async (scope: Scope, value: Stake) => {
    void allSettled(stakeUpdated, { scope, params: value });
    await vi.advanceTimersByTimeAsync(0);
  };

  it('does not run without stakes, or with only completed or pending ones', async () => {
    const { scope } = createTestScope();
    expect(scope.getState($tickerRunning)).toBe(false);
    await push(scope, stake({ id: 1, status: 'completed' }));
    await push(scope, stake({ id: 2, status: 'pending' }));
    expect(scope.getState($tickerRunning)).toBe(false);
  });

  it('starts when an active stake arrives and moves $now and the earnings every second', async () => {
    const { scope } = createTestScope();
    await push(scope, stake());
    expect(scope.getState($tickerRunning)).toBe(true);
    expect(scope.getState($now)).toBe(T0);
    expect(scope.getState($earnedByStake)[1]).toBe(0);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($now)).toBe(T0 + 1);
    expect(scope.getState($earnedByStake)[1]).toBeCloseTo(PER_SECOND, 12);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($now)).toBe(T0 + 3);
    expect(scope.getState($earnedByStake)[1]).toBeCloseTo(3 * PER_SECOND, 12);
  });

  it('on a phone Telegram rates LOW, moves them every 5 s instead', async () => {
    const { scope } = createTestScope({ values: [[$isLowEndDevice, true]] });
    await push(scope, stake());
    expect(scope.getState($tickerRunning)).toBe(true);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(scope.getState($now)).toBe(T0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scope.getState($now)).toBe(T0 + 5);
    expect(scope.getState($earnedByStake)[1]).toBeCloseTo(5 * PER_SECOND, 12);
  });

  it('is one interval for every stake, and ticks leave the list untouched', async () => {
    const { scope } = createTestScope();
    for (const id of [1, 2, 3]) await push(scope, stake({ id, created_at: T0 - id }));
    const nowUpdates = vi.fn();
    createWatch({ unit: $now, scope, fn: nowUpdates });
    const ids = scope.getState($visibleStakeIds);
    const shown = scope.getState($visibleStakes);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(nowUpdates).toHaveBeenCalledTimes(5);
    expect(scope.getState($visibleStakeIds)).toBe(ids);
    expect(scope.getState($visibleStakes)).toBe(shown);
    for (const id of [1, 2, 3]) expect(scope.getState($earnedByStake)[id]).toBeCloseTo((5 + id) * PER_SECOND, 12);
  });

  it('stops once every active stake reaches max_reward', async () => {
    const { scope } = createTestScope();
    // Two seconds short of the cap.
    await push(scope, stake({ earned_reward: String(100 - 2 * PER_SECOND + 1e-9) }));
    expect(scope.getState($tickerRunning)).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(scope.getState($earnedByStake)[1]).toBe(100);
    expect(scope.getState($tickerRunning)).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(scope.getState($now)).toBe(T0 + 2);
  });

  it('stops when the last active stake completes and starts again for a new one', async () => {
    const { scope } = createTestScope();
    await push(scope, stake());
    await vi.advanceTimersByTimeAsync(1_000);
    await push(scope, stake({ status: 'completed', earned_reward: '100' }));
    expect(scope.getState($tickerRunning)).toBe(false);
    expect(scope.getState($earnedByStake)[1]).toBe(100);

    await push(scope, stake({ id: 2 }));
    expect(scope.getState($tickerRunning)).toBe(true);
  });

  it('does not run for an active stake without a rate', async () => {
    const { scope } = createTestScope();
    await push(scope, stake({ daily_reward: 0, hold_bonus: 0, collective_bonus: 0, investment_bonus: 0 }));
    expect(scope.getState($tickerRunning)).toBe(false);
  });
});

describe('app wiring', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  it('a user:staking push upserts the stake', async () => {
    const { scope } = createTestScope({ values: signedInMember });
    await allSettled(appSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(JSON.stringify({ event: 'user:staking', data: stake() }));
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($stakes).map((s) => s.status)).toEqual(['active']);
    expect(scope.getState($tickerRunning)).toBe(true);

    FakeWebSocket.last.receive(
      JSON.stringify({ event: 'user:staking', data: stake({ status: 'completed', earned_reward: '100' }) }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($stakes).map((s) => s.status)).toEqual(['completed']);
    expect(scope.getState($tickerRunning)).toBe(false);
    await allSettled(appSocket.disconnectRequested, { scope });
  });

  it('a signing failure clears pending stakes', async () => {
    const { scope } = createTestScope();
    await allSettled(stakeUpdated, { scope, params: stake({ id: 1, status: 'completed' }) });
    void allSettled(stakeUpdated, { scope, params: stake({ id: 2, status: 'pending' }) });
    await vi.advanceTimersByTimeAsync(0);
    void allSettled(transactionFailed, { scope, params: { text: 'Transaction was not sent', rejectedByUser: true } });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($stakes).map((s) => s.id)).toEqual([1]);
  });
});

describe('staking a mint (select-mint page)', () => {
  const created = stake({ id: 11, staking_id: 'STK00011' });

  const openSelectMint = async (createStake: (parts: { body: { mint_id: number } }) => Promise<Stake | null>) => {
    // Newest first, as the server lists them.
    const getMints = vi.fn(async () =>
      page([
        mint({ id: 7 }),
        mint({ id: 8, status: 'pending', created_at: T0 - 86_500 }),
        mint({ id: 9, status: 'move_to_staking', created_at: T0 - 86_600 }),
        mint({ id: 10, created_at: T0 - 86_700 }),
      ]),
    );
    const getStakes = vi.fn(async () => page([created]));
    const create = vi.fn(createStake);
    const setup = createTestScope({
      values: signedInMember,
      handlers: [
        [mintModel.readMintsFx, getMints],
        [selectMintModel.createStakeFx, create],
        [stakeModel.readStakesFx, getStakes],
      ],
    });
    const history = createMemoryHistory({ initialEntries: ['/staking/select'] });
    await allSettled(router.setHistory, { scope: setup.scope, params: history });
    return { ...setup, history, getMints, getStakes, create };
  };

  it("lists the user's active mints only", async () => {
    const { scope, getMints } = await openSelectMint(async () => created);
    expect(getMints).toHaveBeenCalledTimes(1);
    expect(scope.getState($stakeableMints).map((m) => m.id)).toEqual([7, 10]);
  });

  it("'Stake' creates one stake, toasts 'New stake #STK00011 created', adds it and goes to the staking screen", async () => {
    let answer: (value: Stake) => void = () => undefined;
    const { scope, toasts, history, create, getStakes } = await openSelectMint(
      () => new Promise<Stake>((resolve) => (answer = resolve)),
    );

    void allSettled(stakeClicked, { scope, params: 7 });
    // A double tap while the request runs sends nothing more.
    void allSettled(stakeClicked, { scope, params: 7 });
    void allSettled(stakeClicked, { scope, params: 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ body: { mint_id: 7 } });
    expect(toasts).toEqual([]);

    answer(created);
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts).toEqual([{ text: STAKE_CREATED_TEXT, kind: 'info', durationMs: 3_000 }]);
    // The staked mint moved to staking: it leaves the active list at once.
    expect(scope.getState($stakeableMints).map((m) => m.id)).toEqual([10]);
    expect(scope.getState(mintModel.$mints).find((m) => m.id === 7)?.status).toBe('move_to_staking');
    expect(history.location.pathname).toBe('/staking');
    expect(scope.getState(routes.staking.$isOpened)).toBe(true);
    // The staking screen reloads the list on open; the new stake is there and earning.
    expect(getStakes).toHaveBeenCalledTimes(1);
    expect(scope.getState($stakes).map((s) => s.id)).toEqual([11]);
    expect(scope.getState($tickerRunning)).toBe(true);
  });

  it('a failed create (5xx → null) stays on the page and allows another try', async () => {
    const { scope, toasts, history, create } = await openSelectMint(async () => null);
    await allSettled(stakeClicked, { scope, params: 7 });
    expect(toasts).toEqual([]);
    expect(history.location.pathname).toBe('/staking/select');
    expect(scope.getState($stakeableMints).map((m) => m.id)).toEqual([7, 10]);
    await allSettled(stakeClicked, { scope, params: 7 });
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('user:mint pushes update the list while it is open', async () => {
    const { scope } = await openSelectMint(async () => created);
    // A payment confirmed meanwhile: the mint joins at the top.
    await allSettled(mintUpdated, { scope, params: mint({ id: 12 }) });
    expect(scope.getState($stakeableMints).map((m) => m.id)).toEqual([12, 7, 10]);
    // Staked from another device: it leaves.
    await allSettled(mintUpdated, { scope, params: mint({ id: 7, status: 'move_to_staking' }) });
    expect(scope.getState($stakeableMints).map((m) => m.id)).toEqual([12, 10]);
    // A pending mint is not stakeable.
    await allSettled(mintUpdated, { scope, params: mint({ id: 13, status: 'pending' }) });
    expect(scope.getState($stakeableMints).map((m) => m.id)).toEqual([12, 10]);
  });
});

describe('the terms of staking a mint, before the user commits', () => {
  const created = stake({ id: 11, staking_id: 'STK00011' });
  /** The program's rules as the server reads them from its constants (figures other than the app's defaults). */
  const rules = (daily: number): ProgramRules => ({
    plans: [],
    staking: {
      daily_reward: daily,
      max_reward_percent: 30,
      hold_bonus: { step_days: 7, step_percent: 0.05, max_percent: 0.5 },
      investment_bonus: [],
      collective_bonus: [],
    },
    referral_tiers: [],
  });
  const member = { id: 1, telegram_id: 777, ref: { level: 0 }, community_participation: true };
  const withBonuses = { ...member, hold_bonus: 0.05, investment_bonus: 0.1, collective_bonus: 0.05 } as UserMe;

  const openSelectMint = async (loadRules: () => Promise<ProgramRules | null>) => {
    const create = vi.fn(async () => created);
    const getRules = vi.fn(loadRules);
    const setup = createTestScope({
      values: [...signedInMember, [userModel.$user, withBonuses]],
      handlers: [
        [mintModel.readMintsFx, async () => page([mint({ id: 7 }), mint({ id: 10, created_at: T0 - 86_700 })])],
        [selectMintModel.createStakeFx, create],
        [stakeModel.readStakesFx, async () => page([created])],
        [programRulesModel.readRulesFx, getRules],
      ],
    });
    const history = createMemoryHistory({ initialEntries: ['/staking/select'] });
    await allSettled(router.setHistory, { scope: setup.scope, params: history });
    return { ...setup, history, create, getRules };
  };

  it("'Stake' shows the mint's terms from the server's figures and sends nothing; the sheet's Stake sends it once", async () => {
    const { scope, create, getRules, history } = await openSelectMint(async () => rules(1.2));
    await allSettled(stakeTermsModel.termsOpened, { scope, params: 7 });
    expect(getRules).toHaveBeenCalledTimes(1);
    expect(create).not.toHaveBeenCalled();
    expect(scope.getState(stakeTermsModel.$termsMint)?.id).toBe(7);
    // 1000 TKN at 1.2 % (the server's) + 0.2 % of the user's bonuses; the cap is 30 % of the stake.
    expect(scope.getState(stakeTermsModel.$terms)).toEqual({
      staked: '1000',
      basePercent: 1.2,
      bonusPercent: 0.2,
      ratePercent: 1.4,
      perDay: '14',
      capPercent: 30,
      cap: '300',
      payout: '1300',
      daysToCap: 22,
      givenUp: '50',
    });

    void allSettled(stakeTermsModel.termsConfirmed, { scope });
    await vi.advanceTimersByTimeAsync(0);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith({ body: { mint_id: 7 } });
    expect(scope.getState(stakeTermsModel.$termsMint)).toBeNull();
    expect(history.location.pathname).toBe('/staking');
  });

  it('Cancel sends nothing; terms not loaded (a failed read) cannot be agreed to, and Try again reads them', async () => {
    const answers: Array<ProgramRules | null> = [null, rules(1)];
    const { scope, create, getRules } = await openSelectMint(async () => answers.shift() ?? null);
    await allSettled(stakeTermsModel.termsOpened, { scope, params: 10 });
    expect(scope.getState(stakeTermsModel.$terms)).toBeNull();
    expect(scope.getState(stakeTermsModel.$termsLoadFailed)).toBe(true);
    await allSettled(stakeTermsModel.termsConfirmed, { scope });
    expect(create).not.toHaveBeenCalled();

    await allSettled(stakeTermsModel.termsRetried, { scope });
    expect(getRules).toHaveBeenCalledTimes(2);
    expect(scope.getState(stakeTermsModel.$terms)?.ratePercent).toBe(1.2);
    await allSettled(stakeTermsModel.termsClosed, { scope });
    expect(scope.getState(stakeTermsModel.$termsMint)).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  it('closes when its mint stops being active (staked from another device)', async () => {
    const { scope } = await openSelectMint(async () => rules(1));
    await allSettled(stakeTermsModel.termsOpened, { scope, params: 7 });
    await allSettled(mintUpdated, { scope, params: mint({ id: 7, status: 'move_to_staking' }) });
    expect(scope.getState(stakeTermsModel.$termsMint)).toBeNull();
  });

  it('counts the days to the cap up, and a rate of 0 never reaches it', () => {
    const none = { hold_bonus: 0, investment_bonus: 0, collective_bonus: 0 };
    const terms = (daily: number, amount = '1000') =>
      stakeTerms(
        { amount_token: amount, expected_token: amount },
        { daily_reward: daily, max_reward_percent: 30 },
        none,
      );
    expect(terms(1).daysToCap).toBe(30);
    expect(terms(1.05).daysToCap).toBe(29);
    expect(terms(0).daysToCap).toBeNull();
    // Floored to the base unit, as the server floors a stake's figures; a farming mint gives up nothing.
    expect(terms(1, '0.000000001')).toMatchObject({ perDay: '0', cap: '0', givenUp: '0' });
  });
});

describe('dashboard: active mints and stakes', () => {
  it('opening the dashboard loads both; only active ones are listed, and pushes keep them live', async () => {
    const getMints = vi.fn(async () =>
      page([mint({ id: 7 }), mint({ id: 8, status: 'pending' }), mint({ id: 9, status: 'move_to_staking' })]),
    );
    const getStakes = vi.fn(async () =>
      page([stake({ id: 3 }), stake({ id: 2, status: 'completed', earned_reward: '300' })]),
    );
    const { scope } = createTestScope({
      values: signedInMember,
      handlers: [
        [mintModel.readMintsFx, getMints],
        [stakeModel.readStakesFx, getStakes],
      ],
    });
    void allSettled(router.setHistory, { scope, params: createMemoryHistory({ initialEntries: ['/'] }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(getMints).toHaveBeenCalledTimes(1);
    expect(getStakes).toHaveBeenCalledTimes(1);
    expect(scope.getState($activeMints).map((m) => m.id)).toEqual([7]);
    expect(scope.getState($activeStakeIds)).toEqual([3]);

    // The list of ids keeps its identity across ticks: the dashboard's list does not re-render.
    const before = scope.getState($activeStakeIds);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(scope.getState($activeStakeIds)).toBe(before);

    // A new stake (user:staking → stakeUpdated) joins; a completed one leaves.
    void allSettled(stakeUpdated, { scope, params: stake({ id: 4, created_at: T0 + 5 }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($activeStakeIds)).toEqual([4, 3]);
    void allSettled(stakeUpdated, { scope, params: stake({ id: 3, status: 'completed', earned_reward: '300' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState($activeStakeIds)).toEqual([4]);
  });
});
