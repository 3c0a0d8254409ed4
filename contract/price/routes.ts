import type { CallRoute } from '../route';

/** The price calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const priceRoutes = {
  currentPrice: {
    method: 'GET',
    path: '/price/current-price',
    auth: true,
    status: 200,
  },
  priceCandles: {
    method: 'GET',
    path: '/price/candles',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
