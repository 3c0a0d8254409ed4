/**
 * GET /api/operations/history (SPEC §7, DESIGN.md §4 Histories = ledger entries): every balance change
 * of the user's, typed, with its size, direction, the balance after it and its time; 10 a page, newest
 * first unless asked otherwise, with the total; hostile queries 422; nobody sees another user's entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  type Operation,
  type OperationHistory,
  type TokenPair,
  operationHistorySchema,
  userMeSchema,
} from '@/shared/api/contract';
import { bearer, createTestContext, type TestContext } from './helpers';
import { TOKEN, newUser, type TestUser } from './mint-kit';
import { createFarmingLink, fundedUser, ledgerChange } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const URL_HISTORY = '/api/operations/history';
const history = (user: Pick<TestUser, 'headers'> | null, query = '') =>
  ctx.app.inject({ method: 'GET', url: `${URL_HISTORY}${query}`, headers: user?.headers ?? {} });
async function historyOf(user: Pick<TestUser, 'headers'>, query = ''): Promise<OperationHistory> {
  const response = await history(user, query);
  expect(response.statusCode).toBe(200);
  return operationHistorySchema.parse(response.json());
}
/** The fields a user reads in a row, without ids and times. */
const shown = ({ type, account, direction, amount, balance_after }: Operation) => ({
  type,
  account,
  direction,
  amount,
  balance_after,
});

/** A test user opened from the launcher, signed in, with the launcher's grant helper. */
async function launcherUser() {
  const sandbox = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/sandbox/api${url}`, ...(payload ? { payload } : {}) });
  const { id } = (await sandbox('POST', '/users', { first_name: 'Hana' })).json<{ id: number }>();
  const launch = (await sandbox('GET', `/users/${id}/launch`)).json<{ url: string }>();
  const initData = new URLSearchParams(launch.url.slice(2)).get('tgWebAppData');
  const tokens = (
    await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { init_data: initData } })
  ).json<TokenPair>();
  const headers = bearer(tokens.token);
  const me = userMeSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers })).json());
  const user: TestUser = { userId: me.id, token: tokens.token, refCode: me.ref_code, headers };
  const grant = async (amount: string, account: string) => {
    const response = await sandbox('POST', `/users/${id}/grant`, { amount, account });
    expect(response.statusCode).toBe(200);
  };
  return { user, grant, sandboxId: id };
}

describe('GET /api/operations/history', () => {
  it('lists a grant, a transfer, a farming link and its refund, typed, with amounts and balances, newest first', async () => {
    const { user, grant, sandboxId } = await launcherUser();
    await grant('1000', 'referral_balance');
    const transfer = await ctx.app.inject({
      method: 'POST',
      url: '/api/withdraw/transfer-from-referral-balance',
      headers: user.headers,
      payload: { token_amount: '40.5' },
    });
    expect(transfer.statusCode).toBe(200);
    const link = await createFarmingLink(ctx, user, { count_activations: 2 });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/farming/${link.id}/cancel`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(200);

    const cost = Number(link.cost_token);
    const afterLink = (959.5 - cost).toFixed(9).replace(/\.?0+$/, '');
    const page = await historyOf(user);
    expect(page.total).toBe(5);
    expect(page.data.map(shown)).toEqual([
      {
        type: 'farming_refund',
        account: 'referral_balance',
        direction: 'in',
        amount: link.cost_token,
        balance_after: '959.5',
      },
      {
        type: 'farming_link',
        account: 'referral_balance',
        direction: 'out',
        amount: link.cost_token,
        balance_after: afterLink,
      },
      { type: 'referral_transfer', account: 'balance_token', direction: 'in', amount: '40.5', balance_after: '40.5' },
      {
        type: 'referral_transfer',
        account: 'referral_balance',
        direction: 'out',
        amount: '40.5',
        balance_after: '959.5',
      },
      { type: 'sandbox_grant', account: 'referral_balance', direction: 'in', amount: '1000', balance_after: '1000' },
    ]);
    // What each change belongs to, and when.
    const [refund, hold, , , granted] = page.data;
    expect(refund).toMatchObject({ ref_type: 'farming_link', ref_id: String(link.id) });
    expect(hold).toMatchObject({ ref_type: 'farming_link', ref_id: String(link.id) });
    expect(granted).toMatchObject({ ref_type: 'sandbox_user', ref_id: String(sandboxId) });
    const now = Math.floor(Date.now() / 1000);
    for (const entry of page.data) expect(Math.abs(entry.created_at - now)).toBeLessThan(60);
    // Ids fall newest first.
    expect(page.data.map((entry) => entry.id)).toEqual([...page.data.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('pages by 10 with the total, newest first by default and oldest first on asc', async () => {
    const user = await newUser(ctx);
    for (let n = 1; n <= 23; n++) await ledgerChange(ctx, user.userId, BigInt(n) * TOKEN);
    const amounts = (list: OperationHistory) => list.data.map((entry) => Number(entry.amount));

    const first = await historyOf(user);
    expect(first.total).toBe(23);
    expect(amounts(first)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.data[0]?.balance_after).toBe(String((23 * 24) / 2));
    expect(amounts(await historyOf(user, '?page=2'))).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    const last = await historyOf(user, '?page=3');
    expect(amounts(last)).toEqual([3, 2, 1]);
    expect(last.total).toBe(23);
    expect(await historyOf(user, '?page=4')).toEqual({ data: [], total: 23 });

    expect(amounts(await historyOf(user, '?sort_order=asc'))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(amounts(await historyOf(user, '?sort_order=asc&page=3&size=10'))).toEqual([21, 22, 23]);
    expect(amounts(await historyOf(user, '?size=5&page=2&sort_order=desc'))).toEqual([18, 17, 16, 15, 14]);
    expect((await historyOf(user, '?size=100')).data).toHaveLength(23);
  });

  it('shows a debit as out with its size, and the balance it left', async () => {
    const user = await fundedUser(ctx, 10n, 'task_balance');
    await ledgerChange(ctx, user.userId, -2_500_000_000n, 'task_balance');
    const [debit] = (await historyOf(user)).data;
    expect(debit && shown(debit)).toEqual({
      type: 'sandbox_grant',
      account: 'task_balance',
      direction: 'out',
      amount: '2.5',
      balance_after: '7.5',
    });
  });

  it('an empty history is an empty page', async () => {
    expect(await historyOf(await newUser(ctx))).toEqual({ data: [], total: 0 });
  });

  it("never shows another user's entries", async () => {
    const alice = await fundedUser(ctx, 5n, 'balance_token');
    const bob = await fundedUser(ctx, 7n, 'balance_token');
    await ledgerChange(ctx, bob.userId, TOKEN);
    expect((await historyOf(alice)).data.map(shown)).toEqual([
      { type: 'sandbox_grant', account: 'balance_token', direction: 'in', amount: '5', balance_after: '5' },
    ]);
    const bobs = await historyOf(bob);
    expect(bobs.total).toBe(2);
    expect(bobs.data.map((entry) => entry.balance_after)).toEqual(['8', '7']);
  });

  it.each([
    '?size=0',
    '?size=101',
    '?size=x',
    '?size=1.5',
    '?size=-1',
    '?page=0',
    '?page=x',
    '?page=1e3',
    '?page=2147483647',
    '?sort_order=up',
    '?sort_order=DESC',
    '?sort_order=',
  ])('hostile query %s: 422', async (query) => {
    const user = await fundedUser(ctx, 1n);
    const response = await history(user, query);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().msg).toEqual(expect.any(String));
  });

  it('401 without a token, 403 for a non-member', async () => {
    expect((await history(null)).statusCode).toBe(401);
    const outsider = await newUser(ctx, { member: false });
    await ledgerChange(ctx, outsider.userId, TOKEN);
    const response = await history(outsider);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'Join the community to use the product', code: 'notAMember' });
  });
});
