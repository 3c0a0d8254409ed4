import type { CallRoute } from '../route';

/** The operations calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const operationsRoutes = {
  operationsHistory: {
    method: 'GET',
    path: '/operations/history',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
