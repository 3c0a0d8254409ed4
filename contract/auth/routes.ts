import type { CallRoute } from '../route';

/** The auth calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const authRoutes = {
  register: {
    method: 'POST',
    path: '/auth/register',
    auth: false,
    status: 200,
  },
  refresh: { method: 'POST', path: '/auth/refresh', auth: false, status: 200 },
  /** Sign-out revokes the session (the refresh token's family). */
  logout: { method: 'POST', path: '/auth/logout', auth: true, status: 200 },
} as const satisfies Record<string, CallRoute>;
