import { createEffect } from 'effector';
import type {
  CurrentPrice,
  MaintenanceStatus,
  Mint,
  MintCalculateQuery,
  MintCalculation,
  MintCreateBody,
  MintList,
  MintPlan,
  PageQuery,
  RegisterBody,
  Stake,
  StakeCalculateQuery,
  StakeCalculation,
  StakeCreateBody,
  StakeList,
  TokenPair,
  UserMe,
} from './contract';
import { requestFx } from './request';

/*
 * Thin typed wrappers over the one request effect (STYLE 5). Models `attach` their own copies,
 * so each has its own `.pending` and a test can replace it.
 */

export const registerFx = createEffect(
  (body: RegisterBody) =>
    requestFx({ method: 'POST', path: '/auth/register', body, skipAuth: true }) as Promise<TokenPair | null>,
);

export const getMeFx = createEffect(
  () => requestFx({ method: 'GET', path: '/user/me', fallback: 'null' }) as Promise<UserMe | null>,
);

export const getMaintenanceFx = createEffect(
  () =>
    requestFx({ method: 'GET', path: '/maintenance/', skipAuth: true, fallback: 'null' }) as Promise<
      MaintenanceStatus | null
    >,
);

// ---- mint (issue #4) ----------------------------------------------------------------------------

export const getMintPlansFx = createEffect(
  () => requestFx({ method: 'GET', path: '/mint/all-plans', fallback: 'array' }) as Promise<MintPlan[]>,
);

export const calculateMintFx = createEffect(
  (query: MintCalculateQuery) =>
    requestFx({ method: 'GET', path: '/mint/calculate', query, fallback: 'null' }) as Promise<MintCalculation | null>,
);

export const createMintFx = createEffect(
  (body: MintCreateBody) => requestFx({ method: 'POST', path: '/mint/create', body, fallback: 'null' }) as Promise<Mint | null>,
);

export const cancelMintFx = createEffect(
  (id: number) => requestFx({ method: 'POST', path: `/mint/${id}/cancel`, fallback: 'null' }) as Promise<Mint | null>,
);

/** SPEC §7: mints come in one page of up to 300 by default. A 5xx resolves to null (no page). */
export const getMintsFx = createEffect(
  (query: PageQuery = {}) =>
    requestFx({ method: 'GET', path: '/mint/', query: { ...query }, fallback: 'null' }) as Promise<MintList | null>,
);

// ---- staking (issue #4) -------------------------------------------------------------------------

export const createStakeFx = createEffect(
  (body: StakeCreateBody) =>
    requestFx({ method: 'POST', path: '/staking/create', body, fallback: 'null' }) as Promise<Stake | null>,
);

export const getStakesFx = createEffect(
  (query: PageQuery = {}) =>
    requestFx({ method: 'GET', path: '/staking/', query: { ...query }, fallback: 'null' }) as Promise<StakeList | null>,
);

export const calculateStakeFx = createEffect(
  (query: StakeCalculateQuery) =>
    requestFx({ method: 'GET', path: '/staking/calculate', query, fallback: 'null' }) as Promise<StakeCalculation | null>,
);

// ---- price --------------------------------------------------------------------------------------

export const getCurrentPriceFx = createEffect(
  () => requestFx({ method: 'GET', path: '/price/current-price', fallback: 'null' }) as Promise<CurrentPrice | null>,
);
