/**
 * GET /api/operations/history (docs/product.md §7, docs/foundations.md §4 Histories): every balance change of the user's (a
 * ledger entry) and every money event that moves no token balance (TON paid for a mint, a mint received
 * from a farming link, a stake started), typed, with its size, unit, direction, the balance after it (when
 * one changed) and its time; 10 a page, newest first unless asked otherwise, with the total; hostile
 * queries 422; nobody sees another user's entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  type Operation,
  type OperationHistory,
  type TokenPair,
  operationHistorySchema,
  userMeSchema,
} from '@contract';
import { runSettlement } from '../../server/jobs';
import { unixNow } from '../../server/lib/codes';
import { bearer, createTestContext, type TestContext } from './helpers';
import { TOKEN, ageStake, createMint, newUser, payMint, stakeMint, type TestUser } from './mint-kit';
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

/** The fields a user reads in a row, with the unit: the money events that move no balance have none. */
const listed = ({ type, account, direction, amount, unit, balance_after }: Operation) => ({
  type,
  account,
  direction,
  amount,
  unit,
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
    // Only a mint and a stake have a public id.
    expect(page.data.map((entry) => entry.ref_code)).toEqual([null, null, null, null, null]);
    const now = Math.floor(Date.now() / 1000);
    for (const entry of page.data) expect(Math.abs(entry.created_at - now)).toBeLessThan(60);
    // Ids fall newest first.
    expect(page.data.map((entry) => entry.id)).toEqual([...page.data.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('lists a mint paid, matured, another paid and staked, the stake finished: each once, in time order, TON and tokens', async () => {
    const user = await newUser(ctx);
    const settle = () => runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, unixNow());
    // Price 0.01 TON: 4 TON → 400 tokens (+5 % on maturity: 420); 2 TON → 200 tokens staked (max reward 60).
    const matured = await createMint(ctx, user, 4);
    expect(await historyOf(user)).toEqual({ data: [], total: 0 }); // created, not paid: nothing happened yet
    await payMint(ctx, matured);
    await ctx.db.query(`UPDATE mints SET matures_at = now() - interval '1 second' WHERE id = $1`, [matured.id]);
    await settle();
    const staked = await createMint(ctx, user, 2);
    await payMint(ctx, staked);
    const stake = await stakeMint(ctx, user, staked.id);
    await ageStake(ctx, stake.id, 31); // past max_reward (30 days at 1 %)
    await settle();
    await settle(); // settling again adds nothing

    const oldestFirst = await historyOf(user, '?sort_order=asc');
    expect(oldestFirst.total).toBe(6);
    expect(oldestFirst.data.map(listed)).toEqual([
      { type: 'mint_paid', account: null, direction: 'out', amount: '4', unit: 'TON', balance_after: null },
      {
        type: 'mint_matured',
        account: 'balance_token',
        direction: 'in',
        amount: '420',
        unit: 'TKN',
        balance_after: '420',
      },
      { type: 'mint_paid', account: null, direction: 'out', amount: '2', unit: 'TON', balance_after: null },
      { type: 'stake_started', account: null, direction: 'none', amount: '200', unit: 'TKN', balance_after: null },
      {
        type: 'staking_principal',
        account: 'balance_token',
        direction: 'in',
        amount: '200',
        unit: 'TKN',
        balance_after: '620',
      },
      {
        type: 'staking_reward',
        account: 'balance_token',
        direction: 'in',
        amount: '60',
        unit: 'TKN',
        balance_after: '680',
      },
    ]);
    // What each belongs to.
    expect(oldestFirst.data.map(({ ref_type, ref_id }) => [ref_type, ref_id])).toEqual([
      ['mint', String(matured.id)],
      ['mint', String(matured.id)],
      ['mint', String(staked.id)],
      ['stake', String(stake.id)],
      ['stake', String(stake.id)],
      ['stake', String(stake.id)],
    ]);
    // The public id the app shows for each ("#K7F3QX2M"), the mint's and the stake's code, never the row id.
    expect(oldestFirst.data.map((entry) => entry.ref_code)).toEqual([
      matured.mint_id,
      matured.mint_id,
      staked.mint_id,
      stake.staking_id,
      stake.staking_id,
      stake.staking_id,
    ]);
    // Newest first is the same list reversed; ids are unique and rise with time; times are never earlier.
    const newestFirst = await historyOf(user);
    expect(newestFirst.data).toEqual([...oldestFirst.data].reverse());
    const ids = oldestFirst.data.map((entry) => entry.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    const times = oldestFirst.data.map((entry) => entry.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Pages cut the one list: 4 + 2.
    const firstPage = await historyOf(user, '?size=4&sort_order=asc');
    const secondPage = await historyOf(user, '?size=4&page=2&sort_order=asc');
    expect([...firstPage.data, ...secondPage.data]).toEqual(oldestFirst.data);
    expect(secondPage.total).toBe(6);
  });

  it("lists a farming link's mint for the one who activated it (tokens in, no TON), and the link for its author", async () => {
    const author = await fundedUser(ctx, 1000n);
    const link = await createFarmingLink(ctx, author); // 1 TON at 0.01 → 100 tokens, from the referral balance
    const friend = await newUser(ctx);
    const activation = await ctx.app.inject({
      method: 'POST',
      url: '/api/farming/activate',
      headers: friend.headers,
      payload: { activation_code: link.activation_code },
    });
    expect(activation.statusCode).toBe(200);
    const mint = activation.json<{ id: number; amount_token: string }>();
    const friends = await historyOf(friend);
    expect(friends.data.map(listed)).toEqual([
      {
        type: 'farming_mint',
        account: null,
        direction: 'in',
        amount: mint.amount_token,
        unit: 'TKN',
        balance_after: null,
      },
    ]);
    expect(friends.data[0]).toMatchObject({ ref_type: 'mint', ref_id: String(mint.id) });
    // Activating again gives the same mint: nothing new.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/farming/activate',
      headers: friend.headers,
      payload: { activation_code: link.activation_code },
    });
    expect((await historyOf(friend)).total).toBe(1);
    const authors = await historyOf(author);
    expect(authors.data.map((entry) => [entry.type, entry.amount, entry.unit])).toEqual([
      ['farming_link', link.cost_token, 'TKN'],
      ['sandbox_grant', '1000', 'TKN'],
    ]);
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
