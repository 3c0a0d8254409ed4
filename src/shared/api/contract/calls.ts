/**
 * Every HTTP call of the product (SPEC §7), once: method, path, whether it carries the bearer token,
 * and the success status. The schemas of each call's body, query, path parameters and response are in
 * ./call-schemas.ts under the same name; the type system holds the two tables to the same names.
 *
 * Two tables instead of one because this one has no zod in it: the client's endpoint effects are built
 * from it, and zod would cost the first screen ~24 kB gzip (DESIGN.md §7 budgets). The client takes
 * the schemas' types only.
 */
export type HttpMethod = 'GET' | 'POST';

export interface CallRoute {
  readonly method: HttpMethod;
  /** Below /api; `:name` is a path parameter (Fastify's syntax, filled in by the client). */
  readonly path: string;
  /** false: sent without the bearer token (SPEC §6: register, refresh, maintenance status). */
  readonly auth: boolean;
  /** Status of a success: 201 when the call creates something. */
  readonly status: 200 | 201;
}

export const calls = {
  register: { method: 'POST', path: '/auth/register', auth: false, status: 200 },
  refresh: { method: 'POST', path: '/auth/refresh', auth: false, status: 200 },
  /** Issue #15: sign-out revokes the session (the refresh token's family). */
  logout: { method: 'POST', path: '/auth/logout', auth: true, status: 200 },
  maintenanceStatus: { method: 'GET', path: '/maintenance/', auth: false, status: 200 },
  me: { method: 'GET', path: '/user/me', auth: true, status: 200 },
  mintPlans: { method: 'GET', path: '/mint/all-plans', auth: true, status: 200 },
  mintCalculate: { method: 'GET', path: '/mint/calculate', auth: true, status: 200 },
  mintCreate: { method: 'POST', path: '/mint/create', auth: true, status: 201 },
  mintCancel: { method: 'POST', path: '/mint/:id/cancel', auth: true, status: 200 },
  mintList: { method: 'GET', path: '/mint/', auth: true, status: 200 },
  stakeCreate: { method: 'POST', path: '/staking/create', auth: true, status: 201 },
  stakeList: { method: 'GET', path: '/staking/', auth: true, status: 200 },
  stakeCalculate: { method: 'GET', path: '/staking/calculate', auth: true, status: 200 },
  currentPrice: { method: 'GET', path: '/price/current-price', auth: true, status: 200 },
  programRules: { method: 'GET', path: '/program/rules', auth: true, status: 200 },
  referrals: { method: 'GET', path: '/user/referrals', auth: true, status: 200 },
  shareMessage: { method: 'POST', path: '/user/share-message', auth: true, status: 200 },
  referralTransfer: { method: 'POST', path: '/withdraw/transfer-from-referral-balance', auth: true, status: 200 },
  farmingPlans: { method: 'GET', path: '/farming/plans', auth: true, status: 200 },
  farmingCalculate: { method: 'GET', path: '/farming/calculate', auth: true, status: 200 },
  farmingCreate: { method: 'POST', path: '/farming/create', auth: true, status: 201 },
  farmingList: { method: 'GET', path: '/farming/', auth: true, status: 200 },
  farmingCancel: { method: 'POST', path: '/farming/:id/cancel', auth: true, status: 200 },
  farmingActivationStatus: { method: 'GET', path: '/farming/activation-status', auth: true, status: 200 },
  /** DESIGN.md §7 adds it to SPEC §7: activating is its own idempotent call (the status is a pure read). */
  farmingActivate: { method: 'POST', path: '/farming/activate', auth: true, status: 200 },
  taskList: { method: 'GET', path: '/task/list', auth: true, status: 200 },
  taskStart: { method: 'POST', path: '/task/start', auth: true, status: 200 },
  taskValidate: { method: 'POST', path: '/task/validate', auth: true, status: 200 },
  taskClaim: { method: 'POST', path: '/task/claim', auth: true, status: 200 },
  operationsHistory: { method: 'GET', path: '/operations/history', auth: true, status: 200 },
  withdrawCalculate: { method: 'GET', path: '/withdraw/calculate', auth: true, status: 200 },
  withdrawCreate: { method: 'POST', path: '/withdraw/create', auth: true, status: 201 },
  withdrawHistory: { method: 'GET', path: '/withdraw/history', auth: true, status: 200 },
  priceCandles: { method: 'GET', path: '/price/candles', auth: true, status: 200 },
  financialStats: { method: 'GET', path: '/stats/financial', auth: true, status: 200 },
  /** Issue #15: a ton_proof payload for the connect request, and the proof that binds the wallet. */
  tonProofPayload: { method: 'GET', path: '/wallet/ton-proof/payload', auth: true, status: 200 },
  tonProofCheck: { method: 'POST', path: '/wallet/ton-proof', auth: true, status: 200 },
} as const satisfies Record<string, CallRoute>;

export type CallName = keyof typeof calls;

/** '/mint/:id/cancel' + {id: 7} → '/mint/7/cancel'. */
export function callPath(route: CallRoute, params?: Record<string, string | number>): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
