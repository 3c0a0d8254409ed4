/**
 * GET /api/user/holdings: what a user owns, by where it sits, built through the real flows (a grant, a
 * mint paid by the watcher, another paid and staked) and checked against the ledger and the tables.
 * Another user's holdings never show; a non-member is refused like every other money read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Holdings, holdingsSchema } from '@contract';
import { ledgerSums } from '../../server/ledger/queries';
import { createTestContext, type TestContext } from './helpers';
import { createMint, newUser, payMint, stakeMint, type TestUser } from './mint-kit';
import { fundedUser } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function holdings(user: TestUser): Promise<Holdings> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/user/holdings', headers: user.headers });
  expect(response.statusCode, response.body).toBe(200);
  return holdingsSchema.parse(response.json());
}

describe('GET /api/user/holdings', () => {
  it('is the balances, the staked tokens and the active mints, each as the ledger and the tables say', async () => {
    const user = await fundedUser(ctx, 25n, 'task_balance');
    expect(await holdings(user)).toEqual({
      balance_token: '0',
      referral_balance: '0',
      task_balance: '25',
      staked: '0',
      minting: '0',
    });

    // 1 TON at 0.01: 100 tokens held in the active mint; 2 TON: 200 tokens, then staked.
    const held = await createMint(ctx, user, 1);
    await payMint(ctx, held);
    const staked = await createMint(ctx, user, 2);
    await payMint(ctx, staked);
    await stakeMint(ctx, user, staked.id);

    const now = await holdings(user);
    expect(now).toEqual({
      balance_token: '0',
      referral_balance: '0',
      task_balance: '25',
      staked: '200',
      minting: '100',
    });
    // The balances are the ledger's sums; nothing is counted twice (the staked mint is no longer active).
    const sums = await ledgerSums(ctx.db, user.userId);
    expect(now.task_balance).toBe(String(sums.task_balance / 1_000_000_000n));
    const [counts] = await ctx.db.query<{ active: number }>(
      "SELECT COUNT(*)::int AS active FROM mints WHERE user_id = $1 AND status = 'active'",
      [user.userId],
    );
    expect(counts?.active).toBe(1);

    // A pending (unpaid) mint is nobody's tokens yet.
    await createMint(ctx, user, 5);
    expect((await holdings(user)).minting).toBe('100');
  });

  it("answers only the caller's own holdings", async () => {
    const rich = await fundedUser(ctx, 500n, 'balance_token');
    const other = await newUser(ctx);
    expect((await holdings(rich)).balance_token).toBe('500');
    expect((await holdings(other)).balance_token).toBe('0');
  });

  it('401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/holdings' });
    expect(response.statusCode).toBe(401);
  });
});
