import type { CallRoute } from '../route';

/** The program calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const programRoutes = {
  programRules: {
    method: 'GET',
    path: '/program/rules',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
