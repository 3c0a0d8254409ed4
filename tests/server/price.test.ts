import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CurrentPrice, currentPriceSchema } from '@contract';
import { INITIAL_TOKEN_PRICE_NANOTONS } from '../../server/constants';
import { insertPriceTick } from '../../server/price/queries';
import { currentPrice, percentChange } from '../../server/price/service';
import { createTestContext, type TestContext } from './helpers';
import { newUser } from './mint-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400;

describe('GET /api/price/current-price', () => {
  it('starts at the seeded price with no change, and needs a bearer token', async () => {
    const [seed] = await ctx.db.query<{ price_nanotons: bigint }>('SELECT price_nanotons FROM price_ticks');
    expect(seed?.price_nanotons).toBe(INITIAL_TOKEN_PRICE_NANOTONS);
    const user = await newUser(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/price/current-price', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<CurrentPrice>();
    expect(currentPriceSchema.parse(body)).toEqual(body);
    expect(body).toEqual({ price: '0.01', price_change_24h: 0, price_change_30d: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/price/current-price' })).statusCode).toBe(401);
  });

  it('compares the newest tick with the price in force 24 h and 30 days ago', async () => {
    const now = Math.floor(Date.now() / 1000);
    await ctx.db.query('DELETE FROM price_ticks');
    await insertPriceTick(ctx.db, 8_000_000n, now - 40 * DAY); // 0.008
    await insertPriceTick(ctx.db, 10_000_000n, now - 29 * DAY); // in force 24 h ago… and not 30 days ago
    await insertPriceTick(ctx.db, 12_000_000n, now - 2 * DAY); // …this one is, 24 h ago
    await insertPriceTick(ctx.db, 12_600_000n, now - 60); // now: 0.0126
    expect(await currentPrice(ctx.db, now)).toEqual({ price: '0.0126', price_change_24h: 5, price_change_30d: 57.5 });
  });

  it('uses the oldest tick when history is shorter than the period, and truncates to 2 decimals', async () => {
    const now = Math.floor(Date.now() / 1000);
    await ctx.db.query('DELETE FROM price_ticks');
    await insertPriceTick(ctx.db, 30_000_000n, now - 3600);
    await insertPriceTick(ctx.db, 29_000_000n, now - 10);
    expect(await currentPrice(ctx.db, now)).toEqual({
      price: '0.029',
      price_change_24h: -3.33,
      price_change_30d: -3.33,
    });
    expect(percentChange(3n, 4n)).toBe(33.33);
    expect(percentChange(0n, 4n)).toBe(0);
  });
});
