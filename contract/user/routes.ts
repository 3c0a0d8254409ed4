import type { CallRoute } from '../route';

/** The user calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const userRoutes = {
  me: { method: 'GET', path: '/user/me', auth: true, status: 200 },
  holdings: { method: 'GET', path: '/user/holdings', auth: true, status: 200 },
  notifications: { method: 'PATCH', path: '/user/notifications', auth: true, status: 200 },
} as const satisfies Record<string, CallRoute>;
