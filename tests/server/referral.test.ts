/**
 * GET /api/user/referrals: the referral list (newest first, paid turnover and rewards per referral),
 * the tier at every boundary, and the new-referral badge that reading page 1 clears.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  type ReferralList,
  type SocketMessage,
  referralListSchema,
  socketEventSchemas,
  userMeSchema,
} from '@contract';
import { REFERRAL_TIERS } from '../../server/constants';
import { referralTierInfo } from '../../server/referral/tiers';
import { createTestContext, register, type TestContext } from './helpers';
import { TON, createMint, newUser, payMint, type TestUser } from './mint-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const referrals = async (user: TestUser, query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/user/referrals${query}`, headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return referralListSchema.parse(response.json<ReferralList>());
};
const me = async (user: TestUser) =>
  userMeSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })).json());
const nano = (ton: string) => {
  const [whole = '0', fraction = ''] = ton.split('.');
  return BigInt(whole) * TON + BigInt(fraction.padEnd(9, '0'));
};

describe('referral tiers (docs/product.md §3)', () => {
  it.each([
    ['0', 0, 5, '50', 6],
    ['49.999999999', 0, 5, '50', 6],
    ['50', 1, 6, '500', 7],
    ['499.999999999', 1, 6, '500', 7],
    ['500', 2, 7, '1000', 8],
    ['999.999999999', 2, 7, '1000', 8],
    ['1000', 3, 8, '5000', 9],
    ['4999.999999999', 3, 8, '5000', 9],
    ['5000', 4, 9, '10000', 10],
    ['9999.999999999', 4, 9, '10000', 10],
    ['10000', 5, 10, '15000', 11],
    ['14999.999999999', 5, 10, '15000', 11],
    ['15000', 6, 11, '20000', 12],
    ['19999.999999999', 6, 11, '20000', 12],
    ['20000', 7, 12, null, null],
    ['1000000', 7, 12, null, null],
  ])('turnover %s TON → level %i (%i %%), next at %s (%s %%)', (turnover, level, percent, next, nextPercent) => {
    expect(referralTierInfo(nano(turnover))).toEqual({
      level,
      percent,
      turnover,
      next_level_turnover: next,
      next_percent: nextPercent,
    });
  });

  it('covers all eight tiers of the constants', () => {
    expect(REFERRAL_TIERS).toHaveLength(8);
    expect(referralTierInfo(BigInt(REFERRAL_TIERS.at(-1)!.thresholdTon) * TON).level).toBe(7);
  });
});

describe('GET /api/user/referrals', () => {
  it('a user without referrals: empty page, tier 0 with the next threshold, nothing earned', async () => {
    const user = await newUser(ctx);
    expect(await referrals(user)).toEqual({
      data: [],
      total: 0,
      page: 1,
      limit: 300,
      tier: { level: 0, percent: 5, turnover: '0', next_level_turnover: '50', next_percent: 6 },
      new_referrals_count: 0,
      total_earned: '0',
    });
  });

  it('lists referrals newest first with their paid TON and the tokens they earned the user', async () => {
    const referrer = await newUser(ctx);
    const bob = await newUser(ctx, { refCode: referrer.refCode });
    const cat = await newUser(ctx, { refCode: referrer.refCode });
    const stranger = await newUser(ctx); // not a referral: their mints count for nobody here
    await payMint(ctx, await createMint(ctx, bob, 10)); // 1000 tokens at 0.01 → 50 (5 %)
    await payMint(ctx, await createMint(ctx, bob, 2)); // 200 tokens → 10
    await payMint(ctx, await createMint(ctx, cat, 4)); // 400 tokens → 20
    await createMint(ctx, cat, 30); // pending: not paid, no turnover
    await payMint(ctx, await createMint(ctx, stranger, 7));

    const list = await referrals(referrer);
    expect(list.total).toBe(2);
    expect(list.data.map((r) => r.id)).toEqual([cat.userId, bob.userId]);
    expect(list.data.map((r) => [r.turnover, r.earned])).toEqual([
      ['4', '20'],
      ['12', '60'],
    ]);
    expect(list.data[0]).toMatchObject({ first_name: 'Test', username: null, photo_url: null, is_new: true });
    expect(list.data[0]!.joined_at).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(list.tier).toEqual({ level: 0, percent: 5, turnover: '16', next_level_turnover: '50', next_percent: 6 });
    expect(list.total_earned).toBe('80');
    // the tier's turnover is the sum of the listed referrals' turnovers
    expect(list.data.reduce((sum, r) => sum + nano(r.turnover), 0n)).toBe(nano(list.tier.turnover));
  });

  it('tells the referrer over the socket, after the commit, when a friend joins and when a friend’s mint is paid', async () => {
    const referrer = await newUser(ctx);
    const received: SocketMessage[] = [];
    const unsubscribe = ctx.bus.subscribeUser(referrer.userId, (message) => received.push(message));
    try {
      const friend = await newUser(ctx, { refCode: referrer.refCode });
      expect(received).toEqual([{ event: 'user:referral', data: { reason: 'joined' } }]);
      // Signing in again, even with the code, is no new referral.
      const [row] = await ctx.db.query<{ telegram_id: string }>('SELECT telegram_id FROM users WHERE id = $1', [
        friend.userId,
      ]);
      await register(ctx.app, { id: Number(row?.telegram_id) }, { ref_code: referrer.refCode });
      expect(received).toHaveLength(1);

      received.length = 0;
      await payMint(ctx, await createMint(ctx, friend, 10)); // 1000 tokens at 0.01 → 50 (5 %)
      expect(received).toContainEqual({ event: 'user:referral', data: { reason: 'mint' } });
      // The reward's balance in the same commit: "Available" and "Earned from friends" move together.
      expect(received).toContainEqual({
        event: 'user:balance',
        data: expect.objectContaining({ referral_balance: '50' }),
      });
      expect(
        socketEventSchemas['user:referral'].parse(received.find((m) => m.event === 'user:referral')?.data),
      ).toEqual({
        reason: 'mint',
      });

      // A user without a referrer tells nobody.
      received.length = 0;
      const stranger = await newUser(ctx);
      await payMint(ctx, await createMint(ctx, stranger, 1));
      expect(received).toEqual([]);
    } finally {
      unsubscribe();
    }
  });

  it('page 1 marks the referrals as seen: the badge falls to 0, is_new marks only the unseen, newest first', async () => {
    const referrer = await newUser(ctx);
    const first = await newUser(ctx, { refCode: referrer.refCode });
    const second = await newUser(ctx, { refCode: referrer.refCode });
    expect((await me(referrer)).ref).toMatchObject({ referrals_count: 2, new_referrals_count: 2 });

    const read = await referrals(referrer);
    expect(read.new_referrals_count).toBe(2);
    expect(read.data.map((r) => [r.id, r.is_new])).toEqual([
      [second.userId, true],
      [first.userId, true],
    ]);
    expect((await me(referrer)).ref).toMatchObject({ referrals_count: 2, new_referrals_count: 0 });

    const again = await referrals(referrer);
    expect(again.new_referrals_count).toBe(0);
    expect(again.data.every((r) => !r.is_new)).toBe(true);

    const third = await newUser(ctx, { refCode: referrer.refCode });
    expect((await me(referrer)).ref.new_referrals_count).toBe(1);
    const paged = await referrals(referrer, '?page=1&limit=2');
    expect(paged).toMatchObject({ total: 3, page: 1, limit: 2, new_referrals_count: 1 });
    expect(paged.data.map((r) => [r.id, r.is_new])).toEqual([
      [third.userId, true],
      [second.userId, false],
    ]);
    expect((await me(referrer)).ref.new_referrals_count).toBe(0);
  });

  it('a later page alone does not mark anything as seen', async () => {
    const referrer = await newUser(ctx);
    const older = await newUser(ctx, { refCode: referrer.refCode });
    await newUser(ctx, { refCode: referrer.refCode });
    const page2 = await referrals(referrer, '?page=2&limit=1');
    expect(page2.data.map((r) => [r.id, r.is_new])).toEqual([[older.userId, true]]);
    expect(page2.new_referrals_count).toBe(2);
    expect((await me(referrer)).ref.new_referrals_count).toBe(2);
    expect((await referrals(referrer, '?page=3&limit=1')).data).toEqual([]);
  });

  it('the tier follows the referrals’ paid TON across thresholds, up to the top tier', async () => {
    const referrer = await newUser(ctx);
    const friend = await newUser(ctx, { refCode: referrer.refCode });
    await payMint(ctx, await createMint(ctx, friend, '49.999999999'));
    expect((await referrals(referrer)).tier).toEqual({
      level: 0,
      percent: 5,
      turnover: '49.999999999',
      next_level_turnover: '50',
      next_percent: 6,
    });
    await payMint(ctx, await createMint(ctx, friend, '450.000000001'));
    expect((await referrals(referrer)).tier).toMatchObject({
      level: 2,
      percent: 7,
      turnover: '500',
      next_level_turnover: '1000',
    });
    await payMint(ctx, await createMint(ctx, friend, '19500'));
    expect((await referrals(referrer)).tier).toEqual({
      level: 7,
      percent: 12,
      turnover: '20000',
      next_level_turnover: null,
      next_percent: null,
    });
    // /user/me reads the same tier
    expect((await me(referrer)).ref).toMatchObject({ level: 7, percent: 12, turnover: '20000' });
  });

  it('401 without a token, 403 for a non-member (the badge is not cleared)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/referrals' })).statusCode).toBe(401);
    const outsider = await newUser(ctx, { member: false });
    await newUser(ctx, { refCode: outsider.refCode });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/referrals', headers: outsider.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'Join the community to use the product', code: 'notAMember' });
    const [row] = await ctx.db.query<{ seen_referrals_count: number }>(
      'SELECT seen_referrals_count FROM users WHERE id = $1',
      [outsider.userId],
    );
    expect(row?.seen_referrals_count).toBe(0);
  });

  it.each([
    '?page=0',
    '?page=-1',
    '?page=1e3',
    '?page=1.5',
    '?page=abc',
    '?limit=0',
    '?limit=1001',
    '?limit=01',
    '?page=2147483647',
  ])('hostile query %s: 422, nothing marked as seen', async (query) => {
    const referrer = await newUser(ctx);
    await newUser(ctx, { refCode: referrer.refCode });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/referrals${query}`,
      headers: referrer.headers,
    });
    expect(response.statusCode).toBe(422);
    expect((await me(referrer)).ref.new_referrals_count).toBe(1);
  });
});
