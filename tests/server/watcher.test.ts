import { Address, Cell, SendMode, beginCell, external, internal, storeMessage } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { TonClient, WalletContractV4 } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mint, UserMe } from '@contract';
import { CHAIN_RPC_PATH } from '../../server/sandbox/chain/routes';
import { faucet } from '../../server/sandbox/chain/service';
import { MINT_PENDING_TTL_SECONDS } from '../../server/constants';
import type { Db } from '../../server/db/index';
import type { Deps } from '../../server/deps';
import { createBackgroundJobs, runSettlement } from '../../server/jobs';
import { runExclusively } from '../../server/lib/periodic-job';
import { walletAppAddress } from '../../server/lib/ton-address';
import { createTreasuryWatcher, parseNodeTransaction } from '../../server/watcher/service';
import { createTestContext, type TestContext } from './helpers';
import {
  TON,
  TOKEN,
  createMint,
  fakeNode,
  ledgerMatchesBalances,
  listen,
  mintOf as kitMintOf,
  newUser,
  newWatcher,
  recordedTransaction,
  type TestUser,
} from './mint-kit';
import { expectCancelRacingPaymentHasOneOutcome, expectPaymentCreditedOnce } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const mintOf = (user: TestUser, id: number) => kitMintOf(ctx, user, id);
const recorded = (hash: string) => recordedTransaction(ctx, hash);

const toReview = async () =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/treasury/transactions',
      headers: { authorization: `Bearer ${ctx.config.adminToken}` },
    })
  ).json<Array<{ hash: string; outcome: string; amount_ton: string; source: string | null }>>();

describe('matching payments', () => {
  it('activates the mint its comment names, once, even when the same transaction is read again or after a restart', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 3, 30);
    const fake = fakeNode();
    const paid = fake.pay({ amount: 3n * TON, comment: mint.payment!.comment });
    const socket = listen(ctx, user.userId);
    try {
      const watcher = newWatcher(ctx, fake.node);
      const first = await watcher.poll();
      expect(first.recorded).toEqual({ credited: 1 });

      const active = await mintOf(user, mint.id);
      expect(active).toMatchObject({ status: 'active', cancel_reason: null });
      expect(active.payment).toBeUndefined();
      expect(active.matures_at! - active.activated_at!).toBe(30 * 86_400);
      expect(socket.events('user:mint')).toEqual([{ event: 'user:mint', data: active }]);
      expect(socket.events('user:balance')).toHaveLength(1);

      // the same poll again, a new watcher (restart), and a lost cursor: nothing more happens
      expect((await watcher.poll()).recorded).toEqual({});
      expect((await newWatcher(ctx, fake.node).poll()).recorded).toEqual({});
      await ctx.db.query('DELETE FROM treasury_cursor');
      expect((await newWatcher(ctx, fake.node).poll()).recorded).toEqual({});
      // two watchers reading at once (two processes without the lock) still record it once
      await ctx.db.query('DELETE FROM treasury_cursor');
      const both = await Promise.all([newWatcher(ctx, fake.node).poll(), newWatcher(ctx, fake.node).poll()]);
      expect(both.map((r) => r.recorded)).toEqual([{}, {}]);

      expect(socket.events('user:mint')).toHaveLength(1);
      expect(await recorded(paid.transaction_id.hash)).toMatchObject({ outcome: 'credited', mint_id: mint.id });
      const [count] = await ctx.db.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM treasury_transactions WHERE mint_id = $1',
        [mint.id],
      );
      expect(count?.n).toBe(1);
    } finally {
      socket.stop();
    }
  });

  it('forgives case and spacing in the comment', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    const fake = fakeNode();
    fake.pay({ amount: TON, comment: `  mint   ${mint.mint_id.toLowerCase()} ` });
    expect((await newWatcher(ctx, fake.node).poll()).recorded).toEqual({ credited: 1 });
    expect((await mintOf(user, mint.id)).status).toBe('active');
  });

  it('records underpaid, unknown and comment-less transfers for an operator and credits nothing', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 5);
    const fake = fakeNode();
    const under = fake.pay({ amount: 5n * TON - 1n, comment: mint.payment!.comment });
    const unknown = fake.pay({ amount: 2n * TON, comment: 'Mint ZZZZZZZZ' });
    const noComment = fake.pay({ amount: TON, comment: null });
    const chatter = fake.pay({ amount: TON, comment: 'thanks for the fish' });
    const own = fake.external();
    const socket = listen(ctx, user.userId);
    try {
      const result = await newWatcher(ctx, fake.node).poll();
      expect(result.recorded).toEqual({ underpaid: 1, unknown_comment: 3, not_payment: 1 });
      expect((await mintOf(user, mint.id)).status).toBe('pending');
      expect(socket.messages).toEqual([]);
      expect(await recorded(under.transaction_id.hash)).toMatchObject({
        outcome: 'underpaid',
        mint_id: mint.id,
        amount_nanotons: 5n * TON - 1n,
      });
      expect(await recorded(unknown.transaction_id.hash)).toMatchObject({
        outcome: 'unknown_comment',
        mint_id: null,
        comment: 'Mint ZZZZZZZZ',
      });
      expect(await recorded(noComment.transaction_id.hash)).toMatchObject({
        outcome: 'unknown_comment',
        comment: null,
      });
      expect(await recorded(chatter.transaction_id.hash)).toMatchObject({ outcome: 'unknown_comment' });
      expect(await recorded(own.transaction_id.hash)).toMatchObject({ outcome: 'not_payment' });

      const review = (await toReview()).map((row) => row.hash);
      expect(review).toEqual(
        expect.arrayContaining([under, unknown, noComment, chatter].map((t) => t.transaction_id.hash)),
      );
      expect(review).not.toContain(own.transaction_id.hash);
      // The sender in the form the app and the user's wallet show (0Q… on testnet), not the EQ… recorded.
      const [underRow] = await ctx.db.query<{ source: string }>(
        'SELECT source FROM treasury_transactions WHERE hash = $1',
        [under.transaction_id.hash],
      );
      const shown = (await toReview()).find((row) => row.hash === under.transaction_id.hash);
      expect(shown?.source).toBe(walletAppAddress(Address.parse(underRow!.source), ctx.config.tonNetwork));
      expect(shown?.source).not.toBe(underRow!.source);

      // the full amount later still activates it
      fake.pay({ amount: 5n * TON, comment: mint.payment!.comment });
      expect((await newWatcher(ctx, fake.node).poll()).recorded).toEqual({ credited: 1 });
      expect((await mintOf(user, mint.id)).status).toBe('active');
    } finally {
      socket.stop();
    }
  });

  it('activates on an overpayment and leaves the excess for an operator; a second payment is a duplicate', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 2);
    const fake = fakeNode();
    const over = fake.pay({ amount: 3n * TON, comment: mint.payment!.comment });
    const twice = fake.pay({ amount: 2n * TON, comment: mint.payment!.comment });
    const result = await newWatcher(ctx, fake.node).poll();
    expect(result.recorded).toEqual({ overpaid: 1, already_paid: 1 });
    const active = await mintOf(user, mint.id);
    expect(active).toMatchObject({ status: 'active', amount_ton: '2', amount_token: '200' });
    const review = await toReview();
    expect(review.find((row) => row.hash === over.transaction_id.hash)).toMatchObject({
      outcome: 'overpaid',
      amount_ton: '3',
    });
    expect(review.find((row) => row.hash === twice.transaction_id.hash)).toMatchObject({ outcome: 'already_paid' });

    // the operator marks one handled
    const resolve = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/transactions/resolve',
      headers: { authorization: `Bearer ${ctx.config.adminToken}` },
      payload: { hash: twice.transaction_id.hash, resolution: 'refunded 2 TON' },
    });
    expect(resolve.statusCode).toBe(200);
    expect((await toReview()).map((row) => row.hash)).not.toContain(twice.transaction_id.hash);
    // Final: resolving it again is refused, and the first resolution stands.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/treasury/transactions/resolve',
      headers: { authorization: `Bearer ${ctx.config.adminToken}` },
      payload: { hash: twice.transaction_id.hash, resolution: 'overwritten?' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'This transaction is already resolved', code: 'conflict' });
    const [kept] = await ctx.db.query<{ resolution: string }>(
      'SELECT resolution FROM treasury_transactions WHERE hash = $1',
      [twice.transaction_id.hash],
    );
    expect(kept?.resolution).toBe('refunded 2 TON');
    // Both attempts are in the audit, newest first, with their outcome.
    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit?limit=2',
      headers: { authorization: `Bearer ${ctx.config.adminToken}` },
    });
    expect(audit.json()).toMatchObject([
      {
        method: 'POST',
        path: '/api/admin/treasury/transactions/resolve',
        status: 409,
        body: { resolution: 'overwritten?' },
      },
      {
        method: 'POST',
        path: '/api/admin/treasury/transactions/resolve',
        status: 200,
        body: { resolution: 'refunded 2 TON' },
      },
    ]);
    const unauthorised = await ctx.app.inject({ method: 'GET', url: '/api/admin/treasury/transactions' });
    expect(unauthorised.statusCode).toBe(401);
  });
});

describe('one payment, many readers', () => {
  it('four watchers reading a new payment at once credit it once', async () => {
    await expectPaymentCreditedOnce([ctx]);
  });
});

describe('cancel and expiry against payment', () => {
  it('a payment after the user canceled is recorded, not credited', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    await ctx.app.inject({ method: 'POST', url: `/api/mint/${mint.id}/cancel`, headers: user.headers });
    const fake = fakeNode();
    const late = fake.pay({ amount: TON, comment: mint.payment!.comment });
    expect((await newWatcher(ctx, fake.node).poll()).recorded).toEqual({ mint_canceled: 1 });
    expect(await mintOf(user, mint.id)).toMatchObject({ status: 'canceled', cancel_reason: 'user' });
    expect(await recorded(late.transaction_id.hash)).toMatchObject({ outcome: 'mint_canceled', mint_id: mint.id });
  });

  it('cancel racing the payment has exactly one outcome', async () => {
    await expectCancelRacingPaymentHasOneOutcome([ctx]);
  });

  it('expires unpaid mints; a later payment is recorded, but one made on chain in time is honoured', async () => {
    const user = await newUser(ctx);
    const tooLate = await createMint(ctx, user, 1);
    const inTime = await createMint(ctx, user, 1);
    const socket = listen(ctx, user.userId);
    try {
      const expiry = tooLate.created_at + MINT_PENDING_TTL_SECONDS;
      const settled = await runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, expiry + 1);
      expect(settled.expiredMints).toBeGreaterThanOrEqual(2);
      expect(await mintOf(user, tooLate.id)).toMatchObject({ status: 'canceled', cancel_reason: 'expired' });
      expect(socket.events('user:mint').map((m) => m.data.status)).toEqual(['canceled', 'canceled']);

      const fake = fakeNode();
      const late = fake.pay({ amount: TON, comment: tooLate.payment!.comment, utime: expiry + 5 });
      // sent before the expiry, read after it (the watcher lagged): the user paid in time
      fake.pay({ amount: TON, comment: inTime.payment!.comment, utime: inTime.payment!.valid_until - 10 });
      const result = await newWatcher(ctx, fake.node, { clock: () => expiry + 20 }).poll();
      expect(result.recorded).toEqual({ mint_canceled: 1, credited: 1 });
      expect(await recorded(late.transaction_id.hash)).toMatchObject({ outcome: 'mint_canceled' });
      expect(await mintOf(user, inTime.id)).toMatchObject({
        status: 'active',
        cancel_reason: null,
        activated_at: expiry + 20,
      });
      expect(await mintOf(user, tooLate.id)).toMatchObject({ status: 'canceled' });
    } finally {
      socket.stop();
    }
  });
});

describe('referral effects', () => {
  it('pays the referrer its tier percent of the mint’s tokens to referral_balance and moves its turnover', async () => {
    const referrer = await newUser(ctx);
    const friend = await newUser(ctx, { refCode: referrer.refCode });
    const referrerSocket = listen(ctx, referrer.userId);
    try {
      const mint = await createMint(ctx, friend, 10); // 1000 tokens
      const fake = fakeNode();
      fake.pay({ amount: 10n * TON, comment: mint.payment!.comment });
      await newWatcher(ctx, fake.node).poll();

      // tier 1 (level 0): 5 % of 1000 tokens
      const [row] = await ctx.db.query<{ referral_balance: bigint }>(
        'SELECT referral_balance FROM users WHERE id = $1',
        [referrer.userId],
      );
      expect(row?.referral_balance).toBe(50n * TOKEN);
      expect(referrerSocket.events('user:balance').at(-1)?.data).toMatchObject({ referral_balance: '50' });
      const [entry] = await ctx.db.query<Record<string, unknown>>('SELECT * FROM ledger WHERE user_id = $1', [
        referrer.userId,
      ]);
      expect(entry).toMatchObject({
        account: 'referral_balance',
        delta: 50n * TOKEN,
        reason: 'referral_reward',
        ref_type: 'mint',
        ref_id: String(mint.id),
      });
      expect(await ledgerMatchesBalances(ctx, referrer.userId)).toBe(true);

      const me = (
        await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: referrer.headers })
      ).json<UserMe>();
      expect(me.ref).toMatchObject({ level: 0, percent: 5, turnover: '10', referrals_count: 1 });

      // 50 TON of turnover reaches tier 2 (6 %): the payment that crosses it already earns 6 %
      const big = await createMint(ctx, friend, 40); // 4000 tokens
      fake.pay({ amount: 40n * TON, comment: big.payment!.comment });
      await newWatcher(ctx, fake.node).poll();
      const [after] = await ctx.db.query<{ referral_balance: bigint }>(
        'SELECT referral_balance FROM users WHERE id = $1',
        [referrer.userId],
      );
      expect(after?.referral_balance).toBe(50n * TOKEN + 240n * TOKEN);
      const me2 = (
        await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: referrer.headers })
      ).json<UserMe>();
      expect(me2.ref).toMatchObject({ level: 1, percent: 6, turnover: '50' });
      // the payer's own balances are untouched until maturity; no referrer, no referral entry
      expect(await ctx.db.query('SELECT 1 FROM ledger WHERE user_id = $1', [friend.userId])).toHaveLength(0);
    } finally {
      referrerSocket.stop();
    }
  });

  it('raises the payer’s investment bonus with their paid TON', async () => {
    const whale = await newUser(ctx);
    const socket = listen(ctx, whale.userId);
    try {
      const mint = await createMint(ctx, whale, 100);
      const fake = fakeNode();
      fake.pay({ amount: 100n * TON, comment: mint.payment!.comment });
      await newWatcher(ctx, fake.node).poll();
      expect(socket.events('user:balance').at(-1)?.data).toMatchObject({ investment_bonus: 0.05 });
      const me = (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: whale.headers })).json<UserMe>();
      expect(me.investment_bonus).toBe(0.05);
    } finally {
      socket.stop();
    }
  });
});

describe('reading the node', () => {
  it('reads back page by page to the last transaction it knows, and continues a long backlog on the next poll', async () => {
    const user = await newUser(ctx);
    const fake = fakeNode();
    const watcher = newWatcher(ctx, fake.node, { pageSize: 3, maxPagesPerPoll: 2 });
    await watcher.poll(); // catch up with the history so far
    const mints: Mint[] = [];
    for (let i = 0; i < 5; i++) mints.push(await createMint(ctx, user, 1 + i));
    // 5 payments and 6 other transfers: 11 new transactions, 3 per page, 2 pages per poll
    for (const [i, mint] of mints.entries()) {
      fake.pay({ amount: BigInt(1 + i) * TON, comment: mint.payment!.comment });
      if (i < 4) fake.pay({ amount: 1n, comment: 'noise' });
    }
    fake.external();
    fake.external();

    const counts: number[] = [];
    for (let poll = 0; poll < 5; poll++) {
      const result = await watcher.poll();
      counts.push(Object.values(result.recorded).reduce((a, b) => a + b, 0));
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(11);
    expect(counts[0]).toBeLessThan(11); // it took more than one poll
    const statuses = await Promise.all(mints.map(async (mint) => (await mintOf(user, mint.id)).status));
    expect(statuses).toEqual(['active', 'active', 'active', 'active', 'active']);
    // caught up: the next poll reads one page and records nothing
    fake.node.calls.length = 0;
    expect((await watcher.poll()).recorded).toEqual({});
    expect(fake.node.calls).toEqual([{ limit: 3 }]);
  });

  it('reports its lag: 0 caught up; during a backward scan, the newest read minus the newest fully processed', async () => {
    const fake = fakeNode();
    const lags: number[] = [];
    const watcher = createTreasuryWatcher({
      deps: { db: ctx.db, bus: ctx.bus, config: ctx.config },
      node: fake.node,
      clock: () => Math.floor(Date.now() / 1000),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pageSize: 3,
      maxPagesPerPoll: 1,
      onLag: (seconds) => lags.push(seconds),
    });
    const start = Math.floor(Date.now() / 1000) - 3_600;
    fake.pay({ amount: 1n, comment: 'noise', utime: start });
    await watcher.poll();
    expect(lags).toEqual([0]);
    // 7 more, 10 s apart: one page of 3 a poll, so the scan takes several polls back to known ground.
    for (let i = 1; i <= 7; i++) fake.pay({ amount: 1n, comment: 'noise', utime: start + 10 * i });
    do await watcher.poll();
    while (lags.at(-1) !== 0 && lags.length < 12);
    expect(lags.length).toBeGreaterThan(3);
    expect(lags.slice(1, -1)).toEqual(lags.slice(1, -1).map(() => 70));
    expect(lags.at(-1)).toBe(0);
  });

  it('parses toncenter text, raw-body and external messages', () => {
    const base = { transaction_id: { lt: '5', hash: 'aGFzaA==' }, utime: 100, out_msgs: [] };
    const body = beginCell().storeUint(0, 32).storeStringTail('Mint ABC').endCell().toBoc().toString('base64');
    expect(
      parseNodeTransaction({
        ...base,
        in_msg: { source: 'EQx', value: '7', msg_data: { '@type': 'msg.dataRaw', body } },
      }),
    ).toMatchObject({
      lt: 5n,
      amount: 7n,
      source: 'EQx',
      comment: 'Mint ABC',
    });
    expect(
      parseNodeTransaction({
        ...base,
        in_msg: { source: '', value: '0', msg_data: { '@type': 'msg.dataRaw', body: '' } },
      }),
    ).toMatchObject({
      source: null,
      amount: 0n,
    });
    expect(parseNodeTransaction({ utime: 1 })).toBeNull();
  });
});

describe('one watcher per database', () => {
  /** A Postgres-kind Db whose advisory lock is held by another process. */
  const lockedPg = (locked: boolean): Db => ({
    kind: 'pg',
    query: async () => [],
    exec: async () => undefined,
    close: async () => undefined,
    tx: async (fn) =>
      fn({
        query: async <T>(sql: string) => (sql.includes('pg_try_advisory_xact_lock') ? [{ locked } as T] : []),
        exec: async () => undefined,
      }),
  });

  it('skips the run when another process holds the advisory lock, runs when it gets it', async () => {
    let runs = 0;
    const run = async () => {
      runs++;
    };
    expect(await runExclusively(lockedPg(false), 1, run)).toBe(false);
    expect(runs).toBe(0);
    expect(await runExclusively(lockedPg(true), 1, run)).toBe(true);
    expect(runs).toBe(1);
  });

  it('background jobs start, run on their own, and stop without keeping the process alive', async () => {
    const fake = fakeNode();
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    fake.pay({ amount: TON, comment: mint.payment!.comment });
    const jobs = createBackgroundJobs({
      config: ctx.config,
      db: ctx.db,
      bus: ctx.bus,
      node: fake.node,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    jobs.start();
    jobs.start(); // idempotent
    await vi.waitFor(async () => expect((await mintOf(user, mint.id)).status).toBe('active'), {
      timeout: 2_000,
      interval: 20,
    });
    await jobs.stop();
    expect((await mintOf(user, mint.id)).status).toBe('active');
  });
});

describe('end to end through the dev chain', () => {
  // The node client the server uses in production (@ton/ton's TonClient), over the app's own JSON-RPC route.
  let endpoint: string;
  let node: TonClient;
  beforeAll(async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = `${address}${CHAIN_RPC_PATH}`;
    node = new TonClient({ endpoint });
  });

  it('a dev wallet pays with the payment request; the watcher reads the chain over JSON-RPC and activates the mint', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 2);
    const payment = mint.payment!;

    const keyPair = keyPairFromSeed(Buffer.alloc(32, 77));
    const wallet = WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey });
    // faucet only writes the chain's tables: the database is all of Deps it needs
    await faucet({ db: ctx.db } as Pick<Deps, 'db'> as Deps, wallet.address, 10n * TON);

    const body = wallet.createTransfer({
      seqno: 0,
      secretKey: keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
      messages: [
        internal({
          to: payment.address,
          value: BigInt(payment.amount),
          bounce: true,
          body: Cell.fromBase64(payment.payload),
        }),
      ],
    });
    const message = external({ to: wallet.address, init: wallet.init, body });
    await node.sendFile(beginCell().store(storeMessage(message)).endCell().toBoc());

    const result = await newWatcher(ctx, node).poll();
    expect(result.recorded.credited).toBe(1);
    const active = await mintOf(user, mint.id);
    expect(active.status).toBe('active');
    const [row] = await ctx.db.query<{ source: string; amount_nanotons: bigint; comment: string }>(
      `SELECT source, amount_nanotons, comment FROM treasury_transactions WHERE mint_id = $1`,
      [mint.id],
    );
    expect(row).toMatchObject({ amount_nanotons: 2n * TON, comment: payment.comment });
    expect(row?.source).toBe(wallet.address.toString({ urlSafe: true, bounceable: true }));
    // read again: nothing more
    expect((await newWatcher(ctx, node).poll()).recorded).toEqual({});
  });

  it('pages back through a long history with TonClient, recording every transaction once', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    // A treasury of its own, so the history is exactly what this test pays into it.
    const treasury = WalletContractV4.create({
      workchain: 0,
      publicKey: keyPairFromSeed(Buffer.alloc(32, 78)).publicKey,
    }).address;
    const chain = { db: ctx.db } as Pick<Deps, 'db'> as Deps;
    const paid: string[] = [];
    for (let i = 0; i < 4; i++) paid.push((await faucet(chain, treasury, TON, `noise ${i}`)).hash);
    paid.push((await faucet(chain, treasury, TON, mint.payment!.comment)).hash);
    for (let i = 4; i < 7; i++) paid.push((await faucet(chain, treasury, TON, `noise ${i}`)).hash);

    const watcher = createTreasuryWatcher({
      deps: { db: ctx.db, bus: ctx.bus, config: { ...ctx.config, treasuryAddress: treasury.toString() } },
      node,
      clock: () => Math.floor(Date.now() / 1000),
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      pageSize: 2,
      maxPagesPerPoll: 2,
    });
    let recorded = 0;
    let polls = 0;
    for (; polls < 10 && recorded < paid.length; polls++) {
      recorded += Object.values((await watcher.poll()).recorded).reduce((a, b) => a + b, 0);
    }
    expect(recorded).toBe(paid.length);
    expect(polls).toBeGreaterThan(1);
    const rows = await ctx.db.query<{ hash: string; outcome: string }>(
      'SELECT hash, outcome FROM treasury_transactions WHERE hash = ANY($1::text[])',
      [paid],
    );
    expect(rows.map((row) => row.hash).sort()).toEqual([...paid].sort());
    expect(rows.filter((row) => row.outcome === 'credited')).toHaveLength(1);
    expect((await mintOf(user, mint.id)).status).toBe('active');
    expect((await watcher.poll()).recorded).toEqual({});
  });

  it('background jobs read the node at TON_NODE_URL with TonClient when given no node', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    await faucet(
      { db: ctx.db } as Pick<Deps, 'db'> as Deps,
      Address.parse(mint.payment!.address),
      TON,
      mint.payment!.comment,
    );
    const jobs = createBackgroundJobs({
      config: { ...ctx.config, tonNodeUrl: endpoint },
      db: ctx.db,
      bus: ctx.bus,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    jobs.start();
    try {
      await vi.waitFor(async () => expect((await mintOf(user, mint.id)).status).toBe('active'), {
        timeout: 4_000,
        interval: 20,
      });
    } finally {
      await jobs.stop();
    }
    expect((await mintOf(user, mint.id)).status).toBe('active');
  });
});
