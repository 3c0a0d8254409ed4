/**
 * The price calls of the contract (currentPrice, priceCandles) and the operator calls (bearer
 * ADMIN_TOKEN): priceGet (GET /api/admin/price), priceSet (POST /api/admin/price {price}) and priceCandles
 * (GET /api/admin/price/candles, the app's candles for the console's chart).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VALIDATION_MESSAGES, fillText, formatUnits, moneyInput } from '@contract';
import type { Deps } from '../deps';
import { callRoute, operatorRoute } from '../lib/call-route';
import { unixNow } from '../lib/codes';
import { parseOr422 } from '../lib/validation';
import { PRICE_MAX_NANOTONS } from '../constants';
import { candles, currentPrice, setPrice } from './service';

/**
 * POST /api/admin/price read again with the server's upper bound (the contract's schema has no
 * PRICE_MAX_NANOTONS): TON per whole token as money text (like every amount), more than 0, at most PRICE_MAX_NANOTONS. */
export const setPriceBodySchema = z.strictObject({
  price: moneyInput
    .refine((nanotons) => nanotons > 0n, VALIDATION_MESSAGES.amountPositive)
    .refine(
      (nanotons) => nanotons <= PRICE_MAX_NANOTONS,
      fillText(VALIDATION_MESSAGES.amountAtMost, { amount: formatUnits(PRICE_MAX_NANOTONS) }),
    ),
});

export function priceRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'currentPrice', async () => currentPrice(deps.db, unixNow()));
    callRoute(app, 'priceCandles', async ({ query }) => candles(deps.db, query, unixNow()));

    // ---- operator API (npm run operator -- price …) ----
    // The console's chart: the app's own answer (the same service call), behind the operator's gate.
    operatorRoute(app, 'priceCandles', async ({ query }) => candles(deps.db, query, unixNow()));
    operatorRoute(app, 'priceGet', async () => {
      const now = unixNow();
      return { ...(await currentPrice(deps.db, now)), time: now };
    });
    operatorRoute(app, 'priceSet', async ({ request }) => {
      const { price } = parseOr422(setPriceBodySchema, request.body);
      const update = await setPrice(deps, price);
      request.log.warn({ price: update.price }, 'price set by operator');
      return update;
    });
  };
}
