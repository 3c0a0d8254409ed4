/**
 * POST /api/withdraw/transfer-from-referral-balance: tokens from referral_balance to balance_token,
 * both ledger entries in one transaction; hostile amounts are 422 and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Balances, type ErrorBody, type TokenPair, balancesSchema, userMeSchema } from '@contract';
import { balances } from '../../server/ledger/queries';
import { bearer, createTestContext, type TestContext } from './helpers';
import { TOKEN, ledgerMatchesBalances, listen, newUser, type TestUser } from './mint-kit';
import { expectReferralTransfersExact, ledgerChange } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const URL_TRANSFER = '/api/withdraw/transfer-from-referral-balance';
const transfer = (user: Pick<TestUser, 'headers'> | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: URL_TRANSFER, headers: user?.headers ?? {}, payload: payload as object });

/** A member with `referral` tokens on the referral balance. */
async function userWithReferralBalance(referral: bigint): Promise<TestUser> {
  const user = await newUser(ctx);
  if (referral > 0n) await ledgerChange(ctx, user.userId, referral, 'referral_balance');
  return user;
}

/** Everything a transfer could have changed for a user. */
async function snapshot(userId: number) {
  const [ledger] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM ledger WHERE user_id = $1', [
    userId,
  ]);
  const [transfers] = await ctx.db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM referral_transfers WHERE user_id = $1',
    [userId],
  );
  return { balances: await balances(ctx.db, userId), ledger: ledger?.n, transfers: transfers?.n };
}

describe('transfer from the referral balance', () => {
  it('moves the amount in one transaction: two ledger entries naming one transfer, and answers the balances', async () => {
    const user = await userWithReferralBalance(10n * TOKEN);
    const response = await transfer(user, { token_amount: '2.5' });
    expect(response.statusCode).toBe(200);
    const body = balancesSchema.parse(response.json<Balances>());
    expect(body).toEqual({
      balance_token: '2.5',
      task_balance: '0',
      referral_balance: '7.5',
      hold_bonus: 0,
      investment_bonus: 0,
      collective_bonus: 0,
    });

    const entries = await ctx.db.query<{
      account: string;
      delta: bigint;
      balance_after: bigint;
      reason: string;
      ref_type: string;
      ref_id: string;
    }>(
      `SELECT account, delta, balance_after, reason, ref_type, ref_id FROM ledger
        WHERE user_id = $1 AND reason = 'referral_transfer' ORDER BY id`,
      [user.userId],
    );
    const [row] = await ctx.db.query<{ id: number; amount_token: bigint }>(
      'SELECT id, amount_token FROM referral_transfers WHERE user_id = $1',
      [user.userId],
    );
    expect(row?.amount_token).toBe(2_500_000_000n);
    expect(entries).toEqual([
      {
        account: 'referral_balance',
        delta: -2_500_000_000n,
        balance_after: 7_500_000_000n,
        reason: 'referral_transfer',
        ref_type: 'referral_transfer',
        ref_id: String(row?.id),
      },
      {
        account: 'balance_token',
        delta: 2_500_000_000n,
        balance_after: 2_500_000_000n,
        reason: 'referral_transfer',
        ref_type: 'referral_transfer',
        ref_id: String(row?.id),
      },
    ]);
    expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);

    const me = userMeSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })).json(),
    );
    expect(me).toMatchObject({ balance_token: '2.5', referral_balance: '7.5' });
  });

  it('moves the whole balance to the last base unit, and 9 decimals exactly', async () => {
    const user = await userWithReferralBalance(1_000_000_001n);
    expect((await transfer(user, { token_amount: '0.000000001' })).json<Balances>()).toMatchObject({
      balance_token: '0.000000001',
      referral_balance: '1',
    });
    expect((await transfer(user, { token_amount: '1' })).json<Balances>()).toMatchObject({
      balance_token: '1.000000001',
      referral_balance: '0',
    });
    expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
  });

  it('tells the user’s sockets the new balances (user:balance), after the commit', async () => {
    const user = await userWithReferralBalance(5n * TOKEN);
    const socket = listen(ctx, user.userId);
    try {
      expect((await transfer(user, { token_amount: '3' })).statusCode).toBe(200);
      const events = socket.events('user:balance');
      expect(events.length).toBeGreaterThan(0);
      expect(events.at(-1)?.data).toEqual({
        balance_token: '3',
        task_balance: '0',
        referral_balance: '2',
        hold_bonus: 0,
        investment_bonus: 0,
      });
    } finally {
      socket.stop();
    }
  });

  it('more than the referral balance: 400 Insufficient funds, nothing written, no event', async () => {
    const user = await userWithReferralBalance(2n * TOKEN);
    const before = await snapshot(user.userId);
    const socket = listen(ctx, user.userId);
    try {
      const response = await transfer(user, { token_amount: '2.000000001' });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>()).toEqual({ msg: 'Insufficient funds', code: 'insufficientFunds' });
      expect(socket.messages).toEqual([]);
    } finally {
      socket.stop();
    }
    expect(await snapshot(user.userId)).toEqual(before);
    // the main balance cannot stand in for the referral balance
    await ledgerChange(ctx, user.userId, 100n * TOKEN, 'balance_token');
    expect((await transfer(user, { token_amount: '3' })).statusCode).toBe(400);
  });

  it('0 is 422 "Amount must be greater than 0"', async () => {
    const user = await userWithReferralBalance(TOKEN);
    const before = await snapshot(user.userId);
    for (const amount of ['0', '0.000000000', '0.0']) {
      const response = await transfer(user, { token_amount: amount });
      expect(response.statusCode, amount).toBe(422);
      expect(response.json<ErrorBody>().msg).toBe('Amount must be greater than 0');
    }
    expect(await snapshot(user.userId)).toEqual(before);
  });

  it.each([
    [{ token_amount: 1 }],
    [{ token_amount: '1e3' }],
    [{ token_amount: '-1' }],
    [{ token_amount: '1.0000000001' }],
    [{ token_amount: '' }],
    [{ token_amount: ' 1' }],
    [{ token_amount: '0x10' }],
    [{ token_amount: null }],
    [{ token_amount: ['1'] }],
    [{ token_amount: '1', from_ref_balance: true }],
    [{ amount: '1' }],
    [{}],
    [['1']],
  ])('hostile body %j: 422, nothing changes', async (payload) => {
    const user = await userWithReferralBalance(10n * TOKEN);
    const before = await snapshot(user.userId);
    const response = await transfer(user, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().msg).toEqual(expect.any(String));
    expect(await snapshot(user.userId)).toEqual(before);
  });

  it('401 without a token, 403 for a non-member; nothing moves', async () => {
    expect((await transfer(null, { token_amount: '1' })).statusCode).toBe(401);
    const outsider = await newUser(ctx, { member: false });
    await ledgerChange(ctx, outsider.userId, 5n * TOKEN, 'referral_balance');
    const before = await snapshot(outsider.userId);
    const response = await transfer(outsider, { token_amount: '1' });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'Join the community to use the product', code: 'notAMember' });
    expect(await snapshot(outsider.userId)).toEqual(before);
  });

  it('20 concurrent 1-token transfers from 10 tokens: exactly 10 succeed (serialised on PGlite)', async () => {
    await expectReferralTransfersExact([ctx]);
  });
});

describe('sandbox launcher grants (referral and task balance too)', () => {
  it('credits the chosen balance through the ledger; the launcher lists all three; a referral grant can be transferred', async () => {
    const sandbox = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/sandbox/api${url}`, ...(payload ? { payload } : {}) });
    const { id } = (await sandbox('POST', '/users', { first_name: 'Rex' })).json<{ id: number }>();
    const launch = (await sandbox('GET', `/users/${id}/launch`)).json<{ url: string }>();
    const initData = new URLSearchParams(launch.url.slice(2)).get('tgWebAppData');
    const tokens = (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { init_data: initData } })
    ).json<TokenPair>();
    const user = { headers: bearer(tokens.token) };
    const me = userMeSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })).json(),
    );

    const referral = await sandbox('POST', `/users/${id}/grant`, { amount: '100', account: 'referral_balance' });
    expect(referral.statusCode).toBe(200);
    expect(referral.json()).toMatchObject({ balance_token: '0', referral_balance: '100', task_balance: '0' });
    expect(
      (await sandbox('POST', `/users/${id}/grant`, { amount: '7.5', account: 'task_balance' })).json(),
    ).toMatchObject({ task_balance: '7.5' });
    expect((await sandbox('POST', `/users/${id}/grant`, { amount: '1' })).json()).toMatchObject({ balance_token: '1' });

    const listed = (await sandbox('GET', '/users')).json<
      Array<{ id: number; app_user: Record<string, unknown> | null }>
    >();
    expect(listed.find((u) => u.id === id)?.app_user).toMatchObject({
      balance_token: '1',
      referral_balance: '100',
      task_balance: '7.5',
    });
    const grants = await ctx.db.query<{ account: string; delta: bigint; reason: string }>(
      'SELECT account, delta, reason FROM ledger WHERE user_id = $1 ORDER BY id',
      [me.id],
    );
    expect(grants).toEqual([
      { account: 'referral_balance', delta: 100n * TOKEN, reason: 'sandbox_grant' },
      { account: 'task_balance', delta: 7_500_000_000n, reason: 'sandbox_grant' },
      { account: 'balance_token', delta: TOKEN, reason: 'sandbox_grant' },
    ]);

    expect((await transfer(user, { token_amount: '40' })).json<Balances>()).toMatchObject({
      balance_token: '41',
      referral_balance: '60',
    });
    expect(await ledgerMatchesBalances(ctx, me.id)).toBe(true);
  });
});
