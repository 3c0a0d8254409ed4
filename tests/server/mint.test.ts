import { Address, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  type Mint,
  type MintCalculation,
  type MintList,
  type MintPlan,
  mintCalculationSchema,
  mintListSchema,
  mintSchema,
} from '@contract';
import { MAX_PENDING_MINTS_PER_USER, MINT_PENDING_TTL_SECONDS, PRICE_QUOTE_TTL_SECONDS } from '../../server/constants';
import { createMint as createMintCommand, mintAmounts } from '../../server/mint/service';
import { mintCodeFromComment } from '../../server/mint/wire';
import { insertPriceTick } from '../../server/price/queries';
import { createTestContext, type TestContext } from './helpers';
import { createMint, listen, mintOf, newUser, payMint, TON, type TestUser } from './mint-kit';
import { expectPendingMintLimitHolds, expectQuotesHonouredWhilePriceMoves } from './race-kit';

let ctx: TestContext;
let alice: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await newUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, user: TestUser = alice) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const post = (url: string, payload?: object, user: TestUser = alice) =>
  ctx.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('GET /api/mint/all-plans', () => {
  it('offers only active plans, sorted by days ascending', async () => {
    await ctx.db.query(
      'INSERT INTO mint_plans (days, tariff_days, yield_bps, is_active) VALUES (14, 14, 200, TRUE), (7, 7, 100, FALSE)',
    );
    try {
      const response = await get('/api/mint/all-plans');
      expect(response.statusCode).toBe(200);
      const plans = response.json<MintPlan[]>();
      expect(plans.map((plan) => plan.days)).toEqual([14, 30, 60, 90, 180]);
      expect(plans.every((plan) => plan.is_active)).toBe(true);
      expect(plans[1]).toEqual({
        days: 30,
        tariff_days: 30,
        is_active: true,
        yield: 0.05,
        min_amount: '1',
        max_amount: '100000',
      });
    } finally {
      await ctx.db.query('DELETE FROM mint_plans WHERE days IN (7, 14)');
    }
  });

  it('needs a bearer token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/mint/all-plans' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/mint/calculate', () => {
  const calculate = async (query: string) => get(`/api/mint/calculate?${query}`);

  it('turns TON into tokens at the current price and adds the plan yield, in base units', async () => {
    const response = await calculate('amount=1.5&freeze_days=30');
    expect(response.statusCode).toBe(200);
    const body = response.json<MintCalculation>();
    expect(mintCalculationSchema.parse(body)).toEqual(body);
    // 1.5 TON / 0.01 TON = 150 tokens; × 1.05 = 157.5
    expect(body).toEqual({
      amount_ton: '1.5',
      amount_token: '150',
      expected_token: '157.5',
      price: '0.01',
      days: 30,
      tariff_days: 30,
      yield: 0.05,
    });
  });

  it('is exact where floats are not: 9 decimals in, floored base units out', async () => {
    // 0.1 + 0.2 style amounts: 1.000000001 TON → 100.0000001 tokens exactly
    const body = (await calculate('amount=1.000000001&freeze_days=60')).json<MintCalculation>();
    expect(body.amount_token).toBe('100.0000001');
    // × 1.12 = 112.000000112
    expect(body.expected_token).toBe('112.000000112');
    // at a price that does not divide: 1 TON / 0.003 TON = 333.333333333 tokens (floored)
    expect(mintAmounts(1_000_000_000n, 3_000_000n, 0)).toEqual({
      amountToken: 333_333_333_333n,
      expectedToken: 333_333_333_333n,
    });
    // yield floors too: 333.333333333 × 1.05 = 349.99999999965 → 349.999999999
    expect(mintAmounts(1_000_000_000n, 3_000_000n, 500).expectedToken).toBe(349_999_999_999n);
  });

  it('follows the newest price tick', async () => {
    await insertPriceTick(ctx.db, 20_000_000n); // 0.02 TON
    try {
      const body = (await calculate('amount=2&freeze_days=30')).json<MintCalculation>();
      expect(body).toMatchObject({ price: '0.02', amount_token: '100', expected_token: '105' });
    } finally {
      await ctx.db.query('DELETE FROM price_ticks WHERE price_nanotons = 20000000');
    }
  });

  it.each([
    ['amount=-1&freeze_days=30', 'amount'],
    ['amount=abc&freeze_days=30', 'amount'],
    ['amount=1.0000000001&freeze_days=30', 'amount'],
    ['amount=1e3&freeze_days=30', 'amount'],
    ['amount=&freeze_days=30', 'amount'],
    ['amount=1&freeze_days=1e1', 'freeze_days'],
    ['freeze_days=30', 'amount'],
    ['amount=1&freeze_days=2.5', 'freeze_days'],
    ['amount=1', 'freeze_days'],
    ['amount=0.5&freeze_days=30', 'amount'], // below the 1 TON minimum
    ['amount=100001&freeze_days=30', 'amount'], // above the maximum
  ])('422 for %s', async (query, field) => {
    const response = await calculate(query);
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errors?.[0]?.path).toBe(field);
  });

  it('404 for a plan that does not exist or is not offered', async () => {
    expect((await calculate('amount=1&freeze_days=31')).statusCode).toBe(404);
    const inactive = await calculate('amount=1&freeze_days=365');
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json<ErrorBody>().msg).toBe('Mint plan not found');
  });
});

describe('POST /api/mint/create', () => {
  it('creates a pending mint with a payment request the wallet can send as is', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await post('/api/mint/create', { amount: '2.5', days: 90 });
    expect(response.statusCode).toBe(201);
    const mint = response.json<Mint>();
    expect(mintSchema.parse(mint)).toEqual(mint);
    expect(mint).toMatchObject({
      status: 'pending',
      cancel_reason: null,
      amount_ton: '2.5',
      amount_token: '250',
      expected_token: '300', // 90 days: +20 %
      days: 90,
      tariff_days: 90,
      activated_at: null,
      matures_at: null,
    });
    expect(mint.mint_id).toMatch(/^[A-Z2-9]{8}$/);
    expect(mint.created_at).toBeGreaterThanOrEqual(before);

    const payment = mint.payment!;
    expect(payment.amount).toBe('2500000000');
    expect(payment.comment).toBe(`Mint ${mint.mint_id}`);
    expect(payment.valid_until).toBe(mint.created_at + MINT_PENDING_TTL_SECONDS);
    // user-friendly, bounceable, the configured treasury
    expect(Address.isFriendly(payment.address)).toBe(true);
    expect(Address.parseFriendly(payment.address).isBounceable).toBe(true);
    expect(Address.parse(payment.address).equals(Address.parse(ctx.config.treasuryAddress!))).toBe(true);
    // the payload is the comment cell: op 0 + the text
    const slice = Cell.fromBase64(payment.payload).beginParse();
    expect(slice.loadUint(32)).toBe(0);
    expect(slice.loadStringTail()).toBe(payment.comment);
    expect(mintCodeFromComment(payment.comment)).toBe(mint.mint_id);
  });

  it.each([
    [{ amount: '0.5', days: 30 }, 'Amount must be at least 1 TON', 'amountAtLeast', { amount: '1' }],
    [{ amount: '1e3', days: 30 }, 'Amount must be written without an exponent', 'amountExponent', undefined],
    [
      { amount: '1', days: 0 },
      'days: must be a whole number from 1 to 2147483647',
      'wholeNumber',
      { max: '2147483647' },
    ],
    [{ amount: '1', days: 30, extra: true }, expect.any(String), 'validation', undefined],
  ])(
    'says what is wrong in a sentence a person can read, with its code and the template’s params: %j',
    async (body, msg, code, params) => {
      const response = await post('/api/mint/create', body);
      expect(response.statusCode).toBe(422);
      const answer = response.json<ErrorBody>();
      expect(answer).toMatchObject({ msg, code });
      expect(answer.params).toEqual(params);
    },
  );

  it('reads the amount text exactly, to the nanoton', async () => {
    const mint = (await post('/api/mint/create', { amount: '1.000000001', days: 30 })).json<Mint>();
    expect(mint.payment?.amount).toBe('1000000001');
  });

  it.each([
    [{ amount: '1', days: 31 }, 404],
    [{ amount: '1', days: 365 }, 404],
    [{ amount: '1' }, 422],
    [{ days: 30 }, 422],
    [{ amount: '-5', days: 30 }, 422],
    [{ amount: 5, days: 30 }, 422], // a JSON number: amounts travel as decimal text
    [{ amount: '1e3', days: 30 }, 422],
    [{ amount: '', days: 30 }, 422],
    [{ amount: '0.0000000001', days: 30 }, 422],
    [{ amount: '1', days: 30, extra: true }, 422],
    [{ amount: '1', days: '30' }, 422],
  ])('refuses %j with %i', async (payload, status) => {
    expect((await post('/api/mint/create', payload)).statusCode).toBe(status);
  });

  it(`allows at most ${MAX_PENDING_MINTS_PER_USER} unpaid mints at once, even when asked concurrently`, async () => {
    const bob = await newUser(ctx);
    const first = await expectPendingMintLimitHolds([ctx], bob);
    // canceling one frees a place
    await post(`/api/mint/${first.id}/cancel`, undefined, bob);
    expect((await post('/api/mint/create', { amount: '1', days: 30 }, bob)).statusCode).toBe(201);
  });
});

describe('POST /api/mint/{id}/cancel', () => {
  it('cancels a pending mint once, says why, and tells the user’s sockets', async () => {
    const carol = await newUser(ctx);
    const mint = await createMint(ctx, carol, 1);
    const socket = listen(ctx, carol.userId);
    try {
      const response = await post(`/api/mint/${mint.id}/cancel`, undefined, carol);
      expect(response.statusCode).toBe(200);
      const canceled = response.json<Mint>();
      expect(canceled).toMatchObject({ id: mint.id, status: 'canceled', cancel_reason: 'user' });
      expect(canceled.payment).toBeUndefined();
      expect(socket.events('user:mint')).toEqual([{ event: 'user:mint', data: canceled }]);

      const again = await post(`/api/mint/${mint.id}/cancel`, undefined, carol);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().msg).toBe('Only a pending mint can be canceled');
    } finally {
      socket.stop();
    }
  });

  it('404 for another user’s mint or one that does not exist; 422 for a malformed id', async () => {
    const dave = await newUser(ctx);
    const mint = await createMint(ctx, dave, 1);
    expect((await post(`/api/mint/${mint.id}/cancel`)).statusCode).toBe(404);
    expect((await post('/api/mint/99999999/cancel')).statusCode).toBe(404);
    expect((await post('/api/mint/abc/cancel')).statusCode).toBe(422);
    // still pending for its owner
    const list = (await get('/api/mint/', dave)).json<MintList>();
    expect(list.data[0]).toMatchObject({ id: mint.id, status: 'pending' });
  });
});

describe('GET /api/mint/', () => {
  it('pages the user’s own mints, newest first, with the total; limit defaults to 300', async () => {
    const erin = await newUser(ctx);
    const created: Mint[] = [];
    for (let i = 0; i < 3; i++) created.push(await createMint(ctx, erin, i + 1));
    await createMint(ctx, alice, 1); // someone else's

    const all = (await get('/api/mint/', erin)).json<MintList>();
    expect(mintListSchema.parse(all)).toEqual(all);
    expect(all).toMatchObject({ total: 3, page: 1, limit: 300 });
    expect(all.data.map((mint) => mint.id)).toEqual(created.map((mint) => mint.id).reverse());

    const second = (await get('/api/mint/?page=2&limit=2', erin)).json<MintList>();
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.data.map((mint) => mint.id)).toEqual([created[0]!.id]);

    expect((await get('/api/mint/?page=0', erin)).statusCode).toBe(422);
    expect((await get('/api/mint/?limit=5000', erin)).statusCode).toBe(422);
  });
});

describe('a mint honours the quote the user confirmed', () => {
  const quotedPrice = '0.01'; // the seeded price: what calculate answers before the ticks below
  const dropTicks = () => ctx.db.query('DELETE FROM price_ticks WHERE price_nanotons IN (12500000, 20000000)');

  it('the price moves between calculate and create, and again before the payment: the quoted tokens are created and credited', async () => {
    const carol = await newUser(ctx);
    try {
      const quote = (await get('/api/mint/calculate?amount=1.5&freeze_days=30', carol)).json<MintCalculation>();
      expect(quote).toMatchObject({ price: quotedPrice, amount_token: '150', expected_token: '157.5' });

      await insertPriceTick(ctx.db, 12_500_000n); // 0.0125: today's price would give 120 tokens
      const response = await post('/api/mint/create', { amount: '1.5', days: 30, price: quote.price }, carol);
      expect(response.statusCode).toBe(201);
      const mint = response.json<Mint>();
      expect(mint).toMatchObject({ amount_token: '150', expected_token: '157.5' });

      // Within the payment window the price moves again; the payment credits what was created.
      await insertPriceTick(ctx.db, 20_000_000n);
      await payMint(ctx, mint);
      expect(await mintOf(ctx, carol, mint.id)).toMatchObject({
        status: 'active',
        amount_token: '150',
        expected_token: '157.5',
      });
      // Without a quote, create prices at today's price.
      const unquoted = (await post('/api/mint/create', { amount: '1.5', days: 30 }, carol)).json<Mint>();
      expect(unquoted.amount_token).toBe('75');
    } finally {
      await dropTicks();
    }
  });

  it('a quote whose price is not one of the last PRICE_QUOTE_TTL_SECONDS is refused with its sentence, and nothing is written', async () => {
    const dave = await newUser(ctx);
    const response = await post('/api/mint/create', { amount: '1.5', days: 30, price: '0.005' }, dave);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'priceQuoteExpired',
      msg: 'The price has changed: check the new amount and confirm again',
    });
    expect((await get('/api/mint/', dave)).json<MintList>().total).toBe(0);
    // The price in force is honoured.
    const fresh = await post('/api/mint/create', { amount: '1.5', days: 30, price: quotedPrice }, dave);
    expect(fresh.json<Mint>().amount_token).toBe('150');
  });

  it('a quote stands for PRICE_QUOTE_TTL_SECONDS after its price was last in force', async () => {
    const erin = await newUser(ctx);
    const now = Math.floor(Date.now() / 1000);
    await insertPriceTick(ctx.db, 10_000_000n, now - 30);
    await insertPriceTick(ctx.db, 12_500_000n, now);
    try {
      const deps = { db: ctx.db, bus: ctx.bus, config: ctx.config };
      const input = { amount: 15n * (TON / 10n), days: 30, price: 10_000_000n };
      // 0.01 was in force until `now`: it stands until now + TTL, not after.
      const within = await createMintCommand(deps, erin.userId, input, now + PRICE_QUOTE_TTL_SECONDS - 1);
      expect(within.amount_token).toBe('150');
      await expect(
        createMintCommand(deps, erin.userId, input, now + PRICE_QUOTE_TTL_SECONDS + 1),
      ).rejects.toMatchObject({ status: 400, code: 'priceQuoteExpired' });
    } finally {
      await dropTicks();
    }
  });
});

describe('quotes while the price moves', () => {
  it('mints confirmed at a quote while the operator moves the price: honoured or refused, never repriced', async () => {
    await expectQuotesHonouredWhilePriceMoves([ctx]);
  });
});
