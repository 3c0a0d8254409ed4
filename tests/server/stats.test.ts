/**
 * GET /api/stats/financial: figures that belong together count the same rows. Built through the real
 * flows (mints created, paid by the watcher, matured and staked by the settlement, cancelled by their
 * owner, a farming link's mint activated) and checked against the ledger, the journal and the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FinancialStats, financialStatsSchema } from '@contract';
import { runSettlement } from '../../server/jobs';
import { unixNow } from '../../server/lib/codes';
import { createTestContext, sandboxConfig, type TestContext } from './helpers';
import { createMint, mintOf, newUser, payMint, type TestUser } from './mint-kit';
import { createFarmingLink, fundedUser } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  // Its own database: the figures are the whole platform's. No cache: each read sees the last change.
  ctx = await createTestContext({ config: sandboxConfig({ statsCacheMs: 0 }) });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

async function figures(user: TestUser): Promise<FinancialStats> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/stats/financial', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return financialStatsSchema.parse(response.json());
}

/** One number from SQL, as whole-unit text like the wire's. */
async function sum(sql: string): Promise<string> {
  const [row] = await ctx.db.query<{ total: bigint }>(`SELECT COALESCE((${sql}), 0)::bigint AS total`);
  const total = row!.total;
  const whole = total / 1_000_000_000n;
  const fraction = (total % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

describe('financial stats over pending, active, matured, staked, cancelled and gifted mints', () => {
  it('counts tokens minted and TON paid over the same paid mints, and each other figure over its own set', async () => {
    const settle = () => runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, unixNow());
    const alice = await newUser(ctx);
    // Price 0.01 TON a token. Matured: 4 TON → 400 tokens (420 paid out at maturity).
    const matured = await createMint(ctx, alice, 4);
    await payMint(ctx, matured);
    await ctx.db.query(`UPDATE mints SET matures_at = now() - interval '1 second' WHERE id = $1`, [matured.id]);
    await settle();
    // Active: 2 TON → 200 tokens, paid, not matured.
    await payMint(ctx, await createMint(ctx, alice, 2));
    // Staked: 1 TON → 100 tokens, paid, then staked (the stake active).
    const staked = await createMint(ctx, alice, 1);
    await payMint(ctx, staked);
    expect((await post('/api/staking/create', alice, { mint_id: staked.id })).statusCode).toBe(201);
    // Pending: 3 TON, never paid. Cancelled: 5 TON, cancelled before paying.
    await createMint(ctx, alice, 3);
    const canceled = await createMint(ctx, alice, 5);
    expect((await post(`/api/mint/${canceled.id}/cancel`, alice)).statusCode).toBe(200);
    // Gifted: a farming link of 1 TON (100 tokens from the author's referral balance), activated by Bob.
    const author = await fundedUser(ctx, 1000n);
    const link = await createFarmingLink(ctx, author);
    const bob = await newUser(ctx);
    expect((await post('/api/farming/activate', bob, { activation_code: link.activation_code })).statusCode).toBe(200);

    const stats = await figures(bob);
    // Tokens minted and TON paid: the three paid mints (matured, active, staked) — 700 tokens for 7 TON,
    // i.e. at the price they were bought at; pending, cancelled and the gift are in neither.
    expect(stats.total_minted).toBe('700');
    expect(stats.ton_paid_in).toBe('7');
    const paid = `FROM mints WHERE source = 'payment' AND activated_at IS NOT NULL`;
    expect(stats.total_minted).toBe(await sum(`SELECT SUM(amount_token) ${paid}`));
    expect(stats.ton_paid_in).toBe(await sum(`SELECT SUM(amount_ton) ${paid}`));
    // …which is the TON the operations history shows paid, user by user.
    expect(stats.ton_paid_in).toBe(await sum(`SELECT SUM(amount) FROM operations_journal WHERE type = 'mint_paid'`));
    // Staked: the active stake, 100 tokens, one stake.
    expect(stats.total_staked).toBe('100');
    expect(stats.active_stakes).toBe(1);
    expect(stats.total_staked).toBe(await sum(`SELECT SUM(total_amount) FROM stakes WHERE status = 'active'`));
    // On balances: Alice's 420 matured, the author's 1000 less the link's 100; the ledger says the same.
    expect(stats.circulating).toBe('1320');
    expect(stats.circulating).toBe(await sum('SELECT SUM(delta) FROM ledger'));
    expect(stats).toMatchObject({ ton_paid_out: '0', users: 3 });

    // Paying the pending mint moves both paired figures together.
    const [pending] = await ctx.db.query<{ id: number }>(`SELECT id FROM mints WHERE status = 'pending'`);
    await payMint(ctx, await mintOf(ctx, alice, pending!.id));
    expect(await figures(alice)).toMatchObject({ total_minted: '1000', ton_paid_in: '10' });
  });
});
