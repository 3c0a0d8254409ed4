import type { CallRoute } from '../route';

/** The withdraw calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const withdrawRoutes = {
  withdrawCalculate: {
    method: 'GET',
    path: '/withdraw/calculate',
    auth: true,
    status: 200,
  },
  withdrawCreate: {
    method: 'POST',
    path: '/withdraw/create',
    auth: true,
    status: 201,
  },
  withdrawHistory: {
    method: 'GET',
    path: '/withdraw/history',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
