/**
 * Farming links (docs/foundations.md §4, §7, docs/decisions.md "Farming links (server)"): plans, pricing, the hold at creation, the
 * codes, activation (status read and the idempotent activate), cancel with its refund, and the rule
 * that a farming mint is not paid TON. The races run here on PGlite (serialised) and truly overlapping
 * on a real Postgres in postgres.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_CODE_PATTERN,
  type ErrorBody,
  type FarmingActivationStatus,
  type FarmingCalculation,
  type FarmingLink,
  type FarmingLinkList,
  type FarmingPlans,
  type Mint,
  type Stake,
  type UserMe,
  farmingActivationStatusSchema,
  farmingCalculationSchema,
  farmingLinkListSchema,
  farmingLinkSchema,
  mintSchema,
} from '@contract';
import { runSettlement } from '../../server/jobs';
import { balances } from '../../server/ledger/queries';
import { paidNanotons } from '../../server/mint/service';
import { insertPriceTick } from '../../server/price/queries';
import { createTestContext, type TestContext } from './helpers';
import {
  TOKEN,
  TON,
  createMint,
  fakeNode,
  ledgerMatchesBalances,
  listen,
  mintOf,
  newUser,
  newWatcher,
  payMint,
  recordedTransaction,
  type TestUser,
} from './mint-kit';
import {
  createFarmingLink,
  expectConcurrentCreatesNeverOverdraw,
  expectCreateAndCancelConsistent,
  expectMultilinkActivationsExact,
  expectSameUserActivatesOnce,
  farmingBody,
  fundedUser,
} from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const get = (url: string, user: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const post = (url: string, user: TestUser, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  post('/api/farming/create', user, farmingBody(overrides));
const status = (user: TestUser, code: string) =>
  get(`/api/farming/activation-status?activation_code=${encodeURIComponent(code)}`, user);
const activate = (user: TestUser, code: unknown) => post('/api/farming/activate', user, { activation_code: code });
const cancel = (user: TestUser, id: number | string) => post(`/api/farming/${id}/cancel`, user);
const statusOf = async (user: TestUser, code: string) =>
  farmingActivationStatusSchema.parse((await status(user, code)).json());

/** Everything a farming command could write, to prove a refused one wrote nothing. */
async function snapshot(user: TestUser) {
  const [counts] = await ctx.db.query<{
    links: number;
    codes: number;
    activations: number;
    mints: number;
    ledger: number;
  }>(
    `SELECT (SELECT COUNT(*)::int FROM farming_links) AS links, (SELECT COUNT(*)::int FROM farming_codes) AS codes,
            (SELECT COUNT(*)::int FROM farming_activations) AS activations, (SELECT COUNT(*)::int FROM mints) AS mints,
            (SELECT COUNT(*)::int FROM ledger) AS ledger`,
  );
  return { counts, balances: await balances(ctx.db, user.userId) };
}

async function linkRow(id: number) {
  const [row] = await ctx.db.query<{ status: string; activations_used: number; refunded_token: bigint }>(
    'SELECT status, activations_used, refunded_token FROM farming_links WHERE id = $1',
    [id],
  );
  return row;
}

describe('GET /api/farming/plans', () => {
  it('offers the active plans whose smallest mint the chosen balance pays for, with the balance and price', async () => {
    const user = await fundedUser(ctx, 99n);
    const poor = (await get('/api/farming/plans?from_ref_balance=true', user)).json<FarmingPlans>();
    // A balance that covers no plan is told what the cheapest link costs: the smallest mint, 1 TON at 0.01.
    expect(poor).toEqual({ source: 'referral_balance', balance: '99', price: '0.01', plans: [], min_cost: '100' });

    const rich = await fundedUser(ctx, 100n, 'task_balance');
    const response = await get('/api/farming/plans?from_task_balance=true&from_ref_balance=false', rich);
    expect(response.statusCode).toBe(200);
    const plans = response.json<FarmingPlans>();
    expect(plans.source).toBe('task_balance');
    expect(plans.balance).toBe('100');
    // 1 TON (the smallest mint) = 100 tokens at 0.01: every active plan; the retired 365-day one never
    expect(plans.plans.map((plan) => plan.days)).toEqual([30, 60, 90, 180]);
    expect(plans.plans[0]).toEqual({
      days: 30,
      tariff_days: 30,
      is_active: true,
      yield: 0.05,
      min_amount: '1',
      max_amount: '100000',
    });
    // the referral balance of the same user is empty
    expect((await get('/api/farming/plans?from_ref_balance=true', rich)).json<FarmingPlans>().plans).toEqual([]);
  });

  it.each([
    '',
    '?from_ref_balance=true&from_task_balance=true',
    '?from_ref_balance=false',
    '?from_ref_balance=yes',
    '?from_task_balance=1',
  ])('refuses %j with 422 (exactly one balance)', async (query) => {
    const user = await newUser(ctx);
    const response = await get(`/api/farming/plans${query}`, user);
    expect(response.statusCode).toBe(422);
  });

  it('says which balance is missing in the spec’s words', async () => {
    const user = await newUser(ctx);
    const response = await get('/api/farming/plans?from_ref_balance=true&from_task_balance=true', user);
    expect(response.json<ErrorBody>().msg).toBe('Pay the link from exactly one balance: referral or task');
  });
});

describe('GET /api/farming/calculate', () => {
  it('prices one activation like a mint and the link as count × amount_token', async () => {
    const user = await newUser(ctx);
    const response = await get('/api/farming/calculate?amount=2&freeze_days=60&count_activations=3', user);
    expect(response.statusCode).toBe(200);
    expect(response.json<FarmingCalculation>()).toEqual({
      amount_ton: '2',
      amount_token: '200',
      expected_token: '224',
      price: '0.01',
      days: 60,
      tariff_days: 60,
      yield: 0.12,
      count_activations: 3,
      cost_token: '600',
    });
    // count defaults to 1
    expect(
      (await get('/api/farming/calculate?amount=1.5&freeze_days=30', user)).json<FarmingCalculation>().cost_token,
    ).toBe('150');
  });

  it('refuses amounts outside the plan with the mint’s message, and unknown or retired plans', async () => {
    const user = await newUser(ctx);
    const low = await get('/api/farming/calculate?amount=0.5&freeze_days=30', user);
    expect(low.statusCode).toBe(422);
    expect(low.json<ErrorBody>().msg).toBe('Amount must be at least 1 TON');
    const high = await get('/api/farming/calculate?amount=100001&freeze_days=30', user);
    expect(high.json<ErrorBody>().msg).toBe('Amount must be at most 100000 TON');
    const retired = await get('/api/farming/calculate?amount=1&freeze_days=365', user);
    expect(retired.statusCode).toBe(404);
    expect(retired.json<ErrorBody>().msg).toBe('Mint plan not found');
    for (const query of [
      'amount=1e3&freeze_days=30',
      'amount=1&freeze_days=30&count_activations=0',
      'amount=1&freeze_days=30&count_activations=1001',
    ]) {
      expect((await get(`/api/farming/calculate?${query}`, user)).statusCode).toBe(422);
    }
  });
});

describe('POST /api/farming/create', () => {
  it('holds amount_token × count from the referral balance, through the ledger, and makes one code per use', async () => {
    const author = await fundedUser(ctx, 1000n);
    const socket = listen(ctx, author.userId);
    try {
      const response = await create(author, { amount: '2', days: 60, count_activations: 3 });
      expect(response.statusCode).toBe(201);
      const link = farmingLinkSchema.parse(response.json());
      expect(link).toMatchObject({
        status: 'active',
        amount: '2',
        amount_token: '200',
        expected_token: '224',
        price: '0.01',
        days: 60,
        tariff_days: 60,
        count_activations: 3,
        activations_used: 0,
        activations_left: 3,
        from_ref_balance: true,
        from_task_balance: false,
        is_multilink: false,
        is_for_me: false,
        cost_token: '600',
        refunded_token: '0',
      });
      expect(Math.abs(link.created_at - now())).toBeLessThan(5);
      expect(link.codes).toHaveLength(3);
      expect(new Set(link.codes.map((code) => code.activation_code)).size).toBe(3);
      for (const code of link.codes) {
        expect(code.activation_code).toMatch(ACTIVATION_CODE_PATTERN);
        expect(code.activation_code).toMatch(/^[A-Z0-9]{10}$/);
        expect(code.used).toBe(false);
      }
      expect(link.activation_code).toBe(link.codes[0]?.activation_code);

      expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(400n * TOKEN);
      const [entry] = await ctx.db.query<{
        account: string;
        delta: bigint;
        reason: string;
        ref_type: string;
        ref_id: string;
      }>(`SELECT account, delta, reason, ref_type, ref_id FROM ledger WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [
        author.userId,
      ]);
      expect(entry).toEqual({
        account: 'referral_balance',
        delta: -600n * TOKEN,
        reason: 'farming_link',
        ref_type: 'farming_link',
        ref_id: String(link.id),
      });
      expect(await ledgerMatchesBalances(ctx, author.userId)).toBe(true);
      expect(socket.events('user:balance').at(-1)?.data.referral_balance).toBe('400');
    } finally {
      socket.stop();
    }
  });

  it('holds from the task balance when asked, and a multilink has one code for all its uses', async () => {
    const author = await fundedUser(ctx, 500n, 'task_balance');
    const link = await createFarmingLink(ctx, author, {
      count_activations: 5,
      from_ref_balance: false,
      from_task_balance: true,
      is_multilink: true,
    });
    expect(link).toMatchObject({
      from_ref_balance: false,
      from_task_balance: true,
      is_multilink: true,
      cost_token: '500',
    });
    expect(link.codes).toEqual([{ activation_code: link.activation_code, used: false }]);
    const after = await balances(ctx.db, author.userId);
    expect(after).toMatchObject({ task_balance: 0n, referral_balance: 0n, balance_token: 0n });
  });

  it('keeps the price of the day it was made for every activation', async () => {
    const author = await fundedUser(ctx, 200n);
    const link = await createFarmingLink(ctx, author, { count_activations: 2, is_multilink: true });
    await insertPriceTick(ctx.db, 20_000_000n, now()); // the price doubles
    try {
      const mint = (await activate(await newUser(ctx), link.activation_code!)).json<Mint>();
      expect(mint).toMatchObject({ amount_ton: '1', amount_token: '100', expected_token: '105' });
    } finally {
      await ctx.db.query('DELETE FROM price_ticks WHERE price_nanotons = 20000000');
    }
  });

  it('refuses a cost larger than the balance with 400 and writes nothing', async () => {
    const author = await fundedUser(ctx, 299n);
    const before = await snapshot(author);
    const response = await create(author, { count_activations: 3 });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'Insufficient funds', code: 'insufficientFunds' });
    expect(await snapshot(author)).toEqual(before);
    // the task balance is not the referral balance
    const other = await fundedUser(ctx, 1000n, 'task_balance');
    expect((await create(other)).statusCode).toBe(400);
    // a cost past any balance (100 000 TON × 1000 uses) is refused the same way
    const whale = await fundedUser(ctx, 1000n);
    const huge = await create(whale, { amount: '100000', count_activations: 1000 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json<ErrorBody>().msg).toBe('Insufficient funds');
  });

  it('refuses an amount outside the plan, and retired or unknown plans, writing nothing', async () => {
    const author = await fundedUser(ctx, 10_000n);
    const before = await snapshot(author);
    const low = await create(author, { amount: '0.999999999' });
    expect(low.statusCode).toBe(422);
    expect(low.json<ErrorBody>().msg).toBe('Amount must be at least 1 TON');
    expect((await create(author, { amount: '100000.000000001' })).json<ErrorBody>().msg).toBe(
      'Amount must be at most 100000 TON',
    );
    const retired = await create(author, { days: 365 });
    expect(retired.statusCode).toBe(404);
    expect(retired.json<ErrorBody>().msg).toBe('Mint plan not found');
    expect((await create(author, { days: 31 })).statusCode).toBe(404);
    expect(await snapshot(author)).toEqual(before);
  });

  const hostile: Array<[string, unknown]> = [
    ['both balances', farmingBody({ from_ref_balance: true, from_task_balance: true })],
    ['no balance', farmingBody({ from_ref_balance: false, from_task_balance: false })],
    ['amount as a number', farmingBody({ amount: 1 })],
    ['amount with an exponent', farmingBody({ amount: '1e3' })],
    ['negative amount', farmingBody({ amount: '-1' })],
    ['empty amount', farmingBody({ amount: '' })],
    ['10 decimals', farmingBody({ amount: '1.0000000001' })],
    ['count 0', farmingBody({ count_activations: 0 })],
    ['count above the maximum', farmingBody({ count_activations: 1001 })],
    ['fractional count', farmingBody({ count_activations: 1.5 })],
    ['count as text', farmingBody({ count_activations: '2' })],
    ['days as text', farmingBody({ days: '30' })],
    ['days out of range', farmingBody({ days: 2_147_483_648 })],
    ['flag as text', farmingBody({ from_ref_balance: 'true' })],
    ['null flag', farmingBody({ is_multilink: null })],
    ['missing field', (({ is_for_me: _, ...rest }) => rest)(farmingBody())],
    ['an extra field', farmingBody({ user_id: 1 })],
    ['a for-me link with more than one use', farmingBody({ is_for_me: true, count_activations: 2 })],
    ['a for-me multilink', farmingBody({ is_for_me: true, is_multilink: true })],
    ['an array', [farmingBody()]],
  ];
  it.each(hostile)('refuses %s with 422 and writes nothing', async (_name, payload) => {
    const author = await fundedUser(ctx, 1000n);
    const before = await snapshot(author);
    const response = await post('/api/farming/create', author, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().msg).toEqual(expect.any(String));
    expect(await snapshot(author)).toEqual(before);
  });

  it('needs a signed-in community member', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/farming/create', payload: farmingBody() })).statusCode,
    ).toBe(401);
    const outsider = await newUser(ctx, { member: false });
    expect((await create(outsider)).statusCode).toBe(403);
  });
});

describe('GET /api/farming/', () => {
  it('lists the user’s own links, newest first, paged', async () => {
    const author = await fundedUser(ctx, 1000n);
    const made = [];
    for (let i = 1; i <= 3; i++) made.push(await createFarmingLink(ctx, author, { count_activations: i }));
    await createFarmingLink(ctx, await fundedUser(ctx, 100n)); // someone else's

    const first = await get('/api/farming/?page=1&limit=2', author);
    expect(first.statusCode).toBe(200);
    const page1 = farmingLinkListSchema.parse(first.json());
    expect(page1).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.data.map((link) => link.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(page1.data[0]).toEqual(made[2]);
    const page2 = (await get('/api/farming/?page=2&limit=2', author)).json<FarmingLinkList>();
    expect(page2.data.map((link) => link.id)).toEqual([made[0]!.id]);
    expect((await get('/api/farming/?page=3&limit=2', author)).json<FarmingLinkList>().data).toEqual([]);
    // defaults: page 1, limit 300
    expect((await get('/api/farming/', author)).json<FarmingLinkList>()).toMatchObject({
      total: 3,
      page: 1,
      limit: 300,
    });
    for (const query of ['page=0', 'limit=0', 'limit=1001', 'page=1e2', 'page=-1']) {
      expect((await get(`/api/farming/?${query}`, author)).statusCode).toBe(422);
    }
  });

  it('shows the uses taken, the codes spent and the next code to hand out', async () => {
    const author = await fundedUser(ctx, 300n);
    const link = await createFarmingLink(ctx, author, { count_activations: 3 });
    const [c1, c2, c3] = link.codes.map((code) => code.activation_code);
    expect((await activate(await newUser(ctx), c2!)).statusCode).toBe(200);
    const listed = (await get('/api/farming/', author)).json<FarmingLinkList>().data[0]!;
    expect(listed).toMatchObject({ activations_used: 1, activations_left: 2, activation_code: c1 });
    expect(listed.codes).toEqual([
      { activation_code: c1, used: false },
      { activation_code: c2, used: true },
      { activation_code: c3, used: false },
    ]);
    await activate(await newUser(ctx), c1!);
    await activate(await newUser(ctx), c3!);
    const done = (await get('/api/farming/', author)).json<FarmingLinkList>().data[0]!;
    expect(done).toMatchObject({
      status: 'exhausted',
      activations_used: 3,
      activations_left: 0,
      activation_code: null,
    });
    expect(done.codes.every((code) => code.used)).toBe(true);
  });
});

describe('POST /api/farming/{id}/cancel', () => {
  it('returns every use when none was taken, to the balance the link came from, and revokes it', async () => {
    const author = await fundedUser(ctx, 400n, 'task_balance');
    const link = await createFarmingLink(ctx, author, {
      count_activations: 4,
      from_ref_balance: false,
      from_task_balance: true,
    });
    const socket = listen(ctx, author.userId);
    try {
      const response = await cancel(author, link.id);
      expect(response.statusCode).toBe(200);
      const revoked = farmingLinkSchema.parse(response.json());
      expect(revoked).toMatchObject({
        status: 'revoked',
        refunded_token: '400',
        activations_left: 0,
        activation_code: null,
      });
      expect((await balances(ctx.db, author.userId))?.task_balance).toBe(400n * TOKEN);
      const [entry] = await ctx.db.query<{ account: string; delta: bigint; reason: string; ref_id: string }>(
        'SELECT account, delta, reason, ref_id FROM ledger WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
        [author.userId],
      );
      expect(entry).toEqual({
        account: 'task_balance',
        delta: 400n * TOKEN,
        reason: 'farming_refund',
        ref_id: String(link.id),
      });
      expect(socket.events('user:balance').at(-1)?.data.task_balance).toBe('400');
      expect(await ledgerMatchesBalances(ctx, author.userId)).toBe(true);
    } finally {
      socket.stop();
    }
  });

  it('after some activations returns only the unused part; the mints given stay', async () => {
    const author = await fundedUser(ctx, 1000n);
    const link = await createFarmingLink(ctx, author, { amount: '2.5', count_activations: 4, is_multilink: true }); // 250 × 4
    const b = await newUser(ctx);
    const c = await newUser(ctx);
    const mintB = (await activate(b, link.activation_code!)).json<Mint>();
    await activate(c, link.activation_code!);
    expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(0n);

    const revoked = (await cancel(author, link.id)).json<FarmingLink>();
    expect(revoked).toMatchObject({
      status: 'revoked',
      activations_used: 2,
      refunded_token: '500',
      cost_token: '1000',
    });
    expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(500n * TOKEN);
    expect((await mintOf(ctx, b, mintB.id)).status).toBe('active');
    expect(await linkRow(link.id)).toEqual({ status: 'revoked', activations_used: 2, refunded_token: 500n * TOKEN });
  });

  it('cancels once: a second cancel, an exhausted link, someone else’s or an unknown id are refused', async () => {
    const author = await fundedUser(ctx, 300n);
    const link = await createFarmingLink(ctx, author, { count_activations: 2 });
    const stranger = await fundedUser(ctx, 0n);
    const theirs = await cancel(stranger, link.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<ErrorBody>().msg).toBe('Farming link not found');
    expect((await cancel(author, 2_000_000_000)).statusCode).toBe(404);
    for (const id of ['0', 'abc', '1e3', '2147483648']) expect((await cancel(author, id)).statusCode).toBe(422);

    expect((await cancel(author, link.id)).statusCode).toBe(200);
    const again = await cancel(author, link.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().msg).toBe('Only an active link can be canceled');
    expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(300n * TOKEN);

    const used = await createFarmingLink(ctx, author);
    await activate(await newUser(ctx), used.activation_code!);
    const exhausted = await cancel(author, used.id);
    expect(exhausted.statusCode).toBe(409);
    expect(exhausted.json<ErrorBody>().msg).toBe('Only an active link can be canceled');
    expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(200n * TOKEN);
    expect(await ledgerMatchesBalances(ctx, author.userId)).toBe(true);
  });
});

describe('GET /api/farming/activation-status', () => {
  it('tells the author, a visitor, and visitors after each use what they would get', async () => {
    const author = await fundedUser(ctx, 200n);
    const link = await createFarmingLink(ctx, author, { amount: '1', days: 90, count_activations: 2 });
    const [c1, c2] = link.codes.map((code) => code.activation_code) as [string, string];
    const details = { tariff_days: 90, amount_token: '100', amount_ton: '1' };
    const b = await newUser(ctx);
    const c = await newUser(ctx);
    const d = await newUser(ctx);

    expect(await statusOf(author, c1)).toEqual({
      status: 'REACHED',
      code: 'farmingOwnLink',
      message: 'Send this link to a friend: only a link made for you can be activated by you',
      mint_details: details,
    });
    expect(await statusOf(b, c1)).toEqual({
      status: 'ACTIVE',
      code: 'farmingActivationActive',
      message: 'This link gives you a mint',
      mint_details: details,
    });
    // a pure read: nothing changed
    expect(await linkRow(link.id)).toMatchObject({ activations_used: 0 });

    expect((await activate(b, c1)).statusCode).toBe(200);
    // REACHED says why: the user's own activation, or a spent code (each a sentence the user is shown).
    const reached = (code: string, message: string) => ({ status: 'REACHED', code, message, mint_details: details });
    const already = reached(
      'farmingAlreadyActivated',
      'You have already activated this link: its mint is in your list',
    );
    const spent = reached(
      'farmingCodeUsed',
      'This invitation was for one person and has been used: ask its author for a new one',
    );
    expect(await statusOf(b, c1)).toEqual(already); // used by them
    expect(await statusOf(b, c2)).toEqual(already); // they have activated this link already
    expect(await statusOf(c, c1)).toEqual(spent); // a single-use code, spent
    expect(await statusOf(c, c2)).toMatchObject({ status: 'ACTIVE' });
    expect((await activate(c, c2)).statusCode).toBe(200);
    expect(await statusOf(d, c2)).toEqual(spent); // exhausted
    expect(await statusOf(d, c1.toLowerCase())).toEqual(spent); // codes are read in either case
  });

  it('says REVOKED for a cancelled link, and the multilink’s code is REACHED once every use is taken', async () => {
    const author = await fundedUser(ctx, 300n);
    const revokedLink = await createFarmingLink(ctx, author);
    await cancel(author, revokedLink.id);
    const b = await newUser(ctx);
    expect(await statusOf(b, revokedLink.activation_code ?? revokedLink.codes[0]!.activation_code)).toEqual({
      status: 'REVOKED',
      code: 'farmingActivationRevoked',
      message: 'This link has been revoked',
      mint_details: { tariff_days: 30, amount_token: '100', amount_ton: '1' },
    });

    const multi = await createFarmingLink(ctx, author, { count_activations: 2, is_multilink: true });
    const code = multi.activation_code!;
    await activate(await newUser(ctx), code);
    expect(await statusOf(b, code)).toMatchObject({ status: 'ACTIVE' });
    await activate(await newUser(ctx), code);
    expect(await statusOf(b, code)).toMatchObject({
      status: 'REACHED',
      code: 'farmingLinkUsedUp',
      message: 'All of this link’s activations have been taken: ask its author for a new one',
    });
  });

  it('a for-me link is ACTIVE for its author only', async () => {
    const author = await fundedUser(ctx, 100n);
    const link = await createFarmingLink(ctx, author, { is_for_me: true });
    const code = link.activation_code!;
    expect(await statusOf(author, code)).toMatchObject({ status: 'ACTIVE', message: 'This link gives you a mint' });
    const other = await newUser(ctx);
    expect(await statusOf(other, code)).toMatchObject({
      status: 'REACHED',
      message: 'Only its author can activate this link',
    });
  });

  it('answers 404 for an unknown code and 422 for a malformed one', async () => {
    const user = await newUser(ctx);
    const unknown = await status(user, 'ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().msg).toBe('Farming link not found');
    for (const code of ['abc', 'a'.repeat(33), 'ABC-DEF12', 'ABCDEF 12', '']) {
      expect((await status(user, code)).statusCode).toBe(422);
    }
    expect((await get('/api/farming/activation-status', user)).statusCode).toBe(422);
  });
});

describe('POST /api/farming/activate', () => {
  it('gives the activator an active farming mint at once, told over the socket, that matures like any mint', async () => {
    const author = await fundedUser(ctx, 1000n);
    const link = await createFarmingLink(ctx, author, { amount: '3', days: 60 });
    const user = await newUser(ctx);
    const socket = listen(ctx, user.userId);
    try {
      const response = await activate(user, link.activation_code);
      expect(response.statusCode).toBe(200);
      const mint = mintSchema.parse(response.json());
      const at = mint.activated_at!;
      expect(Math.abs(at - now())).toBeLessThan(5);
      expect(mint).toMatchObject({
        status: 'active',
        source: 'farming',
        cancel_reason: null,
        amount_ton: '3',
        amount_token: '300',
        expected_token: '336',
        days: 60,
        tariff_days: 60,
        matures_at: at + 60 * DAY,
      });
      expect(mint.payment).toBeUndefined();
      expect(socket.events('user:mint').map((m) => m.data)).toEqual([mint]);
      expect(socket.events('user:balance')).toEqual([]);
      expect(await mintOf(ctx, user, mint.id)).toEqual(mint);
      expect(await linkRow(link.id)).toMatchObject({ status: 'exhausted', activations_used: 1 });

      // matures after tariff_days and pays expected_token, like a paid mint
      await runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, at + 60 * DAY - 1);
      expect((await mintOf(ctx, user, mint.id)).status).toBe('active');
      await runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, at + 60 * DAY);
      expect((await mintOf(ctx, user, mint.id)).status).toBe('completed');
      expect((await balances(ctx.db, user.userId))?.balance_token).toBe(336n * TOKEN);
      expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
    } finally {
      socket.stop();
    }
  });

  it('tells the link’s author over the socket: the link with the use counted, exhausted with its last', async () => {
    const author = await fundedUser(ctx, 1000n);
    const link = await createFarmingLink(ctx, author, {
      amount: '1',
      days: 30,
      count_activations: 2,
      is_multilink: true,
    });
    const socket = listen(ctx, author.userId);
    try {
      expect((await activate(await newUser(ctx), link.activation_code)).statusCode).toBe(200);
      expect(socket.events('user:farming_link').map((m) => m.data)).toEqual([
        expect.objectContaining({ id: link.id, status: 'active', activations_used: 1, activations_left: 1 }),
      ]);
      expect((await activate(await newUser(ctx), link.activation_code)).statusCode).toBe(200);
      expect(socket.events('user:farming_link').map((m) => m.data)).toEqual([
        expect.objectContaining({ activations_used: 1 }),
        expect.objectContaining({ id: link.id, status: 'exhausted', activations_used: 2, activations_left: 0 }),
      ]);
      // What the author's list reads says the same.
      const [listed] = (await get('/api/farming/?page=1&limit=20', author)).json<{ data: unknown[] }>().data;
      expect(listed).toEqual(socket.events('user:farming_link')[1]?.data);
    } finally {
      socket.stop();
    }
  });

  it('can be staked like any active mint', async () => {
    const author = await fundedUser(ctx, 100n);
    const link = await createFarmingLink(ctx, author);
    const user = await newUser(ctx);
    const mint = (await activate(user, link.activation_code)).json<Mint>();
    const staked = await post('/api/staking/create', user, { mint_id: mint.id });
    expect(staked.statusCode).toBe(201);
    expect(staked.json<Stake>().total_amount).toBe('100');
    expect((await mintOf(ctx, user, mint.id)).status).toBe('move_to_staking');
  });

  it('is idempotent: the same user and code again answer the same mint, and nothing more is given', async () => {
    const author = await fundedUser(ctx, 300n);
    const link = await createFarmingLink(ctx, author, { count_activations: 3, is_multilink: true });
    const user = await newUser(ctx);
    const socket = listen(ctx, user.userId);
    try {
      const first = await activate(user, link.activation_code);
      const second = await activate(user, link.activation_code!.toLowerCase());
      expect(second.statusCode).toBe(200);
      expect(second.json<Mint>()).toEqual(first.json<Mint>());
      expect(socket.events('user:mint')).toHaveLength(1);
      const [count] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mints WHERE user_id = $1', [
        user.userId,
      ]);
      expect(count?.n).toBe(1);
      expect(await linkRow(link.id)).toMatchObject({ activations_used: 1, status: 'active' });
      // still the same mint once the link is revoked
      await cancel(author, link.id);
      expect((await activate(user, link.activation_code)).json<Mint>().id).toBe(first.json<Mint>().id);
    } finally {
      socket.stop();
    }
  });

  it('refuses with 409 and the status’s message, writing nothing', async () => {
    const author = await fundedUser(ctx, 1000n);
    const single = await createFarmingLink(ctx, author, { count_activations: 2 });
    const [c1, c2] = single.codes.map((code) => code.activation_code) as [string, string];
    const b = await newUser(ctx);
    const c = await newUser(ctx);
    await activate(b, c1);

    const cases: Array<[TestUser, string, string, string]> = [
      [author, c2, 'Send this link to a friend: only a link made for you can be activated by you', 'farmingOwnLink'],
      [c, c1, 'This invitation was for one person and has been used: ask its author for a new one', 'farmingCodeUsed'], // spent single-use code
      [b, c2, 'You have already activated this link: its mint is in your list', 'farmingAlreadyActivated'], // one activation per user and link
    ];
    for (const [user, code, msg, errorCode] of cases) {
      const before = await snapshot(user);
      const response = await activate(user, code);
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>()).toEqual({ msg, code: errorCode });
      expect(await snapshot(user)).toEqual(before);
    }

    const mine = await createFarmingLink(ctx, author, { is_for_me: true });
    const refused = await activate(b, mine.activation_code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().msg).toBe('Only its author can activate this link');
    const own = await activate(author, mine.activation_code);
    expect(own.statusCode).toBe(200);
    expect(own.json<Mint>()).toMatchObject({ source: 'farming', status: 'active', amount_token: '100' });

    const gone = await createFarmingLink(ctx, author);
    await cancel(author, gone.id);
    const revoked = await activate(b, gone.codes[0]!.activation_code);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json<ErrorBody>().msg).toBe('This link has been revoked');

    expect((await activate(b, 'ZZZZZZZZZZ')).statusCode).toBe(404);
    for (const code of [null, 123, 'abc', 'ABC_DEF12', ['ABCDEFGH']])
      expect((await activate(b, code)).statusCode).toBe(422);
    expect((await post('/api/farming/activate', b, { activation_code: c2, extra: 1 })).statusCode).toBe(422);
  });
});

describe('a farming mint is not paid TON', () => {
  it('raises neither the referrer’s tier nor the investment bonus, and earns no referral reward', async () => {
    const referrer = await newUser(ctx);
    const user = await newUser(ctx, { refCode: referrer.refCode });
    const author = await fundedUser(ctx, 10_000n);
    const link = await createFarmingLink(ctx, author, { amount: '100' }); // past tier 2 (50 TON) and 0.05 % (100 TON)
    const mint = (await activate(user, link.activation_code)).json<Mint>();
    expect(mint.amount_ton).toBe('100');

    const me = (await get('/api/user/me', referrer)).json<UserMe>();
    expect(me.ref).toMatchObject({ level: 0, turnover: '0' });
    expect(me.referral_balance).toBe('0');
    expect(await paidNanotons(ctx.db, user.userId)).toBe(0n);
    const stake = (await post('/api/staking/create', user, { mint_id: mint.id })).json<Stake>();
    expect(stake.investment_bonus).toBe(0);
    await runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, now());
    expect((await get('/api/user/me', user)).json<UserMe>().investment_bonus).toBe(0);

    // a payment naming the farming mint is not a payment for it: no credit, no reward
    const fake = fakeNode();
    const paid = fake.pay({ amount: 100n * TON, comment: `Mint ${mint.mint_id}` });
    await newWatcher(ctx, fake.node).poll();
    expect((await recordedTransaction(ctx, paid.transaction_id.hash))?.outcome).toBe('already_paid');
    expect((await balances(ctx.db, referrer.userId))?.referral_balance).toBe(0n);

    // the referral's first paid mint still earns tier 1 (5 %), not tier 2's 6 %
    const bought = await createMint(ctx, user, 1);
    await payMint(ctx, bought);
    expect((await balances(ctx.db, referrer.userId))?.referral_balance).toBe(5n * TOKEN);
    expect((await get('/api/user/me', referrer)).json<UserMe>().ref.turnover).toBe('1');
    expect(await paidNanotons(ctx.db, user.userId)).toBe(TON);
  });
});

describe('sandbox launcher: Open with a farm code', () => {
  it('signs start_param farm_<code> into the launch data; the user it signs in reads the code’s status', async () => {
    const author = await fundedUser(ctx, 100n);
    const link = await createFarmingLink(ctx, author);
    const code = link.activation_code!;
    const tester = (
      await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/api/users',
        payload: { first_name: 'Fern', start_param: 'ABCD2345' },
      })
    ).json<{ id: number }>();
    const launched = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/api/users/${tester.id}/launch?farm_code=${code}`,
    });
    expect(launched.statusCode).toBe(200);
    const hash = new URLSearchParams(launched.json<{ url: string }>().url.slice(2));
    const initData = hash.get('tgWebAppData')!;
    expect(new URLSearchParams(initData).get('start_param')).toBe(`farm_${code}`);
    expect(hash.get('tgWebAppStartParam')).toBe(`farm_${code}`);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { init_data: initData },
    });
    expect(signIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/farming/activation-status?activation_code=${code}`,
      headers,
    });
    expect(read.json<FarmingActivationStatus>().status).toBe('ACTIVE');

    // without a farm code the stored start parameter (the referrer code) is launched as before
    const plain = await ctx.app.inject({ method: 'GET', url: `/sandbox/api/users/${tester.id}/launch` });
    expect(new URLSearchParams(plain.json<{ url: string }>().url.slice(2)).get('tgWebAppStartParam')).toBe('ABCD2345');
    for (const bad of ['abc', 'ABC_DEF12', 'A'.repeat(33)]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/sandbox/api/users/${tester.id}/launch?farm_code=${bad}` }))
          .statusCode,
      ).toBe(422);
    }
  });
});

describe('races (serialised on PGlite; overlapping in postgres.test.ts)', () => {
  it('30 users activating a 10-use multilink at once get exactly 10 mints', async () => {
    await expectMultilinkActivationsExact([ctx], 30, 10);
  });

  it('one user activating one code 20 times at once gets one mint', async () => {
    await expectSameUserActivatesOnce([ctx], 20);
  });

  it('creates and cancels at once keep every hold and refund exact', async () => {
    await expectCreateAndCancelConsistent([ctx], 3);
  });

  it('two creates that together exceed the balance: one is refused, never overdrawn', async () => {
    await expectConcurrentCreatesNeverOverdraw([ctx], 3);
  });
});

describe('a farming link honours the quote the user confirmed', () => {
  const dropTicks = () => ctx.db.query('DELETE FROM price_ticks WHERE price_nanotons = 12500000');

  it('the price moves between calculate and create: the link is charged and priced at the quote', async () => {
    const author = await fundedUser(ctx, 1000n);
    try {
      const quote = farmingCalculationSchema.parse(
        (await get('/api/farming/calculate?amount=2&freeze_days=30&count_activations=3', author)).json(),
      );
      expect(quote).toMatchObject({ price: '0.01', amount_token: '200', cost_token: '600' });

      await insertPriceTick(ctx.db, 12_500_000n); // today's price would charge 480
      const response = await create(author, { amount: '2', days: 30, count_activations: 3, price: quote.price });
      expect(response.statusCode).toBe(201);
      expect(farmingLinkSchema.parse(response.json())).toMatchObject({
        price: '0.01',
        amount_token: '200',
        cost_token: '600',
      });
      expect((await balances(ctx.db, author.userId))?.referral_balance).toBe(400n * TOKEN);
    } finally {
      await dropTicks();
    }
  });

  it('a quote whose price no longer stands is refused with its sentence and a new code, and nothing is written', async () => {
    const author = await fundedUser(ctx, 1000n);
    const before = await snapshot(author);
    const response = await create(author, { amount: '2', days: 30, count_activations: 3, price: '0.005' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      code: 'priceQuoteExpired',
      msg: 'The price has changed: check the new amount and confirm again',
    });
    expect(await snapshot(author)).toEqual(before);
  });
});
