/**
 * Every HTTP call of the product (docs/product.md §7), gathered from the domains' route tables
 * (./<domain>/routes.ts). No zod here or in what it imports: the client's requests are built from this
 * table (docs/contract.md "Where it lives").
 */
import { authRoutes } from './auth/routes';
import { farmingRoutes } from './farming/routes';
import { maintenanceRoutes } from './maintenance/routes';
import { mintRoutes } from './mint/routes';
import { operationsRoutes } from './operations/routes';
import { priceRoutes } from './price/routes';
import { programRoutes } from './program/routes';
import { referralRoutes } from './referral/routes';
import type { CallRoute } from './route';
import { stakingRoutes } from './staking/routes';
import { statsRoutes } from './stats/routes';
import { tasksRoutes } from './tasks/routes';
import { userRoutes } from './user/routes';
import { walletRoutes } from './wallet/routes';
import { withdrawRoutes } from './withdraw/routes';

export { callPath, type CallRoute, type HttpMethod } from './route';

export const calls = {
  ...authRoutes,
  ...maintenanceRoutes,
  ...userRoutes,
  ...mintRoutes,
  ...stakingRoutes,
  ...priceRoutes,
  ...programRoutes,
  ...referralRoutes,
  ...farmingRoutes,
  ...tasksRoutes,
  ...operationsRoutes,
  ...withdrawRoutes,
  ...statsRoutes,
  ...walletRoutes,
} as const satisfies Record<string, CallRoute>;

export type CallName = keyof typeof calls;
