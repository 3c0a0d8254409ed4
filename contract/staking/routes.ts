import type { CallRoute } from '../route';

/** The staking calls: method, path below /api, bearer token or not, success status (no zod: the client sends them). */
export const stakingRoutes = {
  stakeCreate: {
    method: 'POST',
    path: '/staking/create',
    auth: true,
    status: 201,
  },
  stakeList: { method: 'GET', path: '/staking/', auth: true, status: 200 },
  stakeCalculate: {
    method: 'GET',
    path: '/staking/calculate',
    auth: true,
    status: 200,
  },
} as const satisfies Record<string, CallRoute>;
