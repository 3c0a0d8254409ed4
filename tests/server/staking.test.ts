import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Mint,
  type MintList,
  type Stake,
  type StakeCalculation,
  type StakeList,
  stakeCalculationSchema,
  stakeSchema,
} from '@contract';
import { HOLD_BONUS, STAKE_DAILY_REWARD_PERCENT, STAKE_MAX_REWARD_PERCENT } from '../../server/constants';
import {
  type RewardState,
  collectiveBonusMicro,
  completesAt,
  earnedAt,
  holdBonusMicro,
  investmentBonusMicro,
  percentToMicro,
  rewardPerDay,
} from '../../server/staking/rates';
import { runSettlement } from '../../server/jobs';
import { createTestContext, type TestContext } from './helpers';
import {
  TOKEN,
  TON,
  ageStake as kitAgeStake,
  createMint,
  ledgerMatchesBalances,
  listen,
  newUser,
  payMint,
  type TestUser,
} from './mint-kit';
import { expectOneStakePerMint } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const deps = () => ({ db: ctx.db, bus: ctx.bus, config: ctx.config });

async function activeMint(user: TestUser, amountTon: number, days = 30): Promise<Mint> {
  const mint = await createMint(ctx, user, amountTon, days);
  await payMint(ctx, mint);
  return mint;
}

const stake = (user: TestUser, mintId: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/staking/create', headers: user.headers, payload: { mint_id: mintId } });

const calculate = async (user: TestUser, id: number) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/staking/calculate?staking_id=${id}`, headers: user.headers })
  ).json<StakeCalculation>();

const ageStake = (id: number, days: number) => kitAgeStake(ctx, id, days);

const balanceToken = async (userId: number) =>
  (await ctx.db.query<{ balance_token: bigint }>('SELECT balance_token FROM users WHERE id = $1', [userId]))[0]
    ?.balance_token;

describe('POST /api/staking/create', () => {
  it('turns the user’s active mint into an active stake and tells their sockets', async () => {
    const user = await newUser(ctx);
    const mint = await activeMint(user, 5); // 500 tokens
    const socket = listen(ctx, user.userId);
    try {
      const before = now();
      const response = await stake(user, mint.id);
      expect(response.statusCode).toBe(201);
      const created = response.json<Stake>();
      expect(stakeSchema.parse(created)).toEqual(created);
      expect(created).toMatchObject({
        status: 'active',
        total_amount: '500',
        daily_reward: STAKE_DAILY_REWARD_PERCENT,
        hold_bonus: 0,
        investment_bonus: 0,
        collective_bonus: 0,
        earned_reward: '0',
        max_reward: '150', // 30 %
        last_updated_at: null,
      });
      expect(created.staking_id).toMatch(/^[A-Z2-9]{8}$/);
      expect(created.created_at).toBeGreaterThanOrEqual(before);

      const mints = (
        await ctx.app.inject({ method: 'GET', url: '/api/mint/', headers: user.headers })
      ).json<MintList>();
      expect(mints.data.find((m) => m.id === mint.id)?.status).toBe('move_to_staking');
      expect(socket.events('user:mint').map((m) => m.data.status)).toEqual(['move_to_staking']);
      expect(socket.events('user:staking')).toEqual([{ event: 'user:staking', data: created }]);
    } finally {
      socket.stop();
    }
  });

  it('200 concurrent requests for one mint create exactly one stake', async () => {
    await expectOneStakePerMint([ctx]);
  });

  it('404 for another user’s mint or a missing one; 409 for a mint that is not active; 422 for a bad body', async () => {
    const owner = await newUser(ctx);
    const thief = await newUser(ctx);
    const mint = await activeMint(owner, 1);
    expect((await stake(thief, mint.id)).statusCode).toBe(404);
    expect((await stake(owner, 99_999_999)).statusCode).toBe(404);
    const pending = await createMint(ctx, owner, 1);
    expect((await stake(owner, pending.id)).statusCode).toBe(409);
    await ctx.app.inject({ method: 'POST', url: `/api/mint/${pending.id}/cancel`, headers: owner.headers });
    expect((await stake(owner, pending.id)).statusCode).toBe(409);
    for (const bad of ['1', 0, -1, 1.5, null, mint.mint_id]) expect((await stake(owner, bad)).statusCode).toBe(422);
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/staking/create',
      headers: owner.headers,
      payload: { mint_id: mint.id, more: 1 },
    });
    expect(extra.statusCode).toBe(422);
    // the mint is still the owner's to stake
    expect((await stake(owner, mint.id)).statusCode).toBe(201);
  });
});

describe('GET /api/staking/ and /api/staking/calculate', () => {
  it('pages the user’s stakes newest first', async () => {
    const user = await newUser(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await stake(user, (await activeMint(user, 1 + i)).id)).json<Stake>().id);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/staking/?page=1&limit=2', headers: user.headers })
    ).json<StakeList>();
    expect(list).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(list.data.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    const other = await newUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/staking/', headers: other.headers })).json<StakeList>(),
    ).toEqual({
      data: [],
      total: 0,
      page: 1,
      limit: 300,
    });
  });

  it('computes the reward by the rule: accrues per second, caps at max_reward', async () => {
    const user = await newUser(ctx);
    const created = (await stake(user, (await activeMint(user, 10)).id)).json<Stake>(); // 1000 tokens
    const fresh = await calculate(user, created.id);
    expect(stakeCalculationSchema.parse(fresh)).toEqual(fresh);
    expect(fresh).toMatchObject({
      status: 'active',
      max_reward: '300',
      total_percent: 1,
      reward_per_day: '10', // 1000 × 1 % per day
      reward_per_hour: '0.416666666',
      reward_per_minute: '0.006944444',
      reward_per_second: '0.00011574',
    });
    expect(Number(fresh.earned_reward)).toBeLessThan(0.001);
    expect(fresh.completes_at).toBe(created.created_at + 30 * DAY);

    await ageStake(created.id, 2.5);
    expect(Number((await calculate(user, created.id)).earned_reward)).toBeCloseTo(25, 2);

    await ageStake(created.id, 40); // past max_reward, not yet settled: capped
    const capped = await calculate(user, created.id);
    expect(capped).toMatchObject({ status: 'active', earned_reward: '300' });

    const other = await newUser(ctx);
    const notMine = await ctx.app.inject({
      method: 'GET',
      url: `/api/staking/calculate?staking_id=${created.id}`,
      headers: other.headers,
    });
    expect(notMine.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/staking/calculate?staking_id=x',
      headers: user.headers,
    });
    expect(malformed.statusCode).toBe(422);
  });
});

describe('reward rule (docs/product.md §4) and bonus rules', () => {
  const state = (overrides: Partial<RewardState> = {}): RewardState => ({
    status: 'active',
    totalAmount: 1000n * TOKEN,
    earnedReward: 0n,
    maxReward: 300n * TOKEN,
    rates: { daily: percentToMicro(1), hold: 0n, collective: 0n, investment: 0n },
    since: 1_000_000,
    ...overrides,
  });

  it('pending → 0, completed → max_reward, active → earned + rate × elapsed, capped', () => {
    expect(earnedAt(state({ status: 'pending', earnedReward: 5n }), 2_000_000)).toBe(0n);
    expect(earnedAt(state({ status: 'completed', earnedReward: 1n }), 0)).toBe(300n * TOKEN);
    expect(earnedAt(state(), 1_000_000 + DAY)).toBe(10n * TOKEN);
    expect(earnedAt(state({ earnedReward: 7n * TOKEN }), 1_000_000 + DAY / 2)).toBe(12n * TOKEN);
    expect(earnedAt(state(), 1_000_000 + 31 * DAY)).toBe(300n * TOKEN);
    expect(earnedAt(state(), 999_000)).toBe(0n); // a clock behind since never takes away
    // all four rates add up: (1 + 0.1 + 0.05 + 0.2) % of 1000 a day = 13.5
    const all = state({
      rates: {
        daily: percentToMicro(1),
        hold: percentToMicro(0.1),
        collective: percentToMicro(0.05),
        investment: percentToMicro(0.2),
      },
    });
    expect(earnedAt(all, 1_000_000 + DAY)).toBe(13_500_000_000n);
    expect(rewardPerDay(1000n * TOKEN, percentToMicro(1.35))).toBe(13_500_000_000n);
    // one second floors: 1000 tokens × 1 % / 86400 = 0.000115740740… tokens
    expect(earnedAt(state(), 1_000_001)).toBe(115_740n);
    expect(completesAt(state())).toBe(1_000_000 + 30 * DAY);
    expect(completesAt(state({ rates: { daily: 0n, hold: 0n, collective: 0n, investment: 0n } }))).toBeNull();
  });

  it('bonus steps', () => {
    expect(holdBonusMicro(null)).toBe(0n);
    expect(holdBonusMicro(HOLD_BONUS.stepDays * DAY - 1)).toBe(0n);
    expect(holdBonusMicro(HOLD_BONUS.stepDays * DAY)).toBe(percentToMicro(0.05));
    expect(holdBonusMicro(3 * HOLD_BONUS.stepDays * DAY)).toBe(percentToMicro(0.15));
    expect(holdBonusMicro(1000 * DAY)).toBe(percentToMicro(HOLD_BONUS.maxPercent));
    expect(investmentBonusMicro(99n * TON)).toBe(0n);
    expect(investmentBonusMicro(100n * TON)).toBe(percentToMicro(0.05));
    expect(investmentBonusMicro(10_000n * TON)).toBe(percentToMicro(0.5));
    expect(collectiveBonusMicro(99_999n * TOKEN)).toBe(0n);
    expect(collectiveBonusMicro(100_000n * TOKEN)).toBe(percentToMicro(0.05));
    expect(collectiveBonusMicro(10n ** 9n * TOKEN)).toBe(percentToMicro(0.3));
    expect(STAKE_MAX_REWARD_PERCENT).toBe(30);
  });
});

describe('settlement', () => {
  it('completes a stake at max_reward and pays total_amount + max_reward once, through the ledger', async () => {
    const user = await newUser(ctx);
    const created = (await stake(user, (await activeMint(user, 2)).id)).json<Stake>(); // 200 tokens, max 60
    const status = async () => (await calculate(user, created.id)).status;
    await ageStake(created.id, 29);
    await runSettlement(deps(), now());
    expect(await status()).toBe('active');

    await ageStake(created.id, 2);
    const socket = listen(ctx, user.userId);
    try {
      await Promise.all([runSettlement(deps(), now()), runSettlement(deps(), now())]);
      expect(await status()).toBe('completed');
      expect(await balanceToken(user.userId)).toBe(260n * TOKEN);
      expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
      const entries = await ctx.db.query<{ reason: string; delta: bigint }>(
        'SELECT reason, delta FROM ledger WHERE user_id = $1 ORDER BY id',
        [user.userId],
      );
      expect(entries).toEqual([
        { reason: 'staking_principal', delta: 200n * TOKEN },
        { reason: 'staking_reward', delta: 60n * TOKEN },
      ]);
      const done = socket.events('user:staking').at(-1)?.data;
      expect(done).toMatchObject({ id: created.id, status: 'completed', earned_reward: '60' });
      expect(socket.events('user:balance').at(-1)?.data.balance_token).toBe('260');
      expect(await calculate(user, created.id)).toMatchObject({
        status: 'completed',
        earned_reward: '60',
        completes_at: null,
      });

      await runSettlement(deps(), now() + DAY);
      expect(await balanceToken(user.userId)).toBe(260n * TOKEN);
    } finally {
      socket.stop();
    }
  });

  it('completes a mint after tariff_days and pays expected_token once', async () => {
    const user = await newUser(ctx);
    const mint = await activeMint(user, 4, 60); // 400 tokens, +12 % → 448
    const socket = listen(ctx, user.userId);
    try {
      const activatedAt = (
        await ctx.db.query<{ at: number }>(
          'SELECT EXTRACT(EPOCH FROM activated_at)::int AS at FROM mints WHERE id = $1',
          [mint.id],
        )
      )[0]!.at;
      await runSettlement(deps(), activatedAt + 60 * DAY - 1);
      expect(await balanceToken(user.userId)).toBe(0n);
      await Promise.all([runSettlement(deps(), activatedAt + 60 * DAY), runSettlement(deps(), activatedAt + 60 * DAY)]);
      expect(await balanceToken(user.userId)).toBe(448n * TOKEN);
      expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
      expect(socket.events('user:mint').map((m) => m.data.status)).toEqual(['completed']);
      // a completed mint cannot be staked
      expect((await stake(user, mint.id)).statusCode).toBe(409);
    } finally {
      socket.stop();
    }
  });

  it('raises the hold bonus with the days stakes are kept, accruing the old rate first', async () => {
    const user = await newUser(ctx);
    const created = (await stake(user, (await activeMint(user, 10)).id)).json<Stake>(); // 1000 tokens
    await ageStake(created.id, 7);
    const socket = listen(ctx, user.userId);
    try {
      const at = now();
      const result = await runSettlement(deps(), at);
      expect(result.holdChanged).toBe(1);
      expect(socket.events('user:balance').at(-1)?.data.hold_bonus).toBe(0.05);
      const retuned = socket.events('user:staking').at(-1)?.data;
      expect(retuned).toMatchObject({ id: created.id, hold_bonus: 0.05, last_updated_at: at });
      // 7 days at 1 % of 1000 tokens
      expect(Number(retuned?.earned_reward)).toBeCloseTo(70, 3);
      // nothing more to do in the same step
      expect((await runSettlement(deps(), at + 60)).holdChanged).toBe(0);
    } finally {
      socket.stop();
    }
  });

  it('sets the collective bonus from the total active stake, pushes it globally and retunes every stake', async () => {
    const received: unknown[] = [];
    const stop = ctx.bus.subscribeGlobal((message) => received.push(message));
    try {
      await runSettlement(deps(), now());
      expect(received).toEqual([]); // little staked so far: still 0
      const whale = await newUser(ctx);
      const big = (await stake(whale, (await activeMint(whale, 1000)).id)).json<Stake>(); // 100 000 tokens
      expect(big.investment_bonus).toBe(0.2); // 1000 TON paid
      const at = now();
      const result = await runSettlement(deps(), at);
      expect(result.collectiveChanged).toBe(true);
      expect(received).toEqual([{ event: 'global:collective_bonus', data: { collective_bonus: 0.05 } }]);
      const [off] = await ctx.db.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM stakes WHERE status = 'active' AND collective_bonus <> 0.05`,
      );
      expect(off?.n).toBe(0);
      const me = (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: whale.headers })).json<{
        collective_bonus: number;
      }>();
      expect(me.collective_bonus).toBe(0.05);
      // a new stake starts with it
      const next = (await stake(whale, (await activeMint(whale, 1)).id)).json<Stake>();
      expect(next.collective_bonus).toBe(0.05);
    } finally {
      stop();
    }
  });
});
