/**
 * Selling tokens for TON: GET /api/withdraw/calculate, POST /api/withdraw/create, GET
 * /api/withdraw/history, the payout of a sale on the dev chain with its user:withdrawal events, and the
 * operator's refund and retry (admin API and CLI). Every refusal changes nothing.
 */
import { Address } from '@ton/core';
import type { TonClient } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  type OperationHistory,
  type WithdrawCalculation,
  type WithdrawalCreated,
  type WithdrawHistory,
  withdrawalCreatedSchema,
  withdrawCalculationSchema,
  withdrawHistorySchema,
  formatUnits,
  parseUnits,
  SERVER_MESSAGES,
} from '@contract';
import { PRICE_QUOTE_TTL_SECONDS } from '../../server/constants';
import { balances } from '../../server/ledger/queries';
import { insertPriceTick } from '../../server/price/queries';
import { renderMessage } from '../../server/notifications/texts';
import { runOperator } from '../../server/operator';
import { setSetting } from '../../server/settings/service';
import { type SaleTerms, createWithdrawal, minTokenAmount, saleOf } from '../../server/withdraw/service';
import type { PayoutNode } from '../../server/withdraw/worker';
import { createTestContext, type TestContext } from './helpers';
import { outbox } from './notification-kit';
import { TON, TOKEN, ledgerMatchesBalances, listen, newUser, type TestUser } from './mint-kit';
import { balanceOf, chainClient, drain, newHotWallet, newRecipient, withdrawal, worker } from './payout-kit';
import { expectConcurrentSalesNeverOverdraw, ledgerChange } from './race-kit';
import { type ProvedWallet, newKeys, proveWallet } from './wallet-kit';
import type { Account } from '../../server/ledger/service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const calculate = (c: TestContext, user: Pick<TestUser, 'headers'> | null, query: string) =>
  c.app.inject({ method: 'GET', url: `/api/withdraw/calculate?${query}`, headers: user?.headers ?? {} });
/** A sale (it pays out only to the wallet the user proved: a seller's `wallet`). */
const sell = (c: TestContext, user: Pick<TestUser, 'headers'> | null, payload: unknown) =>
  c.app.inject({
    method: 'POST',
    url: '/api/withdraw/create',
    headers: user?.headers ?? {},
    payload: payload as object,
  });
const history = (c: TestContext, user: Pick<TestUser, 'headers'>, query = '') =>
  c.app.inject({ method: 'GET', url: `/api/withdraw/history${query ? `?${query}` : ''}`, headers: user.headers });

/** A member with `tokens` on `account` and a wallet they proved with ton_proof (where sales pay out). */
async function seller(
  c: TestContext,
  tokens: bigint,
  account: Account = 'balance_token',
): Promise<TestUser & { wallet: ProvedWallet }> {
  const user = await newUser(c);
  if (tokens > 0n) await ledgerChange(c, user.userId, tokens, account);
  return { ...user, wallet: await proveWallet(c, user) };
}

/** Everything a sale could have changed for a user. */
async function snapshot(c: TestContext, userId: number) {
  const [ledger] = await c.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM ledger WHERE user_id = $1', [
    userId,
  ]);
  const [sales] = await c.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM withdrawals WHERE user_id = $1', [
    userId,
  ]);
  const [all] = await c.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM withdrawals');
  return { balances: await balances(c.db, userId), ledger: ledger?.n, withdrawals: sales?.n, allWithdrawals: all?.n };
}

/** A testnet address of another form of the same account, or of the other network / workchain. */
const friendly = (address: Address, options: { testOnly?: boolean; bounceable?: boolean } = {}) =>
  address.toString({ urlSafe: true, bounceable: options.bounceable ?? false, testOnly: options.testOnly ?? true });

describe('calculate', () => {
  it('prices a sale exactly at the seed price (0.01 TON): TON out, fee (0.01 TON + 1 %), what arrives, the minimum', async () => {
    const user = await newUser(ctx);
    const response = await calculate(ctx, user, 'token_amount=100');
    expect(response.statusCode).toBe(200);
    expect(withdrawCalculationSchema.parse(response.json<WithdrawCalculation>())).toEqual({
      token_amount: '100',
      price: '0.01',
      ton_amount: '1',
      fee: '0.02',
      receive_amount: '0.98',
      min_token_amount: '11.1111112',
    });
    // floor of the TON amount, ceil of the percent, to the nanoton
    expect((await calculate(ctx, user, 'token_amount=123.456789123')).json<WithdrawCalculation>()).toMatchObject({
      ton_amount: '1.234567891',
      fee: '0.022345679',
      receive_amount: '1.212222212',
    });
  });

  it('answers below the minimum too (nothing arrives), so the client can say "Sell at least …"', async () => {
    const user = await newUser(ctx);
    expect((await calculate(ctx, user, 'token_amount=1')).json<WithdrawCalculation>()).toMatchObject({
      ton_amount: '0.01',
      fee: '0.0101',
      receive_amount: '0',
      min_token_amount: '11.1111112',
    });
    expect((await calculate(ctx, user, 'token_amount=0.000000001')).json<WithdrawCalculation>()).toMatchObject({
      ton_amount: '0',
      fee: '0.01',
      receive_amount: '0',
    });
  });

  it('refuses 0, bad text and a missing amount (422), and asks for sign-in', async () => {
    const user = await newUser(ctx);
    for (const query of [
      'token_amount=0',
      'token_amount=-1',
      'token_amount=1e3',
      'token_amount=1.0000000001',
      'token_amount=abc',
      '',
    ]) {
      const response = await calculate(ctx, user, query);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await calculate(ctx, null, 'token_amount=1')).statusCode).toBe(401);
  });

  it('follows the settings and the price; min_token_amount really is the least sale the server takes', async () => {
    const user = await seller(ctx, 1_000_000n * TOKEN);
    const to = user.wallet;
    await setSetting(ctx.db, 'withdraw_fee_percent', 2.5);
    await setSetting(ctx.db, 'withdraw_network_fee', '0.003');
    await setSetting(ctx.db, 'withdraw_min_receive', '0.7');
    await ctx.db.query('INSERT INTO price_ticks (price_nanotons) VALUES (7777777)');
    try {
      const calc = (await calculate(ctx, user, 'token_amount=1000')).json<WithdrawCalculation>();
      // 1000 × 0.007777777 = 7.777777 TON; fee 0.003 + ceil(2.5 % of it) = 0.003 + 0.194444425
      expect(calc).toMatchObject({
        price: '0.007777777',
        ton_amount: '7.777777',
        fee: '0.197444425',
        receive_amount: '7.580332575',
      });

      const min = calc.min_token_amount;
      const at = (await calculate(ctx, user, `token_amount=${min}`)).json<WithdrawCalculation>();
      expect(parseUnits(at.receive_amount)).toBeGreaterThanOrEqual(700_000_000n);
      const lessText = formatUnits(parseUnits(min) - 1n);
      const less = (await calculate(ctx, user, `token_amount=${lessText}`)).json<WithdrawCalculation>();
      expect(parseUnits(less.receive_amount)).toBeLessThan(700_000_000n);

      const refused = await sell(ctx, user, { token_amount: lessText, address: to.text });
      expect(refused.statusCode).toBe(422);
      expect(refused.json<ErrorBody>()).toMatchObject({
        msg: `Sell at least ${min} TKN`,
        code: 'sellAtLeast',
        params: { amount: min },
        errors: [{ path: 'token_amount' }],
      });
      const taken = await sell(ctx, user, { token_amount: min, address: to.text });
      expect(taken.statusCode).toBe(201);
      expect(taken.json<WithdrawalCreated>().withdrawal.ton_amount).toBe(at.receive_amount);
    } finally {
      await setSetting(ctx.db, 'withdraw_fee_percent', 1);
      await setSetting(ctx.db, 'withdraw_network_fee', '0.01');
      await setSetting(ctx.db, 'withdraw_min_receive', '0.1');
      await ctx.db.query('INSERT INTO price_ticks (price_nanotons) VALUES (10000000)');
    }
  });

  it('the minimum is exact for many terms: receive reaches it there and not one base unit below', () => {
    const cases: SaleTerms[] = [
      { priceNanotons: 10_000_000n, feePercent: 1, networkFee: 10_000_000n, minReceive: 100_000_000n },
      { priceNanotons: 1n, feePercent: 0, networkFee: 0n, minReceive: 1n },
      { priceNanotons: 3n, feePercent: 33.333333, networkFee: 7n, minReceive: 1_000n },
      { priceNanotons: 123_456_789_012n, feePercent: 0.5, networkFee: 50_000_000n, minReceive: 250_000_000n },
      { priceNanotons: 999_999_999n, feePercent: 99, networkFee: 1n, minReceive: 0n },
    ];
    for (const terms of cases) {
      const min = minTokenAmount(terms);
      expect(min).not.toBeNull();
      const target = terms.minReceive > 0n ? terms.minReceive : 1n;
      expect(
        saleOf(min!, terms).receive >= target,
        JSON.stringify(terms, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
      ).toBe(true);
      if (min! > 1n) expect(saleOf(min! - 1n, terms).receive < target).toBe(true);
    }
  });
});

describe('create', () => {
  const sources = [
    { account: 'balance_token', flags: {} },
    { account: 'referral_balance', flags: { from_ref_balance: true } },
    { account: 'task_balance', flags: { from_task_balance: true } },
  ] as const;

  for (const { account, flags } of sources) {
    it(`sells from ${account}: debit and queued withdrawal in one transaction, a ledger entry naming it, then user:balance and user:withdrawal`, async () => {
      const user = await seller(ctx, 100n * TOKEN, account);
      const to = user.wallet;
      const socket = listen(ctx, user.userId);
      const response = await sell(ctx, user, {
        ...flags,
        token_amount: '50',
        address: to.text,
        quote: { price: '0.01', ton_amount: '0.5', fee: '0.015', receive_amount: '0.485' },
      });
      socket.stop();
      expect(response.statusCode).toBe(201);
      const body = withdrawalCreatedSchema.parse(response.json<WithdrawalCreated>());
      expect(body.withdrawal).toMatchObject({
        source: account,
        from_ref_balance: account === 'referral_balance',
        from_task_balance: account === 'task_balance',
        token_amount: '50',
        ton_amount: '0.485',
        fee: '0.015',
        address: to.text,
        status: 'queued',
        tx_hash: null,
      });
      expect(body.balances[account]).toBe('50');

      const entries = await ctx.db.query<{
        account: string;
        delta: bigint;
        reason: string;
        ref_type: string;
        ref_id: string;
      }>(`SELECT account, delta, reason, ref_type, ref_id FROM ledger WHERE user_id = $1 AND reason = 'withdrawal'`, [
        user.userId,
      ]);
      expect(entries).toEqual([
        {
          account,
          delta: -50n * TOKEN,
          reason: 'withdrawal',
          ref_type: 'withdrawal',
          ref_id: String(body.withdrawal.id),
        },
      ]);
      expect(await withdrawal(ctx, body.withdrawal.id)).toMatchObject({
        user_id: user.userId,
        source_account: account,
        token_amount: 50n * TOKEN,
        ton_amount: 485_000_000n,
        fee: 15_000_000n,
        status: 'queued',
      });
      expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
      expect(socket.messages.map((m) => m.event)).toEqual(['user:balance', 'user:withdrawal']);
      expect(socket.events('user:withdrawal')[0]?.data).toEqual(body.withdrawal);
      expect(socket.events('user:balance')[0]?.data[account]).toBe('50');
    });
  }

  it('takes any address form of the server’s network and stores the friendly, non-bounceable testnet form', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const to = user.wallet;
    for (const address of [
      to.address.toRawString(),
      friendly(to.address, { bounceable: true }),
      ` ${to.text} `,
      to.address.toString({ urlSafe: false, bounceable: false, testOnly: true }),
    ]) {
      const response = await sell(ctx, user, { token_amount: '20', address });
      expect(response.statusCode, address).toBe(201);
      expect(response.json<WithdrawalCreated>().withdrawal.address).toBe(to.text);
    }
  });

  it('refuses every hostile or wrong body (422 or 400) and changes nothing: balances, withdrawals, ledger, events', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    await ledgerChange(ctx, user.userId, 30n * TOKEN, 'referral_balance');
    const to = user.wallet;
    const hash = to.address.hash.toString('hex');
    const badChecksum = `${to.text.slice(0, -1)}${to.text.endsWith('A') ? 'B' : 'A'}`;
    const masterchain = new Address(-1, to.address.hash);
    const ok = { token_amount: '20', address: to.text };
    // 20 TKN at 0.01 TON: 0.2 TON, fee 0.01 + 1 % = 0.012, 0.188 arrives.
    const quote = { price: '0.01', ton_amount: '0.2', fee: '0.012', receive_amount: '0.188' };
    const cases: Array<{ name: string; body: unknown; status: number; msg?: string | RegExp }> = [
      { name: 'number amount', body: { ...ok, token_amount: 20 }, status: 422 },
      { name: 'negative', body: { ...ok, token_amount: '-20' }, status: 422, msg: 'Amount must not be negative' },
      {
        name: 'exponent',
        body: { ...ok, token_amount: '2e1' },
        status: 422,
        msg: 'Amount must be written without an exponent',
      },
      { name: '10 decimals', body: { ...ok, token_amount: '20.0000000001' }, status: 422 },
      { name: 'zero', body: { ...ok, token_amount: '0' }, status: 422, msg: 'Sell at least 11.1111112 TKN' },
      {
        name: 'both flags',
        body: { ...ok, from_ref_balance: true, from_task_balance: true },
        status: 422,
        msg: 'Sell from one balance: main, referral or task',
      },
      { name: 'flag as text', body: { ...ok, from_ref_balance: 'true' }, status: 422 },
      { name: 'extra key', body: { ...ok, user_id: 1 }, status: 422 },
      { name: 'missing address', body: { token_amount: '20' }, status: 422 },
      { name: 'empty address', body: { ...ok, address: '  ' }, status: 422 },
      { name: 'address as number', body: { ...ok, address: 42 }, status: 422 },
      { name: 'missing amount', body: { address: to.text }, status: 422 },
      { name: 'garbage address', body: { ...ok, address: 'garbage' }, status: 422, msg: /^Wrong address garbage\. / },
      { name: 'bad checksum', body: { ...ok, address: badChecksum }, status: 422, msg: /Checksum does not match/ },
      {
        name: 'bad raw hex',
        body: { ...ok, address: `0:${hash.slice(0, 62)}zz` },
        status: 422,
        msg: /non-hex character "z"/,
      },
      {
        name: 'mainnet address',
        body: { ...ok, address: friendly(to.address, { testOnly: false }) },
        status: 422,
        msg: 'Use a testnet address',
      },
      {
        name: 'workchain -1 raw',
        body: { ...ok, address: `-1:${hash}` },
        status: 422,
        msg: 'Use a wallet address on the basechain (workchain 0)',
      },
      {
        name: 'workchain -1 friendly',
        body: { ...ok, address: friendly(masterchain) },
        status: 422,
        msg: 'Use a wallet address on the basechain (workchain 0)',
      },
      { name: 'over balance', body: { ...ok, token_amount: '100.000000001' }, status: 400, msg: 'Insufficient funds' },
      {
        name: 'over the referral balance',
        body: { ...ok, from_ref_balance: true, token_amount: '31' },
        status: 400,
        msg: 'Insufficient funds',
      },
      { name: 'empty task balance', body: { ...ok, from_task_balance: true }, status: 400, msg: 'Insufficient funds' },
      {
        name: 'below minimum',
        body: { ...ok, token_amount: '11.1111111' },
        status: 422,
        msg: 'Sell at least 11.1111112 TKN',
      },
      {
        name: 'quote of a price that never stood',
        body: { ...ok, quote: { ...quote, price: '0.0099' } },
        status: 400,
        msg: 'The price has changed: check the new figures and confirm again',
      },
      {
        name: 'tampered receive amount',
        body: { ...ok, quote: { ...quote, receive_amount: '0.188000001' } },
        status: 400,
        msg: 'The sale’s figures have changed: check them and confirm again',
      },
      { name: 'quote amount as a number', body: { ...ok, quote: { ...quote, fee: 0.012 } }, status: 422 },
      { name: 'quote without its fee', body: { ...ok, quote: { ...quote, fee: undefined } }, status: 422 },
      { name: 'quote with an extra key', body: { ...ok, quote: { ...quote, token_amount: '20' } }, status: 422 },
      { name: 'the old expected amount', body: { ...ok, expected_receive_amount: '0.188' }, status: 422 },
      { name: 'array body', body: [ok], status: 422 },
    ];
    const before = await snapshot(ctx, user.userId);
    const socket = listen(ctx, user.userId);
    for (const { name, body, status, msg } of cases) {
      const response = await sell(ctx, user, body);
      expect(response.statusCode, name).toBe(status);
      if (msg !== undefined) expect(response.json<ErrorBody>().msg, name).toMatch(msg);
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/withdraw/create',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"token_amount":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await sell(ctx, null, ok)).statusCode).toBe(401);
    socket.stop();
    expect(socket.messages).toEqual([]);
    expect(await snapshot(ctx, user.userId)).toEqual(before);

    // the same body, fixed, goes through: what was refused was the body, not the user
    expect((await sell(ctx, user, { ...ok, quote })).statusCode).toBe(201);
  });

  it('sells the whole balance to the last base unit, and exactly the minimum', async () => {
    const user = await seller(ctx, 11_111_111_200n + 20n * TOKEN + 1n);
    const to = user.wallet;
    expect((await sell(ctx, user, { token_amount: '11.1111112', address: to.text })).statusCode).toBe(201);
    const rest = await sell(ctx, user, { token_amount: '20.000000001', address: to.text });
    expect(rest.statusCode).toBe(201);
    expect(rest.json<WithdrawalCreated>().balances.balance_token).toBe('0');
    expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
  });

  it('200 concurrent sales from one balance never overdraw (app.inject in parallel)', async () => {
    await expectConcurrentSalesNeverOverdraw([ctx], 200);
  });
});

describe('history', () => {
  it('pages the user’s own withdrawals, newest first by default, asc on request, with the total', async () => {
    const user = await seller(ctx, 1000n * TOKEN);
    const other = await seller(ctx, 100n * TOKEN);
    const to = user.wallet;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await sell(ctx, user, { token_amount: String(20 + i), address: to.text });
      ids.push(response.json<WithdrawalCreated>().withdrawal.id);
    }
    await sell(ctx, other, { token_amount: '20', address: other.wallet.text });

    const first = withdrawHistorySchema.parse((await history(ctx, user)).json<WithdrawHistory>());
    expect(first.total).toBe(12);
    expect(first.data.map((w) => w.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.data[0]).toMatchObject({ token_amount: '31', status: 'queued', source: 'balance_token' });
    const second = (await history(ctx, user, 'page=2')).json<WithdrawHistory>();
    expect(second.data.map((w) => w.id)).toEqual([ids[1], ids[0]]);
    const asc = (await history(ctx, user, 'sort_order=asc&sort_by=created_at&size=5&page=3')).json<WithdrawHistory>();
    expect(asc).toMatchObject({ total: 12 });
    expect(asc.data.map((w) => w.id)).toEqual(ids.slice(10));
    expect((await history(ctx, user, 'page=9')).json<WithdrawHistory>()).toEqual({ data: [], total: 12 });

    const theirs = (await history(ctx, other)).json<WithdrawHistory>();
    expect(theirs.total).toBe(1);
    expect(theirs.data.every((w) => !ids.includes(w.id))).toBe(true);

    for (const query of ['page=0', 'size=101', 'size=0', 'sort_by=id', 'sort_order=up', 'page=1.5', 'page=x']) {
      expect((await history(ctx, user, query)).statusCode, query).toBe(422);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/withdraw/history' })).statusCode).toBe(401);
  });
});

// ---- payouts of sales, and the operator --------------------------------------------------------------

describe('a sale paid on the dev chain', () => {
  // A database of its own: the payout worker pays every queued withdrawal, oldest first.
  let own: TestContext;
  let client: TonClient;
  beforeAll(async () => {
    own = await createTestContext();
    client = await chainClient(own);
  });
  afterAll(async () => {
    await own?.close();
  });

  it('create → payout steps → completed with the hex tx hash; events in order; the recipient gets exactly receive_amount', async () => {
    const user = await seller(own, 100n * TOKEN);
    const to = user.wallet;
    const socket = listen(own, user.userId);
    const created = (await sell(own, user, { token_amount: '50', address: to.text })).json<WithdrawalCreated>();
    const hot = await newHotWallet(own);
    expect(await drain(worker(own, hot.wallet, client))).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    socket.stop();

    expect(await balanceOf(client, to.address)).toBe(485_000_000n);
    const [tx] = await client.getTransactions(hot.wallet.address, { limit: 1 });
    const hex = tx!.hash().toString('hex');
    const statuses = socket.events('user:withdrawal').map((m) => [m.data.status, m.data.tx_hash]);
    expect(statuses).toEqual([
      ['queued', null],
      ['sending', null],
      ['completed', hex],
    ]);
    expect(socket.events('user:balance')).toHaveLength(1);

    const listed = withdrawHistorySchema.parse((await history(own, user)).json<WithdrawHistory>());
    expect(listed.data).toEqual([
      expect.objectContaining({ id: created.withdrawal.id, status: 'completed', tx_hash: hex, ton_amount: '0.485' }),
    ]);
    const operations = (
      await own.app.inject({ method: 'GET', url: '/api/operations/history', headers: user.headers })
    ).json<OperationHistory>();
    expect(operations.data[0]).toMatchObject({
      type: 'withdrawal',
      account: 'balance_token',
      direction: 'out',
      amount: '50',
    });
  });

  /** A node whose balance reading of the hot wallet is stale by +100 TON: the worker signs what the chain then cannot pay. */
  function staleBalanceNode(hot: Address): PayoutNode {
    return {
      getContractState: async (address) => {
        const state = await client.getContractState(address);
        return address.equals(hot) ? { ...state, balance: state.balance + 100n * TON } : state;
      },
      getTransactions: (address, options) => client.getTransactions(address, options),
      sendFile: (boc) => client.sendFile(boc),
      runMethod: (address, name, stack) => client.runMethod(address, name, stack),
    };
  }

  const adminCall = (method: 'GET' | 'POST', url: string, token = own.config.adminToken) =>
    own.app.inject({ method, url: `/api/admin/withdrawals${url}`, headers: { authorization: `Bearer ${token}` } });

  it('a payout the chain skipped is failed, listed for the operator, retried once, then paid; neither refund nor retry twice', async () => {
    const user = await seller(own, 200n * TOKEN);
    const to = user.wallet;
    const created = (await sell(own, user, { token_amount: '150', address: to.text })).json<WithdrawalCreated>();
    const id = created.withdrawal.id;
    const hot = await newHotWallet(own, TON / 2n);
    const socket = listen(own, user.userId);
    expect(await drain(worker(own, hot.wallet, staleBalanceNode(hot.wallet.address)))).toEqual([
      'signed',
      'sent',
      'confirmed',
      'idle',
    ]);
    expect(await withdrawal(own, id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/chain skipped it/),
    });
    expect(await balanceOf(client, to.address)).toBe(0n);

    const listed = (await adminCall('GET', '')).json<
      Array<{ id: number; status: string; error: string; user_id: number }>
    >();
    expect(listed).toContainEqual(
      expect.objectContaining({
        id,
        status: 'failed',
        user_id: user.userId,
        error: expect.stringMatching(/chain skipped/),
      }),
    );

    const retried = await adminCall('POST', `/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, status: 'queued', batch_id: null, error: null });
    expect((await adminCall('POST', `/${id}/retry`)).statusCode).toBe(409);

    // the retry moved no tokens: the sale's debit stands
    const before = await balances(own.db, user.userId);
    expect(before?.balance_token).toBe(50n * TOKEN);
    const rich = await newHotWallet(own);
    expect(await drain(worker(own, rich.wallet, client))).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect(await withdrawal(own, id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(client, to.address)).toBe(1_475_000_000n);
    socket.stop();
    expect(socket.events('user:withdrawal').map((m) => m.data.status)).toEqual([
      'sending',
      'failed',
      'queued',
      'sending',
      'completed',
    ]);

    const refused = await adminCall('POST', `/${id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect((await adminCall('POST', `/${id}/retry`)).statusCode).toBe(409);
    expect(await balances(own.db, user.userId)).toEqual(before);
  });

  it('refunds a failed payout to the balance it came from, once, even asked twice at once', async () => {
    const user = await seller(own, 100n * TOKEN, 'referral_balance');
    const to = user.wallet;
    const id = (
      await sell(own, user, { from_ref_balance: true, token_amount: '100', address: to.text })
    ).json<WithdrawalCreated>().withdrawal.id;
    const hot = await newHotWallet(own, TON / 2n);
    await drain(worker(own, hot.wallet, staleBalanceNode(hot.wallet.address)));
    expect((await withdrawal(own, id)).status).toBe('failed');

    const socket = listen(own, user.userId);
    const answers = await Promise.all([adminCall('POST', `/${id}/refund`), adminCall('POST', `/${id}/refund`)]);
    socket.stop();
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 200)?.json()).toMatchObject({
      id,
      status: 'refunded',
      source: 'referral_balance',
    });
    expect((await balances(own.db, user.userId))?.referral_balance).toBe(100n * TOKEN);
    const refunds = await own.db.query<{ account: string; delta: bigint; ref_type: string; ref_id: string }>(
      `SELECT account, delta, ref_type, ref_id FROM ledger WHERE user_id = $1 AND reason = 'withdrawal_refund'`,
      [user.userId],
    );
    expect(refunds).toEqual([
      { account: 'referral_balance', delta: 100n * TOKEN, ref_type: 'withdrawal', ref_id: String(id) },
    ]);
    expect(await ledgerMatchesBalances(own, user.userId)).toBe(true);
    expect(socket.messages.map((m) => m.event)).toEqual(['user:balance', 'user:withdrawal']);
    expect(socket.events('user:withdrawal')[0]?.data.status).toBe('refunded');
    expect((await adminCall('POST', `/${id}/retry`)).statusCode).toBe(409);
    const listed = (await history(own, user)).json<WithdrawHistory>();
    expect(listed.data[0]).toMatchObject({ id, status: 'refunded' });
  });

  it('a sale waiting for an empty hot wallet is listed with the reason and can be refunded; the worker then leaves it alone', async () => {
    const user = await seller(own, 100n * TOKEN, 'task_balance');
    const to = user.wallet;
    const id = (
      await sell(own, user, { from_task_balance: true, token_amount: '40', address: to.text })
    ).json<WithdrawalCreated>().withdrawal.id;
    const empty = await newHotWallet(own, 0n);
    const run = worker(own, empty.wallet, client);
    expect(await drain(run)).toEqual(['insufficient_balance']);
    expect(await withdrawal(own, id)).toMatchObject({
      status: 'queued',
      batch_id: null,
      error: expect.stringMatching(/hot wallet holds 0/),
    });

    // the operator CLI, over HTTP
    const address = own.app.server.listening
      ? `http://127.0.0.1:${(own.app.server.address() as { port: number }).port}`
      : await own.app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    const cli = (...args: string[]) =>
      runOperator(args, { apiUrl: address, adminToken: own.config.adminToken, print: (line) => lines.push(line) });
    await cli('withdrawals');
    expect(lines.find((line) => line.startsWith(`#${id} queued `))).toMatch(
      // The worker's reason in English words from its code, amounts as the console shows them.
      /40 tokens from task_balance → 0\.386 TON to .* — The hot wallet holds 0\.0000 TON; this payout needs \d+\.\d{4} TON with fees$/,
    );
    expect((await adminCall('POST', `/${id}/retry`)).statusCode).toBe(409);
    await cli('withdrawals', 'refund', String(id));
    expect(lines.at(-1)).toMatch(new RegExp(`^Refunded #${id} refunded `));
    await expect(cli('withdrawals', 'refund', String(id))).rejects.toThrow(/^409: /);
    await expect(cli('withdrawals', 'retry', 'x')).rejects.toThrow(/Usage/);
    expect((await balances(own.db, user.userId))?.task_balance).toBe(100n * TOKEN);
    expect(await drain(run)).toEqual(['idle']);
    expect((await withdrawal(own, id)).status).toBe('refunded');
  });

  it('an operator holds payouts: sales still queue, nothing new is signed, a sent transfer is still confirmed; released, they are paid', async () => {
    const payouts = (body?: unknown, token = own.config.adminToken) =>
      own.app.inject({
        method: body === undefined ? 'GET' : 'POST',
        url: '/api/admin/payouts',
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    const user = await seller(own, 100n * TOKEN);
    const first = user.wallet;
    const hot = await newHotWallet(own);
    const run = worker(own, hot.wallet, client);
    await sell(own, user, { token_amount: '20', address: first.text });
    // signed before the hold: it is still sent and confirmed while payouts are held
    expect(await drain(run, { max: 1 })).toEqual(['signed']);

    expect((await payouts({ paused: true })).json()).toMatchObject({ paused: true });
    // the user moves to another wallet: proving it makes it the one sales pay out to
    const second = await proveWallet(own, user);
    expect((await sell(own, user, { token_amount: '30', address: second.text })).statusCode).toBe(201);
    expect(await drain(run)).toEqual(['sent', 'confirmed', 'paused']);
    expect(await balanceOf(client, first.address)).toBe(188_000_000n);
    expect(await balanceOf(client, second.address)).toBe(0n);
    const held = (await payouts()).json<{ paused: boolean; counts: Record<string, number> }>();
    expect(held).toMatchObject({ paused: true, counts: { queued: 1 } });

    // bad bodies change nothing; the admin token is required
    for (const body of [{}, { paused: 'no' }, { paused: false, extra: 1 }])
      expect((await payouts(body)).statusCode).toBe(422);
    expect((await payouts({ paused: false }, 'wrong-admin-token-123')).statusCode).toBe(401);
    expect((await payouts()).json()).toMatchObject({ paused: true });

    // the operator CLI releases them
    const address = own.app.server.listening
      ? `http://127.0.0.1:${(own.app.server.address() as { port: number }).port}`
      : await own.app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    await runOperator(['payouts', 'resume'], {
      apiUrl: address,
      adminToken: own.config.adminToken,
      print: (line) => lines.push(line),
    });
    expect(lines).toEqual([expect.stringMatching(/^Payouts running — queued 1, sending 0, completed \d+/)]);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect(await balanceOf(client, second.address)).toBe(287_000_000n);
  });

  it('a sale confirmed at a quote while the price moved pays that quote to the nanoton: the row, History, the operator, the chain and the bot all say it', async () => {
    const user = await seller(own, 100n * TOKEN);
    const to = user.wallet;
    const calc = (await calculate(own, user, 'token_amount=40')).json<WithdrawCalculation>();
    const quote = {
      price: calc.price,
      ton_amount: calc.ton_amount,
      fee: calc.fee,
      receive_amount: calc.receive_amount,
    };
    expect(quote).toEqual({ price: '0.01', ton_amount: '0.4', fee: '0.014', receive_amount: '0.386' });
    await insertPriceTick(own.db, 10_300_000n); // +3 %: 40 TKN would now bring 0.39788
    try {
      expect((await calculate(own, user, 'token_amount=40')).json<WithdrawCalculation>().receive_amount).toBe(
        '0.39788',
      );
      const created = (
        await sell(own, user, { token_amount: '40', address: to.text, quote })
      ).json<WithdrawalCreated>();
      expect(created.withdrawal).toMatchObject({ ton_amount: '0.386', fee: '0.014', token_amount: '40' });
      const id = created.withdrawal.id;
      const hot = await newHotWallet(own);
      expect(await drain(worker(own, hot.wallet, client))).toEqual(['signed', 'sent', 'confirmed', 'idle']);

      // The chain: exactly the confirmed nanotons arrived.
      expect(await balanceOf(client, to.address)).toBe(386_000_000n);
      // The payout row, and the History entry.
      expect(await withdrawal(own, id)).toMatchObject({
        status: 'completed',
        ton_amount: 386_000_000n,
        fee: 14_000_000n,
      });
      const listed = (await history(own, user)).json<WithdrawHistory>();
      expect(listed.data[0]).toMatchObject({ id, status: 'completed', ton_amount: '0.386', fee: '0.014' });
      // The ledger: the 40 tokens the quote priced, naming the withdrawal.
      const debits = await own.db.query<{ delta: bigint; ref_id: string }>(
        `SELECT delta, ref_id FROM ledger WHERE user_id = $1 AND reason = 'withdrawal'`,
        [user.userId],
      );
      expect(debits).toEqual([{ delta: -40n * TOKEN, ref_id: String(id) }]);
      // The operator's view of the user.
      const detail = await own.app.inject({
        method: 'GET',
        url: `/api/admin/users/${user.userId}`,
        headers: { authorization: `Bearer ${own.config.adminToken}` },
      });
      expect(
        detail.json<{ withdrawals: Array<{ id: number; ton_amount: string; fee: string }> }>().withdrawals,
      ).toEqual([expect.objectContaining({ id, ton_amount: '0.386', fee: '0.014' })]);
      // The bot's notification: its params, and the text it sends.
      const [notice] = (await outbox(own.db, user.userId)).filter((row) => row.kind === 'payout_completed');
      expect(notice?.params).toMatchObject({ ton_amount: '0.386' });
      const text = renderMessage(
        { kind: 'payout_completed', params: notice!.params, telegramId: '1', languageCode: 'en' },
        { publicUrl: 'https://app.example', tonNetwork: 'testnet', sandbox: true },
      ).text;
      expect(text).toContain('0.3860\u00A0TON');
    } finally {
      await own.db.query('DELETE FROM price_ticks WHERE price_nanotons = 10300000');
    }
  });

  it('the operator API: unknown ids 404, bad ids 422, and the admin token is required', async () => {
    expect((await adminCall('POST', '/999999/refund')).json<ErrorBody>()).toEqual({
      msg: 'Withdrawal not found',
      code: 'withdrawalNotFound',
    });
    expect((await adminCall('POST', '/999999/retry')).statusCode).toBe(404);
    expect((await adminCall('POST', '/abc/refund')).statusCode).toBe(422);
    expect((await adminCall('GET', '?limit=0')).statusCode).toBe(422);
    expect((await adminCall('GET', '', 'wrong-admin-token-123')).statusCode).toBe(401);
    expect((await own.app.inject({ method: 'POST', url: '/api/admin/withdrawals/1/refund' })).statusCode).toBe(401);
  });
});

describe('sales pay out only to the wallet the user proved (docs/foundations.md §7b)', () => {
  const post = (c: TestContext, user: TestUser, payload: object) =>
    c.app.inject({ method: 'POST', url: '/api/withdraw/create', headers: user.headers, payload });
  const refused = (response: { statusCode: number; json: <T>() => T }) => {
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toEqual({
      msg: 'Payouts go only to a wallet you have proved is yours: connect that wallet in the app first',
      code: 'sellUnverifiedAddress',
      errors: [
        {
          path: 'address',
          message: 'Payouts go only to a wallet you have proved is yours: connect that wallet in the app first',
        },
      ],
    });
  };

  it('the proved wallet in every form (friendly bounceable, non-bounceable, url-safe or not, raw, any case) is taken', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const { address } = user.wallet;
    const forms = [
      friendly(address),
      friendly(address, { bounceable: true }),
      address.toString({ urlSafe: false, bounceable: true, testOnly: true }),
      address.toString({ urlSafe: false, bounceable: false, testOnly: true }),
      address.toRawString(),
      address.toRawString().toUpperCase(),
    ];
    for (const form of forms) {
      const response = await post(ctx, user, { token_amount: '12', address: form });
      expect(response.statusCode, `${form}: ${response.body}`).toBe(201);
      expect(response.json<WithdrawalCreated>().withdrawal.address).toBe(user.wallet.text);
    }
  });

  it('an address the user has not proved is 422 and changes nothing: no debit, no withdrawal, no ledger entry, no event', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const before = await snapshot(ctx, user.userId);
    const socket = listen(ctx, user.userId);
    refused(await post(ctx, user, { token_amount: '20', address: newRecipient().text }));
    // the old switch that let any address through is not an option any more
    const bypass = await post(ctx, user, {
      token_amount: '20',
      address: newRecipient().text,
      confirm_other_address: true,
    });
    expect(bypass.statusCode).toBe(422);
    socket.stop();
    expect(socket.messages).toEqual([]);
    expect(await snapshot(ctx, user.userId)).toEqual(before);
  });

  it('with no proved wallet every address is refused', async () => {
    const user = await newUser(ctx);
    await ledgerChange(ctx, user.userId, 100n * TOKEN);
    const before = await snapshot(ctx, user.userId);
    refused(await post(ctx, user, { token_amount: '20', address: newRecipient().text }));
    expect(await snapshot(ctx, user.userId)).toEqual(before);
  });

  it("another user's proved wallet is refused, in every form", async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const other = await seller(ctx, 0n);
    const before = await snapshot(ctx, user.userId);
    for (const address of [
      other.wallet.text,
      friendly(other.wallet.address, { bounceable: true }),
      other.wallet.address.toRawString(),
    ]) {
      refused(await post(ctx, user, { token_amount: '20', address }));
    }
    expect(await snapshot(ctx, user.userId)).toEqual(before);
  });

  it('a wallet proved again by another user moves to them: the first user can no longer sell to it', async () => {
    const keys = newKeys();
    const first = await seller(ctx, 100n * TOKEN);
    const shared = await proveWallet(ctx, first, keys);
    expect((await post(ctx, first, { token_amount: '20', address: shared.text })).statusCode).toBe(201);
    const second = await newUser(ctx);
    await proveWallet(ctx, second, keys);
    const before = await snapshot(ctx, first.userId);
    refused(await post(ctx, first, { token_amount: '20', address: shared.text }));
    expect(await snapshot(ctx, first.userId)).toEqual(before);
  });
});

describe('a sale happens at the quote the user confirmed (docs/decisions.md "Sale quotes")', () => {
  const deps = () => ({ db: ctx.db, bus: ctx.bus, config: ctx.config });
  const quoteOf = (calc: WithdrawCalculation) => ({
    price: calc.price,
    ton_amount: calc.ton_amount,
    fee: calc.fee,
    receive_amount: calc.receive_amount,
  });
  /** The ticks these tests add (0.01 TON, the seed's price, may stay: it changes nothing). */
  const dropTicks = () =>
    ctx.db.query('DELETE FROM price_ticks WHERE price_nanotons IN (8000000, 10300000, 12500000, 11100000)');
  /** Nothing a refused sale could have written: no debit, no withdrawal, no ledger entry, no event. */
  async function expectRefused(user: TestUser, body: object, code: string) {
    const before = await snapshot(ctx, user.userId);
    const socket = listen(ctx, user.userId);
    const response = await sell(ctx, user, body);
    socket.stop();
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({ code, msg: SERVER_MESSAGES[code as keyof typeof SERVER_MESSAGES] });
    expect(socket.messages).toEqual([]);
    expect(await snapshot(ctx, user.userId)).toEqual(before);
  }

  it('the price moves up or down after the quote: the sale pays exactly the quoted nanotons, not what the price gives now', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const quote = quoteOf((await calculate(ctx, user, 'token_amount=50')).json<WithdrawCalculation>());
    expect(quote).toEqual({ price: '0.01', ton_amount: '0.5', fee: '0.015', receive_amount: '0.485' });
    try {
      for (const price of [12_500_000n, 8_000_000n]) {
        await insertPriceTick(ctx.db, price);
        const now = (await calculate(ctx, user, 'token_amount=50')).json<WithdrawCalculation>();
        expect(now.receive_amount).not.toBe(quote.receive_amount);
        const response = await sell(ctx, user, { token_amount: '50', address: user.wallet.text, quote });
        expect(response.statusCode, response.body).toBe(201);
        const created = withdrawalCreatedSchema.parse(response.json());
        expect(created.withdrawal).toMatchObject({ ton_amount: '0.485', fee: '0.015', token_amount: '50' });
        expect(await withdrawal(ctx, created.withdrawal.id)).toMatchObject({
          ton_amount: 485_000_000n,
          fee: 15_000_000n,
          token_amount: 50n * TOKEN,
        });
      }
    } finally {
      await dropTicks();
    }
  });

  it('a quote stands PRICE_QUOTE_TTL_SECONDS after its price was last in force; after that, or for a price that never stood, sellQuoteExpired and nothing written', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const now = Math.floor(Date.now() / 1000);
    await insertPriceTick(ctx.db, 10_000_000n, now - 30);
    await insertPriceTick(ctx.db, 12_500_000n, now);
    try {
      const request = {
        from_ref_balance: false,
        from_task_balance: false,
        token_amount: 50n * TOKEN,
        address: user.wallet.text,
        quote: { price: 10_000_000n, ton_amount: 500_000_000n, fee: 15_000_000n, receive_amount: 485_000_000n },
      };
      const before = await snapshot(ctx, user.userId);
      // 0.01 was in force until `now`: it stands until now + TTL, not after.
      await expect(
        createWithdrawal(deps(), user.userId, request, now + PRICE_QUOTE_TTL_SECONDS + 1),
      ).rejects.toMatchObject({ status: 400, code: 'sellQuoteExpired' });
      expect(await snapshot(ctx, user.userId)).toEqual(before);
      const within = await createWithdrawal(deps(), user.userId, request, now + PRICE_QUOTE_TTL_SECONDS - 1);
      expect(within.withdrawal).toMatchObject({ ton_amount: '0.485', fee: '0.015' });

      // A price that was never in force, with the figures it would give: refused all the same.
      const never = (await calculate(ctx, user, 'token_amount=20')).json<WithdrawCalculation>();
      expect(never.price).toBe('0.0125');
      await expectRefused(
        user,
        { token_amount: '20', address: user.wallet.text, quote: { ...quoteOf(never), price: '0.0111' } },
        'sellQuoteExpired',
      );
    } finally {
      await dropTicks();
    }
  });

  it('a tampered quote (any figure off by a nanoton, or another price’s figures) is sellQuoteMismatch and writes nothing', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const quote = quoteOf((await calculate(ctx, user, 'token_amount=50')).json<WithdrawCalculation>());
    const body = (changed: Partial<typeof quote>) => ({
      token_amount: '50',
      address: user.wallet.text,
      quote: { ...quote, ...changed },
    });
    const nudge = (text: string, by: bigint) => formatUnits(parseUnits(text) + by);
    for (const field of ['ton_amount', 'fee', 'receive_amount'] as const) {
      for (const by of [1n, -1n])
        await expectRefused(user, body({ [field]: nudge(quote[field], by) }), 'sellQuoteMismatch');
    }
    // More tokens than quoted: the figures are the quote's amount's, not this one's.
    await expectRefused(user, { ...body({}), token_amount: '60' }, 'sellQuoteMismatch');
    try {
      // 0.0111 is in force now and 0.01 stood a moment ago: each price takes only its own figures.
      await insertPriceTick(ctx.db, 11_100_000n);
      await expectRefused(user, body({ price: '0.0111' }), 'sellQuoteMismatch');
      expect((await sell(ctx, user, body({}))).statusCode).toBe(201);
    } finally {
      await dropTicks();
    }
  });

  it('the fee settings changed after the quote: sellQuoteMismatch, and the new quote is taken', async () => {
    const user = await seller(ctx, 100n * TOKEN);
    const quote = quoteOf((await calculate(ctx, user, 'token_amount=50')).json<WithdrawCalculation>());
    await setSetting(ctx.db, 'withdraw_fee_percent', 2);
    try {
      await expectRefused(user, { token_amount: '50', address: user.wallet.text, quote }, 'sellQuoteMismatch');
      const again = quoteOf((await calculate(ctx, user, 'token_amount=50')).json<WithdrawCalculation>());
      expect(again).toMatchObject({ fee: '0.02', receive_amount: '0.48' });
      const response = await sell(ctx, user, { token_amount: '50', address: user.wallet.text, quote: again });
      expect(response.json<WithdrawalCreated>().withdrawal.ton_amount).toBe('0.48');
    } finally {
      await setSetting(ctx.db, 'withdraw_fee_percent', 1);
    }
  });
});
