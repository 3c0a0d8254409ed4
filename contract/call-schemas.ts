/**
 * The schemas of every call in ./calls.ts, gathered from the domains (./<domain>/schemas.ts), and the
 * types a call's parts have on each side. `satisfies` holds this table to exactly the calls there.
 */
import type { z } from 'zod';
import { authCallSchemas } from './auth/schemas';
import type { CallName } from './calls';
import { farmingCallSchemas } from './farming/schemas';
import { maintenanceCallSchemas } from './maintenance/schemas';
import { mintCallSchemas } from './mint/schemas';
import { operationsCallSchemas } from './operations/schemas';
import { priceCallSchemas } from './price/schemas';
import { programCallSchemas } from './program/schemas';
import { referralCallSchemas } from './referral/schemas';
import type { CallSchemas } from './route';
import { stakingCallSchemas } from './staking/schemas';
import { statsCallSchemas } from './stats/schemas';
import { tasksCallSchemas } from './tasks/schemas';
import { userCallSchemas } from './user/schemas';
import { walletCallSchemas } from './wallet/schemas';
import { withdrawCallSchemas } from './withdraw/schemas';

export type { CallSchemas } from './route';

export const callSchemas = {
  ...authCallSchemas,
  ...maintenanceCallSchemas,
  ...userCallSchemas,
  ...mintCallSchemas,
  ...stakingCallSchemas,
  ...priceCallSchemas,
  ...programCallSchemas,
  ...referralCallSchemas,
  ...farmingCallSchemas,
  ...tasksCallSchemas,
  ...operationsCallSchemas,
  ...withdrawCallSchemas,
  ...statsCallSchemas,
  ...walletCallSchemas,
} as const satisfies Record<CallName, CallSchemas>;

type Schemas = typeof callSchemas;
type Part<K extends CallName, P extends keyof CallSchemas> =
  Schemas[K] extends Record<P, infer S extends z.ZodType> ? S : never;

/** What a client sends as the body / query / path parameters of call K (never: the call has none). */
export type CallBody<K extends CallName> = z.input<Part<K, 'body'>>;
export type CallQuery<K extends CallName> = z.input<Part<K, 'query'>>;
export type CallParams<K extends CallName> = z.input<Part<K, 'params'>>;
/** What the server reads once validated (amounts already exact base units). */
export type ParsedBody<K extends CallName> = z.output<Part<K, 'body'>>;
export type ParsedQuery<K extends CallName> = z.output<Part<K, 'query'>>;
export type ParsedParams<K extends CallName> = z.output<Part<K, 'params'>>;
/** What call K answers. */
export type CallResponse<K extends CallName> = z.output<Schemas[K]['response']>;
