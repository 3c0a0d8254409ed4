import type { CallRoute } from '../route';

/** The stats calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const statsRoutes = {
  financialStats: {
    method: 'GET',
    path: '/stats/financial',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
