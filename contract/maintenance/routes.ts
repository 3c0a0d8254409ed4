import type { CallRoute } from '../route';

/** The maintenance calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const maintenanceRoutes = {
  maintenanceStatus: {
    method: 'GET',
    path: '/maintenance/',
    auth: false,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
