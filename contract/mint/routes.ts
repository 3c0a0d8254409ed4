import type { CallRoute } from '../route';

/** The mint calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const mintRoutes = {
  mintPlans: {
    method: 'GET',
    path: '/mint/all-plans',
    auth: true,
    status: 200,
  },
  mintCalculate: {
    method: 'GET',
    path: '/mint/calculate',
    auth: true,
    status: 200,
  },
  mintCreate: { method: 'POST', path: '/mint/create', auth: true, status: 201 },
  mintCancel: {
    method: 'POST',
    path: '/mint/:id/cancel',
    auth: true,
    status: 200,
  },
  mintList: { method: 'GET', path: '/mint/', auth: true, status: 200 },
} as const satisfies Record<string, CallRoute>;
