/**
 * The money races, written once and run twice: on PGlite by the staking, watcher and ledger tests (one
 * connection, so there they are serialised), and on a real Postgres by postgres.test.ts, where they
 * truly overlap. Each takes one or more test contexts on one database; the concurrent calls are spread
 * over them round-robin, as over several server processes with their own pools.
 */
import { expect } from 'vitest';
import { type ErrorBody, type FarmingLink, type Mint, SERVER_MESSAGES } from '@contract';
import { MAX_PENDING_MINTS_PER_USER } from '../../server/constants';
import { inTransaction } from '../../server/events/transaction';
import { type Account, InsufficientFundsError, changeBalance } from '../../server/ledger/service';
import { balances, ledgerSums } from '../../server/ledger/queries';
import { unixNow } from '../../server/lib/codes';
import { setPrice } from '../../server/price/service';
import { runSettlement } from '../../server/jobs';
import type { TreasuryNode } from '../../server/watcher/service';
import type { TestContext } from './helpers';
import type { TonClient } from '@ton/ton';
import type { HotWalletVersion } from '../../server/config';
import type { HotWalletKeys } from '../../server/deps';
import { createHotWallet, runPayoutStep } from '../../server/withdraw/worker';
import { balanceOf, newHotWallet, newRecipient, queue, unixNow as nowSeconds, withdrawal, worker } from './payout-kit';
import { taskCall, validatedTask } from './task-kit';
import { proveWallet } from './wallet-kit';
import {
  TOKEN,
  TON,
  ageStake,
  createMint,
  fakeNode,
  ledgerMatchesBalances,
  mintOf,
  newUser,
  newWatcher,
  payMint,
  recordedTransaction,
  stakeMint,
  type TestUser,
} from './mint-kit';

type Apps = [TestContext, ...TestContext[]];
const pick = (apps: Apps, i: number): TestContext => apps[i % apps.length]!;

/** One balance change through the ledger, in its own transaction. */
export const ledgerChange = (ctx: TestContext, userId: number, delta: bigint, account: Account = 'balance_token') =>
  inTransaction(ctx.db, ctx.bus, (tx) =>
    changeBalance(tx, { userId, account, delta, reason: 'sandbox_grant', refType: 'test', refId: 1 }),
  );

/** MAX_PENDING_MINTS_PER_USER + 5 concurrent POST /api/mint/create: exactly the limit are created; returns one. */
export async function expectPendingMintLimitHolds(apps: Apps, owner?: TestUser): Promise<Mint> {
  const [ctx] = apps;
  const user = owner ?? (await newUser(ctx));
  const responses = await Promise.all(
    Array.from({ length: MAX_PENDING_MINTS_PER_USER + 5 }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: '/api/mint/create',
        headers: user.headers,
        payload: { amount: '1', days: 30 },
      }),
    ),
  );
  expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(MAX_PENDING_MINTS_PER_USER);
  expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(5);
  const [count] = await ctx.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM mints WHERE user_id = $1`, [
    user.userId,
  ]);
  expect(count?.n).toBe(MAX_PENDING_MINTS_PER_USER);
  return responses.find((r) => r.statusCode === 201)!.json<Mint>();
}

/**
 * `requests` concurrent money calls of one user (each from an address of its own, so only the per-user
 * limit counts), spread over the apps: exactly `limit` get past the limit (404: there is no such mint),
 * the rest are 429 {msg} with Retry-After, however many processes share the database.
 */
export async function expectMoneyLimitHoldsAcrossApps(apps: Apps, limit: number, requests = 100): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  const responses = await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: '/api/mint/999999/cancel',
        headers: user.headers,
        remoteAddress: `10.77.${i % 256}.${1 + Math.floor(i / 256)}`,
      }),
    ),
  );
  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 404)).toHaveLength(limit);
  expect(codes.filter((c) => c === 429)).toHaveLength(requests - limit);
  const refused = responses.find((r) => r.statusCode === 429)!;
  expect(refused.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.tooManyRequests, code: 'tooManyRequests' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}

/** `requests` concurrent POST /api/staking/create for one active mint: exactly one stake, the rest 409. */
/** Rows of one type in a user's operations journal (the money events that move no token balance). */
async function journalled(ctx: TestContext, userId: number, type: string): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM operations_journal WHERE user_id = $1 AND type = $2',
    [userId, type],
  );
  return row?.n ?? 0;
}

export async function expectOneStakePerMint(apps: Apps, requests = 200): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  const mint = await createMint(ctx, user, 1);
  await payMint(ctx, mint);
  const responses = await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: '/api/staking/create',
        headers: user.headers,
        payload: { mint_id: mint.id },
      }),
    ),
  );
  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 201)).toHaveLength(1);
  expect(codes.filter((c) => c === 409)).toHaveLength(requests - 1);
  expect(responses.find((r) => r.statusCode === 409)?.json<ErrorBody>().msg).toBe('Only an active mint can be staked');
  const [count] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM stakes WHERE mint_id = $1', [
    mint.id,
  ]);
  expect(count?.n).toBe(1);
  expect((await mintOf(ctx, user, mint.id)).status).toBe('move_to_staking');
  // The history says it once too: one "stake started" for the one stake.
  expect(await journalled(ctx, user.userId, 'stake_started')).toBe(1);
}

/**
 * A payment read by `pollers` watchers at once (default: bare watchers, no advisory lock — the hash is
 * recorded once whoever reads it): one mint activated, one treasury row, the referrer paid once.
 */
export async function expectPaymentCreditedOnce(
  apps: Apps,
  options: { pollers?: number; poll?: (ctx: TestContext, node: TreasuryNode) => Promise<unknown> } = {},
): Promise<void> {
  const [ctx] = apps;
  const poll = options.poll ?? ((app, node) => newWatcher(app, node).poll());
  const referrer = await newUser(ctx);
  const user = await newUser(ctx, { refCode: referrer.refCode });
  const mint = await createMint(ctx, user, 10); // 1000 tokens: 50 to the referrer (tier 1, 5 %)
  const fake = fakeNode();
  const paid = fake.pay({ amount: 10n * TON, comment: mint.payment!.comment });
  await Promise.all(Array.from({ length: options.pollers ?? 4 }, (_, i) => poll(pick(apps, i), fake.node)));

  expect(await recordedTransaction(ctx, paid.transaction_id.hash)).toMatchObject({
    outcome: 'credited',
    mint_id: mint.id,
  });
  expect((await mintOf(ctx, user, mint.id)).status).toBe('active');
  const [rows] = await ctx.db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM treasury_transactions WHERE mint_id = $1',
    [mint.id],
  );
  expect(rows?.n).toBe(1);
  // One "TON paid for a mint" in the payer's history, whoever read the payment.
  expect(await journalled(ctx, user.userId, 'mint_paid')).toBe(1);
  expect((await balances(ctx.db, referrer.userId))?.referral_balance).toBe(50n * TOKEN);
  expect(await ledgerMatchesBalances(ctx, referrer.userId)).toBe(true);
}

/** Cancel racing the payment, `rounds` times: either canceled and recorded so, or active and credited. */
export async function expectCancelRacingPaymentHasOneOutcome(apps: Apps, rounds = 10): Promise<void> {
  const [ctx] = apps;
  for (let round = 0; round < rounds; round++) {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    const fake = fakeNode();
    const paid = fake.pay({ amount: TON, comment: mint.payment!.comment });
    const [cancel, poll] = await Promise.all([
      pick(apps, round).app.inject({ method: 'POST', url: `/api/mint/${mint.id}/cancel`, headers: user.headers }),
      newWatcher(pick(apps, round + 1), fake.node).poll(),
    ]);
    const final = await mintOf(ctx, user, mint.id);
    const outcome = (await recordedTransaction(ctx, paid.transaction_id.hash))?.outcome;
    if (cancel.statusCode === 200) {
      expect(final.status).toBe('canceled');
      expect(outcome).toBe('mint_canceled');
      expect(poll.recorded).toEqual({ mint_canceled: 1 });
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(final.status).toBe('active');
      expect(outcome).toBe('credited');
    }
  }
}

/** 50 concurrent debits of 1 token from a 20-token balance: exactly 20 succeed; balance and ledger agree. */
export async function expectConcurrentDebitsExact(apps: Apps): Promise<void> {
  const [ctx] = apps;
  const { userId } = await newUser(ctx);
  await ledgerChange(ctx, userId, 20n * TOKEN);
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) => ledgerChange(pick(apps, i), userId, -TOKEN)),
  );
  const ok = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r) => r.status === 'rejected');
  expect(ok).toHaveLength(20);
  expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof InsufficientFundsError)).toBe(true);
  expect((await balances(ctx.db, userId))?.balance_token).toBe(0n);
  expect((await ledgerSums(ctx.db, userId)).balance_token).toBe(0n);
}

/** 100 concurrent credits and debits on one balance: it ends at their exact sum, entry by entry. */
export async function expectConcurrentChangesSumExactly(apps: Apps): Promise<void> {
  const [ctx] = apps;
  const { userId } = await newUser(ctx);
  await ledgerChange(ctx, userId, 1_000n * TOKEN);
  const deltas = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? -7n : BigInt(i + 1)) * TOKEN);
  await Promise.all(deltas.map((delta, i) => ledgerChange(pick(apps, i), userId, delta)));
  const expected = 1_000n * TOKEN + deltas.reduce((a, b) => a + b, 0n);
  expect((await balances(ctx.db, userId))?.balance_token).toBe(expected);
  expect((await ledgerSums(ctx.db, userId)).balance_token).toBe(expected);
  // every entry's balance_after is a distinct step of one serial history
  const after = await ctx.db.query<{ balance_after: bigint; delta: bigint }>(
    `SELECT balance_after, delta FROM ledger WHERE user_id = $1 AND account = 'balance_token' ORDER BY id`,
    [userId],
  );
  let running = 0n;
  for (const entry of after) {
    running += entry.delta;
    expect(entry.balance_after).toBe(running);
  }
}

/**
 * A matured mint and a stake at max_reward settled by four settlement runs at once (no advisory lock:
 * the row locks alone must pay each once).
 */
export async function expectSettlementPaysOnce(apps: Apps): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  const matured = await createMint(ctx, user, 4); // 400 tokens, +5 % over 30 days → 420
  await payMint(ctx, matured);
  const staked = await createMint(ctx, user, 2); // 200 tokens; stake max_reward 30 % → 60
  await payMint(ctx, staked);
  const stake = await stakeMint(ctx, user, staked.id);
  await ctx.db.query(`UPDATE mints SET matures_at = now() - interval '1 second' WHERE id = $1`, [matured.id]);
  await ageStake(ctx, stake.id, 31); // past max_reward (30 days at 1 %)
  const now = unixNow();
  await Promise.all(Array.from({ length: 4 }, (_, i) => runSettlement(pick(apps, i), now)));

  expect((await balances(ctx.db, user.userId))?.balance_token).toBe((420n + 200n + 60n) * TOKEN);
  expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
  const entries = await ctx.db.query<{ reason: string; delta: bigint }>(
    'SELECT reason, delta FROM ledger WHERE user_id = $1 ORDER BY id',
    [user.userId],
  );
  expect(entries).toEqual([
    { reason: 'mint_matured', delta: 420n * TOKEN },
    { reason: 'staking_principal', delta: 200n * TOKEN },
    { reason: 'staking_reward', delta: 60n * TOKEN },
  ]);
  expect((await mintOf(ctx, user, matured.id)).status).toBe('completed');
  const [row] = await ctx.db.query<{ status: string }>('SELECT status FROM stakes WHERE id = $1', [stake.id]);
  expect(row?.status).toBe('completed');
}

/**
 * 20 concurrent POST /api/withdraw/transfer-from-referral-balance of 1 token from a 10-token referral
 * balance: exactly 10 succeed, the rest are 400 Insufficient funds; both balances and the ledger add up.
 */
export async function expectReferralTransfersExact(apps: Apps): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  await ledgerChange(ctx, user.userId, 10n * TOKEN, 'referral_balance');
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: '/api/withdraw/transfer-from-referral-balance',
        headers: user.headers,
        payload: { token_amount: '1' },
      }),
    ),
  );
  expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
  const refused = responses.filter((r) => r.statusCode !== 200);
  expect(refused).toHaveLength(10);
  expect(refused.every((r) => r.statusCode === 400 && r.json<ErrorBody>().msg === 'Insufficient funds')).toBe(true);
  const after = await balances(ctx.db, user.userId);
  expect(after?.referral_balance).toBe(0n);
  expect(after?.balance_token).toBe(10n * TOKEN);
  expect(await ledgerSums(ctx.db, user.userId)).toEqual({
    balance_token: 10n * TOKEN,
    referral_balance: 0n,
    task_balance: 0n,
  });
  const [transfers] = await ctx.db.query<{ n: number; total: bigint }>(
    'SELECT COUNT(*)::int AS n, COALESCE(SUM(amount_token), 0)::bigint AS total FROM referral_transfers WHERE user_id = $1',
    [user.userId],
  );
  expect(transfers).toEqual({ n: 10, total: 10n * TOKEN });
  const [entries] = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM ledger WHERE user_id = $1 AND reason = 'referral_transfer'`,
    [user.userId],
  );
  expect(entries?.n).toBe(20);
}

// ---- farming links ----------------------------------------------------------------------------------

/** A farming link body: 1 TON (100 tokens at the seed price) on the 30-day plan, from the referral balance. */
export const farmingBody = (overrides: Record<string, unknown> = {}) => ({
  amount: '1',
  days: 30,
  count_activations: 1,
  from_ref_balance: true,
  from_task_balance: false,
  is_multilink: false,
  is_for_me: false,
  ...overrides,
});

/** A user with `tokens` whole tokens on `account`, credited through the ledger. */
export async function fundedUser(
  ctx: TestContext,
  tokens: bigint,
  account: Account = 'referral_balance',
): Promise<TestUser> {
  const user = await newUser(ctx);
  if (tokens > 0n) await ledgerChange(ctx, user.userId, tokens * TOKEN, account);
  return user;
}

export async function createFarmingLink(
  ctx: TestContext,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<FarmingLink> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/farming/create',
    headers: user.headers,
    payload: farmingBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`farming create: ${response.statusCode} ${response.body}`);
  return response.json<FarmingLink>();
}

const activate = (ctx: TestContext, user: TestUser, code: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/farming/activate',
    headers: user.headers,
    payload: { activation_code: code },
  });

/**
 * `users` different users activate one multilink with `uses` uses at once: exactly `uses` mints, the link
 * exhausted, the author debited once (at creation) and nothing more.
 */
export async function expectMultilinkActivationsExact(apps: Apps, users = 200, uses = 10): Promise<void> {
  const [ctx] = apps;
  const author = await fundedUser(ctx, 100n * BigInt(uses));
  const link = await createFarmingLink(ctx, author, { count_activations: uses, is_multilink: true });
  const code = link.activation_code!;
  const activators = await Promise.all(Array.from({ length: users }, () => newUser(ctx)));
  const responses = await Promise.all(activators.map((user, i) => activate(pick(apps, i), user, code)));

  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(uses);
  expect(codes.filter((c) => c === 409)).toHaveLength(users - uses);
  expect(responses.find((r) => r.statusCode === 409)?.json<ErrorBody>().msg).toBe(
    'All of this link’s activations have been taken: ask its author for a new one',
  );
  const [mints] = await ctx.db.query<{ n: number; users: number }>(
    `SELECT COUNT(*)::int AS n, COUNT(DISTINCT user_id)::int AS users FROM mints WHERE farming_link_id = $1 AND status = 'active'`,
    [link.id],
  );
  expect(mints).toEqual({ n: uses, users: uses });
  const [row] = await ctx.db.query<{ status: string; activations_used: number }>(
    'SELECT status, activations_used FROM farming_links WHERE id = $1',
    [link.id],
  );
  expect(row).toEqual({ status: 'exhausted', activations_used: uses });
  const entries = await ctx.db.query<{ reason: string; delta: bigint }>(
    `SELECT reason, delta FROM ledger WHERE user_id = $1 AND account = 'referral_balance' ORDER BY id`,
    [author.userId],
  );
  expect(entries).toEqual([
    { reason: 'sandbox_grant', delta: 100n * BigInt(uses) * TOKEN },
    { reason: 'farming_link', delta: -100n * BigInt(uses) * TOKEN },
  ]);
  expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(0n);
  expect(await ledgerMatchesBalances(ctx, author.userId)).toBe(true);
}

/** One user activating one code `requests` times at once: one mint, every answer that same mint. */
export async function expectSameUserActivatesOnce(apps: Apps, requests = 20): Promise<void> {
  const [ctx] = apps;
  const author = await fundedUser(ctx, 500n);
  const link = await createFarmingLink(ctx, author, { count_activations: 5, is_multilink: true });
  const user = await newUser(ctx);
  const responses = await Promise.all(
    Array.from({ length: requests }, (_, i) => activate(pick(apps, i), user, link.activation_code!)),
  );
  expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: requests }, () => 200));
  const ids = new Set(responses.map((r) => r.json<Mint>().id));
  expect(ids.size).toBe(1);
  const [count] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mints WHERE user_id = $1', [
    user.userId,
  ]);
  expect(count?.n).toBe(1);
  const [row] = await ctx.db.query<{ activations_used: number }>(
    'SELECT activations_used FROM farming_links WHERE id = $1',
    [link.id],
  );
  expect(row?.activations_used).toBe(1);
}

/**
 * Creates and cancels of one author at once, `rounds` times: a cancel of one link racing the creation of
 * another, and two cancels of one link; every balance equals its ledger and the holds add up.
 */
export async function expectCreateAndCancelConsistent(apps: Apps, rounds = 10): Promise<void> {
  const [ctx] = apps;
  const author = await fundedUser(ctx, 10_000n);
  for (let round = 0; round < rounds; round++) {
    const link = await createFarmingLink(ctx, author, { count_activations: 3 });
    const [created, cancelA, cancelB] = await Promise.all([
      pick(apps, round).app.inject({
        method: 'POST',
        url: '/api/farming/create',
        headers: author.headers,
        payload: farmingBody({ count_activations: 2 }),
      }),
      pick(apps, round + 1).app.inject({
        method: 'POST',
        url: `/api/farming/${link.id}/cancel`,
        headers: author.headers,
      }),
      pick(apps, round + 2).app.inject({
        method: 'POST',
        url: `/api/farming/${link.id}/cancel`,
        headers: author.headers,
      }),
    ]);
    expect(created.statusCode).toBe(201);
    expect([cancelA.statusCode, cancelB.statusCode].sort()).toEqual([200, 409]);
  }
  // each round: 300 held and 300 returned, then 200 held
  expect((await balances(ctx.db, author.userId))?.referral_balance).toBe((10_000n - 200n * BigInt(rounds)) * TOKEN);
  expect(await ledgerMatchesBalances(ctx, author.userId)).toBe(true);
  const [refunds] = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM ledger WHERE user_id = $1 AND reason = 'farming_refund'`,
    [author.userId],
  );
  expect(refunds?.n).toBe(rounds);
}

/** Two links created at once that together cost more than the balance: one is made, one refused; never overdrawn. */
export async function expectConcurrentCreatesNeverOverdraw(apps: Apps, rounds = 10): Promise<void> {
  const [ctx] = apps;
  for (let round = 0; round < rounds; round++) {
    const author = await fundedUser(ctx, 300n, 'task_balance');
    const responses = await Promise.all(
      [0, 1].map((i) =>
        pick(apps, round + i).app.inject({
          method: 'POST',
          url: '/api/farming/create',
          headers: author.headers,
          payload: farmingBody({ count_activations: 2, from_ref_balance: false, from_task_balance: true }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(responses.find((r) => r.statusCode === 400)?.json<ErrorBody>().msg).toBe('Insufficient funds');
    expect((await balances(ctx.db, author.userId))?.task_balance).toBe(100n * TOKEN);
    const [links] = await ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM farming_links WHERE user_id = $1',
      [author.userId],
    );
    expect(links?.n).toBe(1);
    expect(await ledgerMatchesBalances(ctx, author.userId)).toBe(true);
  }
}

/**
 * `requests` concurrent POST /api/task/claim of one validated task: one 200 and the rest 409 'already
 * claimed', the reward credited to task_balance exactly once (one ledger entry), the ledger matching.
 */
export async function expectTaskClaimedOnce(apps: Apps, requests = 100): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  const taskId = await validatedTask(ctx, user, '7.5');
  const responses = await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: '/api/task/claim',
        headers: user.headers,
        payload: { task_id: taskId },
      }),
    ),
  );
  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(1);
  expect(codes.filter((c) => c === 409)).toHaveLength(requests - 1);
  expect(responses.find((r) => r.statusCode === 409)?.json<ErrorBody>().msg).toBe(
    'The reward for this task was already claimed',
  );
  expect((await balances(ctx.db, user.userId))?.task_balance).toBe(7_500_000_000n);
  const entries = await ctx.db.query<{ delta: bigint }>(
    `SELECT delta FROM ledger WHERE user_id = $1 AND reason = 'task_reward' AND ref_type = 'task' AND ref_id = $2`,
    [user.userId, String(taskId)],
  );
  expect(entries.map((e) => e.delta)).toEqual([7_500_000_000n]);
  expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
  expect((await taskCall(ctx, user, 'claim', { task_id: taskId })).statusCode).toBe(409);
}

/**
 * `loops` payout workers stepping at once over the apps (by default bare steps, no advisory lock: the
 * open-batch and seqno indexes and the row locks alone; or `round`, e.g. the periodic job), each with its
 * own wallet object from the same keys, pay 9 withdrawals: every one
 * completed once, every recipient credited exactly its amount, no withdrawal in two confirmed batches.
 */
export async function expectPayoutsPaidOnce(
  apps: Apps,
  client: TonClient,
  loops = 2 * apps.length,
  /** One round of a worker; default: one bare step. */
  round?: (ctx: TestContext, keys: HotWalletKeys) => Promise<unknown>,
  /** The hot wallet's kind (v4r2: 4 + 4 + 1 in three transfers; v5r1 and highload v3: all 9 in one). */
  version: HotWalletVersion = 'v4r2',
): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  const hot = await newHotWallet(ctx, 100n * TON, version);
  const recipients = Array.from({ length: 9 }, () => newRecipient());
  const ids: number[] = [];
  for (const [i, to] of recipients.entries())
    ids.push((await queue(ctx, user.userId, BigInt(i + 1) * TON, to.text)).id);

  const done = async () => {
    const rows = await ctx.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM withdrawals WHERE id = ANY($1::int[]) AND status = 'completed'`,
      [ids],
    );
    return rows[0]?.n === ids.length;
  };
  await Promise.all(
    Array.from({ length: loops }, async (_, i) => {
      const app = pick(apps, i);
      const w = worker(app, createHotWallet(hot.keys, 'testnet'), client);
      for (let step = 0; step < 60 && !(await done()); step++) {
        if (round) await round(app, hot.keys);
        else await runPayoutStep(w, nowSeconds());
      }
    }),
  );

  for (const id of ids) expect((await withdrawal(ctx, id)).status).toBe('completed');
  for (const [i, to] of recipients.entries()) expect(await balanceOf(client, to.address)).toBe(BigInt(i + 1) * TON);
  const batches = await ctx.db.query<{ id: number; status: string; seqno: bigint }>(
    `SELECT id, status, seqno FROM payout_batches WHERE wallet_address = $1 AND status = 'confirmed' ORDER BY id`,
    [hot.wallet.address.toRawString()],
  );
  const transfers = Math.ceil(ids.length / hot.wallet.maxMessages);
  expect(batches.map((b) => b.seqno)).toEqual(Array.from({ length: transfers }, (_, i) => BigInt(i)));
  const perBatch = await ctx.db.query<{ batch_id: number; n: number }>(
    'SELECT batch_id, COUNT(*)::int AS n FROM withdrawals WHERE id = ANY($1::int[]) GROUP BY batch_id ORDER BY batch_id',
    [ids],
  );
  expect(perBatch.map((row) => row.n)).toEqual(transfers === 3 ? [4, 4, 1] : [9]);
}

// ---- selling (POST /withdraw/create) ----------------------------------------------------------------

/**
 * `requests` concurrent sales of 20 tokens from a 1000-token balance (each above the minimum at the seed
 * price), spread over the apps: exactly 50 succeed, the rest are 400 Insufficient funds; the balance is
 * never overdrawn, and the withdrawals, the ledger and the balance agree.
 */
export async function expectConcurrentSalesNeverOverdraw(apps: Apps, requests = 200): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  await ledgerChange(ctx, user.userId, 1000n * TOKEN);
  const to = await proveWallet(ctx, user);
  const responses = await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: '/api/withdraw/create',
        headers: user.headers,
        payload: { from_ref_balance: false, token_amount: '20', address: to.text },
      }),
    ),
  );
  const created = responses.filter((r) => r.statusCode === 201);
  expect(created).toHaveLength(50);
  const refused = responses.filter((r) => r.statusCode !== 201);
  expect(refused.every((r) => r.statusCode === 400 && r.json<ErrorBody>().msg === 'Insufficient funds')).toBe(true);
  const after = await balances(ctx.db, user.userId);
  expect(after?.balance_token).toBe(0n);
  expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
  const [sales] = await ctx.db.query<{ n: number; total: bigint }>(
    'SELECT COUNT(*)::int AS n, COALESCE(SUM(token_amount), 0)::bigint AS total FROM withdrawals WHERE user_id = $1',
    [user.userId],
  );
  expect(sales).toEqual({ n: 50, total: 1000n * TOKEN });
  const [entries] = await ctx.db.query<{ n: number; total: bigint }>(
    `SELECT COUNT(*)::int AS n, COALESCE(SUM(delta), 0)::bigint AS total FROM ledger WHERE user_id = $1 AND reason = 'withdrawal'`,
    [user.userId],
  );
  expect(entries).toEqual({ n: 50, total: -1000n * TOKEN });
  // every ledger entry names its own withdrawal
  const [named] = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(DISTINCT l.ref_id)::int AS n FROM ledger l JOIN withdrawals w ON w.id::text = l.ref_id
      WHERE l.user_id = $1 AND l.reason = 'withdrawal' AND l.ref_type = 'withdrawal' AND w.user_id = $1`,
    [user.userId],
  );
  expect(named?.n).toBe(50);
  // Leave nothing queued: a payout race later on this database pays every queued withdrawal, oldest first.
  await ctx.db.query(`UPDATE withdrawals SET status = 'refunded' WHERE user_id = $1 AND status = 'queued'`, [
    user.userId,
  ]);
}

/** `requests` operator refunds of one failed withdrawal at once, over the apps: credited exactly once. */
export async function expectRefundedOnce(apps: Apps, requests = 20): Promise<void> {
  const [ctx] = apps;
  const user = await newUser(ctx);
  await ledgerChange(ctx, user.userId, 100n * TOKEN);
  const sale = await ctx.app.inject({
    method: 'POST',
    url: '/api/withdraw/create',
    headers: user.headers,
    payload: { token_amount: '40', address: (await proveWallet(ctx, user)).text },
  });
  expect(sale.statusCode).toBe(201);
  const id = sale.json<{ withdrawal: { id: number } }>().withdrawal.id;
  // As the worker leaves one the chain skipped (tests/server/sell.test.ts makes a real one).
  await ctx.db.query(`UPDATE withdrawals SET status = 'failed', error = 'skipped on chain' WHERE id = $1`, [id]);
  const responses = await Promise.all(
    Array.from({ length: requests }, (_, i) =>
      pick(apps, i).app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${id}/refund`,
        headers: { authorization: `Bearer ${ctx.config.adminToken}` },
      }),
    ),
  );
  expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
  expect(responses.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
  expect((await balances(ctx.db, user.userId))?.balance_token).toBe(100n * TOKEN);
  expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
  const [refunds] = await ctx.db.query<{ n: number }>(
    `SELECT COUNT(*)::int AS n FROM ledger WHERE user_id = $1 AND reason = 'withdrawal_refund'`,
    [user.userId],
  );
  expect(refunds?.n).toBe(1);
}

/**
 * Quotes while the price moves (the operator sets it again and again, on either instance): each user
 * confirms a 10 TON mint at the quote they saw. A quote in force within the last minute is honoured
 * exactly (the tokens of that price, whatever the price is by the time the request lands); a price that
 * was never in force is refused (400 priceQuoteExpired) and writes nothing.
 */
export async function expectQuotesHonouredWhilePriceMoves(apps: Apps, users = 20): Promise<void> {
  const [ctx] = apps;
  const quoted = 10_000_000n; // 0.01 TON per token
  await setPrice(ctx, quoted);
  const people = await Promise.all(Array.from({ length: users }, () => newUser(ctx)));
  const create = (i: number, price: string) =>
    pick(apps, i).app.inject({
      method: 'POST',
      url: '/api/mint/create',
      headers: people[i]!.headers,
      payload: { amount: '10', days: 30, price },
    });
  const moves = Array.from({ length: 10 }, (_, i) => setPrice(pick(apps, i), quoted + BigInt(i + 1) * 1_000_000n));
  const [responses] = await Promise.all([
    Promise.all(people.map((_, i) => create(i, i % 2 === 0 ? '0.01' : '0.0333'))),
    Promise.all(moves),
  ]);

  for (const [i, response] of responses.entries()) {
    if (i % 2 === 0) {
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Mint>()).toMatchObject({ amount_token: '1000' });
    } else {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().code).toBe('priceQuoteExpired');
    }
  }
  const refused = people.filter((_, i) => i % 2 === 1).map((person) => person.userId);
  const [written] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mints WHERE user_id = ANY($1)', [
    refused,
  ]);
  expect(written?.n).toBe(0);
  await setPrice(ctx, quoted); // the price the other races count at
}
