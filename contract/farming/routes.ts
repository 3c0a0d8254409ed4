import type { CallRoute } from '../route';

/** The farming calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const farmingRoutes = {
  farmingPlans: {
    method: 'GET',
    path: '/farming/plans',
    auth: true,
    status: 200,
  },
  farmingCalculate: {
    method: 'GET',
    path: '/farming/calculate',
    auth: true,
    status: 200,
  },
  farmingCreate: {
    method: 'POST',
    path: '/farming/create',
    auth: true,
    status: 201,
  },
  farmingList: { method: 'GET', path: '/farming/', auth: true, status: 200 },
  farmingCancel: {
    method: 'POST',
    path: '/farming/:id/cancel',
    auth: true,
    status: 200,
  },
  farmingActivationStatus: {
    method: 'GET',
    path: '/farming/activation-status',
    auth: true,
    status: 200,
  },
  /** docs/foundations.md §7 adds it to docs/product.md §7: activating is its own idempotent call (the status is a pure read). */
  farmingActivate: {
    method: 'POST',
    path: '/farming/activate',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
