/**
 * The operator console's data calls (contract operatorRoutes): the overview's figures from real flows (a
 * paid mint, a payout the worker completed on the dev chain), today against the last 7 days, the payout
 * worker's state and why it waits, the hot wallet's balance (unknown when the node does not answer); the
 * sale's settings changed by their rules; users found and shown; withdrawals with their batch's transaction
 * and their user; treasury transactions with the mint they likely pay for; the same through the CLI.
 */
import type { TonClient } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OperatorSocketMessage,
  type OperatorUser,
  type OperatorUserDetail,
  type OperatorWithdrawal,
  type Overview,
  type TreasuryTransaction,
  formatUnits,
  operatorCallSchemas,
  parseUnits,
} from '@contract';
import { buildApp } from '../../server/app';
import { inTransaction } from '../../server/events/transaction';
import { runOperator } from '../../server/operator';
import { noteWithdrawalErrors } from '../../server/withdraw/queries';
import { noteWaiting, queueWithdrawal } from '../../server/withdraw/service';
import { createHotWallet, runPayoutStep } from '../../server/withdraw/worker';
import { createTestContext, newTelegramId, register, type TestContext } from './helpers';
import { TON, TOKEN, createMint, fakeNode, newUser, newWatcher, payMint, stakeMint, type TestUser } from './mint-kit';
import { chainClient, newHotWallet, newRecipient, sold, unixNow, worker } from './payout-kit';
import { ledgerChange } from './race-kit';
import { proveWallet } from './wallet-kit';

/** The node the app reads the hot wallet's balance from: answers `balance`, or fails when it is null. */
const node = { balance: (12n * TON) as bigint | null };
const appNode = {
  async getContractState() {
    if (node.balance === null) throw new Error('node unreachable');
    return { balance: node.balance, state: 'active', code: null, data: null, lastTransaction: null, blockId: {} };
  },
} as unknown as TonClient;

let ctx: TestContext;
let chain: TonClient;
beforeAll(async () => {
  ctx = await createTestContext({ tonClient: appNode });
  chain = await chainClient(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { authorization: `Bearer ${ctx.config.adminToken}` },
    ...(payload === undefined ? {} : { payload }),
  });

async function overview(): Promise<Overview> {
  const response = await admin('GET', '/overview');
  expect(response.statusCode).toBe(200);
  return operatorCallSchemas.overview.response.parse(response.json());
}

const units = (text: string) => parseUnits(text);
/** The worker's reason for a hot wallet short of 1 TON plus fees, and its English words. */
const SHORT = { code: 'hot_wallet_short', params: { balance: '0', needed: '1100000000' } } as const;
const SHORT_TEXT = 'The hot wallet holds 0.0000 TON; this payout needs 1.1000 TON with fees';
const REFUSED = { code: 'node_refused', params: { node_error: 'LITE_SERVER_UNKNOWN: timeout' } } as const;
const midnightUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000;
};
const at = (seconds: number) => new Date(seconds * 1000);

/** A withdrawal the payout worker paid on the dev chain: `ton` sent, `fee` kept at the sale. */
async function paidOut(user: TestUser, ton: bigint, fee: bigint) {
  const hot = await newHotWallet(ctx);
  const row = await inTransaction(ctx.db, ctx.bus, (tx) =>
    queueWithdrawal(tx, {
      userId: user.userId,
      sourceAccount: 'balance_token',
      tokenAmount: 10n * TOKEN,
      tonAmount: ton,
      fee,
      address: newRecipient().text,
    }),
  );
  const run = worker(ctx, hot.wallet, chain);
  for (let i = 0; i < 10; i++) {
    const step = await runPayoutStep(run, unixNow());
    if (step.kind === 'idle') break;
  }
  const [done] = await ctx.db.query<{ status: string; batch_id: number; tx_hash: string }>(
    'SELECT w.status, w.batch_id, b.tx_hash FROM withdrawals w JOIN payout_batches b ON b.id = w.batch_id WHERE w.id = $1',
    [row.id],
  );
  expect(done?.status).toBe('completed');
  return { id: row.id, batchId: done!.batch_id, txHash: done!.tx_hash };
}

describe('overview', () => {
  it('adds up users, TON credited for mints and TON sent to sellers, today and over 7 days', async () => {
    const before = await overview();
    const buyer = await newUser(ctx);
    const seller = await newUser(ctx);
    const mint = await createMint(ctx, buyer, 3);
    await payMint(ctx, mint);
    const payout = await paidOut(seller, 2n * TON, TON / 10n);

    const after = await overview();
    expect(after.users.total - before.users.total).toBe(2);
    expect(after.users.new_today - before.users.new_today).toBe(2);
    const delta = (a: string, b: string) => units(a) - units(b);
    expect(delta(after.mint_received.today, before.mint_received.today)).toBe(3n * TON);
    expect(delta(after.mint_received.week, before.mint_received.week)).toBe(3n * TON);
    // What the payout sent (ton_amount: the fee was kept at the sale), not more, not less.
    expect(delta(after.paid_to_sellers.today, before.paid_to_sellers.today)).toBe(2n * TON);
    expect(delta(after.paid_to_sellers.week, before.paid_to_sellers.week)).toBe(2n * TON);

    // Yesterday (a second before midnight UTC): in the week, not today; 8 days ago: in neither.
    const yesterday = at(midnightUtc() - 1);
    await ctx.db.query('UPDATE users SET created_at = $2 WHERE id = $1', [buyer.userId, yesterday]);
    await ctx.db.query('UPDATE mints SET activated_at = $2 WHERE id = $1', [mint.id, yesterday]);
    await ctx.db.query('UPDATE payout_batches SET confirmed_at = $2 WHERE id = $1', [payout.batchId, yesterday]);
    const moved = await overview();
    expect(moved.users.total).toBe(after.users.total);
    expect(moved.users.new_today).toBe(after.users.new_today - 1);
    expect(units(moved.mint_received.today)).toBe(units(after.mint_received.today) - 3n * TON);
    expect(moved.mint_received.week).toBe(after.mint_received.week);
    expect(units(moved.paid_to_sellers.today)).toBe(units(after.paid_to_sellers.today) - 2n * TON);
    expect(moved.paid_to_sellers.week).toBe(after.paid_to_sellers.week);

    const eightDaysAgo = at(unixNow() - 8 * 86_400);
    await ctx.db.query('UPDATE mints SET activated_at = $2 WHERE id = $1', [mint.id, eightDaysAgo]);
    await ctx.db.query('UPDATE payout_batches SET confirmed_at = $2 WHERE id = $1', [payout.batchId, eightDaysAgo]);
    const old = await overview();
    expect(units(old.mint_received.week)).toBe(units(after.mint_received.week) - 3n * TON);
    expect(units(old.paid_to_sellers.week)).toBe(units(after.paid_to_sellers.week) - 2n * TON);
  });

  it('shows the hot wallet and its balance as the node answers, and null (not an error) when it cannot be read', async () => {
    const keys = ctx.app.hotWallet;
    expect(keys).not.toBeNull();
    // The form `hot-wallet address` prints: non-bounceable, test-only on testnet (0Q…), not the bounceable EQ….
    const address = createHotWallet(keys!, ctx.config.tonNetwork).address.toString({
      urlSafe: true,
      bounceable: false,
      testOnly: ctx.config.tonNetwork === 'testnet',
    });
    node.balance = 12n * TON;
    expect((await overview()).hot_wallet).toMatchObject({ address, balance: '12' });
    node.balance = null;
    expect((await overview()).hot_wallet).toMatchObject({ address, balance: null });
    node.balance = 12n * TON;
  });

  it('tells the payout worker running, paused, or waiting with the newest reason or a held batch', async () => {
    const seller = await newUser(ctx);
    const base = await overview();
    expect(base.payouts).toMatchObject({ state: 'running', reason: null, held_batches: 0 });

    const first = await sold(ctx, seller.userId, TON, newRecipient().text);
    const second = await sold(ctx, seller.userId, 2n * TON, newRecipient().text);
    const queued = await overview();
    expect(units(queued.hot_wallet.queued) - units(base.hot_wallet.queued)).toBe(3n * TON);
    expect(queued.payouts.counts.queued - base.payouts.counts.queued).toBe(2);
    expect(queued.payouts.state).toBe('running');

    await noteWithdrawalErrors(ctx.db, [first.id], SHORT);
    await ctx.db.query("UPDATE withdrawals SET updated_at = now() + interval '1 second' WHERE id = $1", [second.id]);
    await noteWithdrawalErrors(ctx.db, [second.id], REFUSED);
    await ctx.db.query("UPDATE withdrawals SET updated_at = now() + interval '1 second' WHERE id = $1", [second.id]);
    // The English words and the code with its figures (the node's words as they came), for the console.
    expect((await overview()).payouts).toMatchObject({
      state: 'waiting',
      reason: 'The node refused the transfer; the node\'s words: "LITE_SERVER_UNKNOWN: timeout"',
      reason_coded: REFUSED,
    });

    // Paused by an operator comes first, whatever waits.
    expect((await admin('POST', '/payouts', { paused: true })).statusCode).toBe(200);
    expect((await overview()).payouts).toMatchObject({ state: 'paused', reason: null });
    expect((await admin('POST', '/payouts', { paused: false })).statusCode).toBe(200);

    // A held batch, no withdrawal error: waiting, the batch's reason.
    await noteWithdrawalErrors(ctx.db, [first.id, second.id], null);
    const [batch] = await ctx.db.query<{ id: number }>(
      `INSERT INTO payout_batches (wallet_address, seqno, valid_until, signed_boc, message_hash, status, last_error, held_at)
       VALUES ('held-wallet', 7, 0, 'boc', 'hash', 'held', 'Neither found on chain nor proven lost', now()) RETURNING id`,
    );
    expect((await overview()).payouts).toMatchObject({
      state: 'waiting',
      reason: 'Neither found on chain nor proven lost',
      // A row older than the codes: its text alone, which the console shows as it is.
      reason_coded: null,
      held_batches: 1,
    });
    await ctx.db.query("UPDATE payout_batches SET status = 'expired' WHERE id = $1", [batch!.id]);
    await ctx.db.query("UPDATE withdrawals SET status = 'refunded' WHERE id = ANY($1::int[])", [[first.id, second.id]]);
    expect((await overview()).payouts).toMatchObject({ state: 'running', reason: null, held_batches: 0 });
  });

  it("counts proofs and treasury transactions waiting, maintenance, and the seconds since the watcher's last read", async () => {
    const fake = fakeNode();
    await newWatcher(ctx, fake.node).poll();
    const fresh = await overview();
    expect(fresh.watcher_lag_seconds).not.toBeNull();
    expect(fresh.watcher_lag_seconds!).toBeLessThan(5);

    // A read that fails stamps nothing: the lag grows.
    await ctx.db.query("UPDATE treasury_cursor SET read_at = now() - interval '120 seconds'");
    const failing = { getTransactions: async () => Promise.reject(new Error('node down')) };
    await expect(newWatcher(ctx, failing).poll()).rejects.toThrow('node down');
    expect((await overview()).watcher_lag_seconds).toBeGreaterThanOrEqual(120);

    fake.pay({ amount: TON, comment: 'no mint here' });
    await newWatcher(ctx, fake.node).poll();
    const withPayment = await overview();
    expect(withPayment.treasury_waiting).toBe(fresh.treasury_waiting + 1);
    expect(withPayment.watcher_lag_seconds!).toBeLessThan(5);

    await ctx.db.query(
      `INSERT INTO task_proofs (user_id, task_id, kind, link)
       SELECT u.id, t.id, t.kind, 'https://t.me/x/1' FROM users u, tasks t WHERE t.kind = 'link' LIMIT 1`,
    );
    expect((await overview()).reviews_waiting).toBe(fresh.reviews_waiting + 1);

    expect((await admin('POST', '/maintenance', { enabled: true })).statusCode).toBe(200);
    expect((await overview()).maintenance).toBe(true);
    expect((await admin('POST', '/maintenance', { enabled: false })).statusCode).toBe(200);
  });
});

describe('settingsSet', () => {
  const settings = async () => (await admin('GET', '/settings')).json<Record<string, unknown>>();

  it('refuses what breaks a rule (422) and changes nothing', async () => {
    const before = await settings();
    for (const body of [
      { withdraw_fee_percent: 100 },
      { withdraw_fee_percent: -1 },
      { withdraw_network_fee: '-0.1' },
      { withdraw_min_receive: '0' },
      { withdraw_network_fee: 'lots' },
      { collective_bonus: 5 },
      {},
      // One good value beside a bad one: nothing of it is stored.
      { withdraw_fee_percent: 2, withdraw_min_receive: '-1' },
    ]) {
      const response = await admin('PATCH', '/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await settings()).toEqual(before);
  });

  it('stores the change as the sale reads it, in one answer of every setting, and the next sale pays by it', async () => {
    const response = await admin('PATCH', '/settings', {
      withdraw_fee_percent: 0,
      withdraw_network_fee: '0.5',
      withdraw_min_receive: '0.25',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      withdraw_fee_percent: 0,
      withdraw_network_fee: '0.5',
      withdraw_min_receive: '0.25',
    });
    const [stored] = await ctx.db.query<{ value: unknown }>(
      "SELECT value FROM settings WHERE key = 'withdraw_network_fee'",
    );
    expect(stored?.value).toBe('0.5');

    const user = await newUser(ctx);
    const calculate = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/withdraw/calculate?token_amount=1000',
          headers: user.headers,
        })
      ).json<{ ton_amount: string; fee: string }>();
    expect((await calculate()).fee).toBe('0.5');

    expect(
      (await admin('PATCH', '/settings', { withdraw_fee_percent: 50, withdraw_network_fee: '0' })).statusCode,
    ).toBe(200);
    const sale = await calculate();
    const ton = units(sale.ton_amount);
    expect(units(sale.fee)).toBe((ton + 1n) / 2n);

    // the defaults again, for the tests after
    await admin('PATCH', '/settings', {
      withdraw_fee_percent: 1,
      withdraw_network_fee: '0.01',
      withdraw_min_receive: '0.1',
    });
  });
});

describe('users', () => {
  let found: { id: number; telegramId: number; refCode: string };
  beforeAll(async () => {
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId, username: 'Console_Alice', first_name: 'Alice' });
    const [row] = await ctx.db.query<{ id: number; ref_code: string }>(
      'SELECT id, ref_code FROM users WHERE telegram_id = $1',
      [telegramId],
    );
    found = { id: row!.id, telegramId, refCode: row!.ref_code };
  });

  const find = async (q: string) => {
    const response = await admin('GET', `/users?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(200);
    return response.json<OperatorUser[]>();
  };

  it('finds a user by Telegram id, @username or username in any case, and ref code; nothing else', async () => {
    for (const q of [String(found.telegramId), '@console_alice', 'CONSOLE_ALICE', found.refCode]) {
      expect(await find(q), q).toEqual([
        expect.objectContaining({
          id: found.id,
          telegram_id: found.telegramId,
          first_name: 'Alice',
          username: 'Console_Alice',
          ref_code: found.refCode,
        }),
      ]);
    }
    expect(await find('nobody_here')).toEqual([]);
    expect(await find('999999999999')).toEqual([]);
    expect((await admin('GET', '/users?q=')).statusCode).toBe(422);
  });

  it('finds a user by a part of their name (first and last, any case), exact matches first', async () => {
    // Most test users, and many real ones, have no username: the name is what an operator knows.
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId, first_name: 'Мария', last_name: 'Иванова-Петрова' });
    const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [telegramId]);
    for (const q of ['мари', 'ИВАНОВА', 'Мария Иванова', 'петрова']) {
      expect(
        (await find(q)).map((user) => user.id),
        q,
      ).toEqual([row!.id]);
    }
    // A name holding another user's username: the exact match (the username) comes first.
    const fan = newTelegramId();
    await register(ctx.app, { id: fan, first_name: 'console_alice fan' });
    const matches = await find('console_alice');
    expect(matches.map((user) => user.first_name)).toEqual(['Alice', 'console_alice fan']);
    // LIKE's wildcards are read as the characters they are, not as "anything".
    for (const q of ['%', 'a%e', 'A_i', '\\']) expect(await find(q), q).toEqual([]);
  });

  it('shows one user: account, balances, newest mints, stakes, withdrawals (with the batch transaction) and operations', async () => {
    expect((await admin('GET', '/users/999999')).json()).toEqual({ msg: 'User not found', code: 'userNotFound' });
    expect((await admin('GET', '/users/999999')).statusCode).toBe(404);

    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 2);
    await payMint(ctx, mint);
    const stake = await stakeMint(ctx, user, mint.id);
    await ledgerChange(ctx, user.userId, 20n * TOKEN);
    const payout = await paidOut(user, TON, 0n);

    const response = await admin('GET', `/users/${user.userId}`);
    expect(response.statusCode).toBe(200);
    const detail = operatorCallSchemas.userDetail.response.parse(response.json()) as OperatorUserDetail;
    expect(detail.user).toMatchObject({
      id: user.userId,
      ref_code: user.refCode,
      wallet: null,
      referrer_id: null,
      referrer: null,
    });
    expect(detail.balances).toEqual({ balance_token: '20', task_balance: '0', referral_balance: '0' });
    expect(detail.mints.map((m) => m.id)).toEqual([mint.id]);
    expect(detail.stakes.map((s) => s.id)).toEqual([stake.id]);
    expect(detail.withdrawals).toEqual([
      expect.objectContaining({ id: payout.id, status: 'completed', tx_hash: payout.txHash, user_id: user.userId }),
    ]);
    expect(detail.ledger.length).toBeGreaterThan(0);
    expect(detail.ledger[0]!.created_at).toBeGreaterThanOrEqual(detail.ledger.at(-1)!.created_at);
  });

  it('names the user’s referrer, and shows their wallet as the app does (user-friendly, non-bounceable)', async () => {
    const invited = await newUser(ctx, { refCode: found.refCode });
    const wallet = await proveWallet(ctx, invited);
    const detail = operatorCallSchemas.userDetail.response.parse(
      (await admin('GET', `/users/${invited.userId}`)).json(),
    ) as OperatorUserDetail;
    expect(detail.user.referrer).toEqual({
      id: found.id,
      telegram_id: found.telegramId,
      first_name: 'Alice',
      username: 'Console_Alice',
    });
    expect(detail.user.wallet).toMatchObject({
      address: wallet.address.toRawString(),
      friendly_address: wallet.text,
    });
    expect(detail.user.wallet!.friendly_address).toMatch(/^0Q/);
  });
});

describe('operator tasks', () => {
  it('show each task with its description and icon', async () => {
    const created = await admin('POST', '/tasks', {
      kind: 'visit',
      reward: '5',
      title: { en: 'Visit', ru: 'Зайти' },
      description: { en: 'Open the page', ru: 'Откройте страницу' },
      icon: 'rocket',
      settings: { url: 'https://example.com', min_seconds: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await admin('GET', '/tasks')).json<Array<{ id: number }>>();
    expect(listed.find((task) => task.id === created.json<{ id: number }>().id)).toMatchObject({
      description: { en: 'Open the page', ru: 'Откройте страницу' },
      icon: 'rocket',
    });
  });
});

describe('operator withdrawals and treasury transactions', () => {
  it('names the user of each withdrawal, and its batch transaction (null before the chain saw it)', async () => {
    const [row] = await ctx.db.query<{ telegram_id: bigint; first_name: string; username: string | null }>(
      'SELECT telegram_id, first_name, username FROM users WHERE id = (SELECT max(id) FROM users)',
    );
    const [last] = await ctx.db.query<{ id: number }>('SELECT max(id) AS id FROM users');
    const w = await sold(ctx, last!.id, TON, newRecipient().text);
    await noteWithdrawalErrors(ctx.db, [w.id], SHORT);
    const listed = (await admin('GET', '/withdrawals')).json<OperatorWithdrawal[]>().find((x) => x.id === w.id);
    expect(listed).toMatchObject({
      id: w.id,
      status: 'queued',
      tx_hash: null,
      batch_id: null,
      error: SHORT_TEXT,
      error_coded: SHORT,
      user: { telegram_id: Number(row!.telegram_id), first_name: row!.first_name, username: row!.username },
    });
    const heard: OperatorSocketMessage[] = [];
    const stop = ctx.bus.subscribeOperators((message) => heard.push(message));
    const refunded = await admin('POST', `/withdrawals/${w.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json<OperatorWithdrawal>()).toMatchObject({ id: w.id, status: 'refunded', user: listed!.user });
    // The consoles hear it: the withdrawal as listed, then the worker's state it leaves.
    stop();
    expect(heard.map((m) => m.event)).toEqual(['withdrawal:changed', 'payouts:state']);
    expect(heard[0]!.data).toEqual(refunded.json());
  });

  it('tells the consoles a waiting reason once, when it changes, not on every tick of the worker', async () => {
    const [last] = await ctx.db.query<{ id: number }>('SELECT max(id) AS id FROM users');
    const w = await sold(ctx, last!.id, TON, newRecipient().text);
    const heard: OperatorSocketMessage[] = [];
    const stop = ctx.bus.subscribeOperators((message) => heard.push(message));
    for (const reason of [SHORT, SHORT, null]) {
      await inTransaction(ctx.db, ctx.bus, (tx) => noteWaiting(tx, [w.id], reason));
    }
    stop();
    const changes = heard
      .filter((m) => m.event === 'withdrawal:changed')
      .map((m) => (m.data as OperatorWithdrawal).error);
    expect(changes).toEqual([SHORT_TEXT, null]);
  });

  it('points each transaction to review at the mint its comment names, with its user; null when none', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 4);
    const fake = fakeNode();
    const under = fake.pay({ amount: TON, comment: mint.payment!.comment.toLowerCase() });
    const none = fake.pay({ amount: TON, comment: 'hello' });
    await newWatcher(ctx, fake.node).poll();
    const listed = (await admin('GET', '/treasury/transactions')).json<TreasuryTransaction[]>();
    const underpaid = listed.find((tx) => tx.hash === under.transaction_id.hash);
    expect(underpaid).toMatchObject({
      outcome: 'underpaid',
      mint_id: mint.id,
      likely_mint: {
        id: mint.id,
        code: mint.mint_id,
        status: 'pending',
        ton_amount: formatUnits(4n * TON),
        user: { id: user.userId },
      },
    });
    expect(listed.find((tx) => tx.hash === none.transaction_id.hash)).toMatchObject({ likely_mint: null });
  });
});

describe('payouts disabled by the setting (PAYOUTS_ENABLED=false)', () => {
  it('the overview says disabled, paused or not, and the CLI says which setting', async () => {
    const app = await buildApp({ config: { ...ctx.config, payoutsEnabled: false }, db: ctx.db, logger: false });
    try {
      const read = async () => {
        const response = await app.inject({
          method: 'GET',
          url: '/api/admin/overview',
          headers: { authorization: `Bearer ${ctx.config.adminToken}` },
        });
        return operatorCallSchemas.overview.response.parse(response.json()).payouts;
      };
      expect(await read()).toMatchObject({ state: 'disabled', reason: null });
      expect((await admin('POST', '/payouts', { paused: true })).statusCode).toBe(200);
      try {
        expect(await read()).toMatchObject({ state: 'disabled' });
        // The app with payouts on still tells the operator's pause apart.
        expect((await overview()).payouts).toMatchObject({ state: 'paused' });
      } finally {
        expect((await admin('POST', '/payouts', { paused: false })).statusCode).toBe(200);
      }
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const lines: string[] = [];
      await runOperator(['overview'], {
        apiUrl: address,
        adminToken: ctx.config.adminToken,
        print: (line) => lines.push(line),
      });
      expect(lines.some((line) => line.startsWith('Payouts: disabled by the setting PAYOUTS_ENABLED=false — '))).toBe(
        true,
      );
    } finally {
      await app.close();
    }
  });
});

describe('npm run operator -- overview | users find | users show | settings set', () => {
  it('prints through the same contract calls', async () => {
    const address = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    const lines: string[] = [];
    const cli = (...args: string[]) =>
      runOperator(args, { apiUrl: address, adminToken: ctx.config.adminToken, print: (line) => lines.push(line) });

    await cli('overview');
    expect(lines[0]).toMatch(/^Users: \d+ \(\d+ new today\)$/);
    expect(lines.some((line) => /^Payouts: running — queued \d+/.test(line))).toBe(true);

    const user = await newUser(ctx);
    lines.length = 0;
    await cli('users', 'find', user.refCode);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^#${user.userId} .* ref ${user.refCode} since `))]);
    lines.length = 0;
    await cli('users', 'find', 'nobody_here');
    expect(lines).toEqual(['No user found.']);

    lines.length = 0;
    await cli('users', 'show', String(user.userId));
    expect(lines[0]).toMatch(new RegExp(`^#${user.userId} `));
    expect(lines).toContain('Balances: 0 tokens, 0 task, 0 referral');

    // Mints and stakes by the public id the user's screen shows, with its "#" (not the row id).
    const mint = await createMint(ctx, user, 1);
    await payMint(ctx, mint, fakeNode());
    const stake = await stakeMint(ctx, user, mint.id);
    lines.length = 0;
    await cli('users', 'show', String(user.userId));
    expect(lines).toContain(`  #${mint.mint_id} move_to_staking 1 TON → 100 tokens`);
    expect(lines).toContain(`  #${stake.staking_id} active 100 tokens, earned 0`);

    lines.length = 0;
    await cli('settings', 'set', '--fee-percent', '2.5', '--network-fee', '0.02', '--min-receive', '0.2');
    expect(lines).toEqual(expect.arrayContaining(['withdraw_fee_percent: 2.5 %', 'withdraw_network_fee: 0.02 TON']));
    await expect(cli('settings', 'set', '--fee-percent', '100')).rejects.toThrow(/^422/);
    await expect(cli('settings', 'set')).rejects.toThrow(/Usage/);
    await expect(cli('users', 'show', 'x')).rejects.toThrow(/Usage/);
    await cli('settings', 'set', '--fee-percent', '1', '--network-fee', '0.01', '--min-receive', '0.1');
  });
});
