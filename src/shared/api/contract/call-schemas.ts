/**
 * The schemas of every call in ./calls.ts, under the same names: what the server validates each
 * request part with, and what it answers. `satisfies` holds this table to exactly the calls there.
 */
import type { z } from 'zod';
import type { CallName } from './calls';
import {
  balancesSchema,
  currentPriceSchema,
  farmingActivateBodySchema,
  farmingActivationQuerySchema,
  farmingActivationStatusSchema,
  farmingCalculateQuerySchema,
  farmingCalculationSchema,
  farmingCreateBodySchema,
  farmingLinkListSchema,
  farmingLinkSchema,
  farmingPlansSchema,
  farmingSourceQuerySchema,
  historyQuerySchema,
  idParamsSchema,
  maintenanceStatusSchema,
  mintCalculateQuerySchema,
  mintCalculationSchema,
  mintCreateBodySchema,
  mintListSchema,
  mintPlanListSchema,
  mintSchema,
  operationHistorySchema,
  pageQuerySchema,
  programRulesSchema,
  referralListSchema,
  referralTransferBodySchema,
  refreshBodySchema,
  registerBodySchema,
  logoutBodySchema,
  logoutResultSchema,
  registerResponseSchema,
  stakeCalculateQuerySchema,
  stakeCalculationSchema,
  stakeCreateBodySchema,
  stakeListSchema,
  shareMessageSchema,
  taskIdBodySchema,
  taskListSchema,
  taskSchema,
  taskValidateBodySchema,
  stakeSchema,
  tokenPairSchema,
  userMeSchema,
  withdrawalCreatedSchema,
  withdrawCalculateQuerySchema,
  withdrawCalculationSchema,
  withdrawCreateBodySchema,
  withdrawHistoryQuerySchema,
  withdrawHistorySchema,
  candleListSchema,
  candlesQuerySchema,
  financialStatsSchema,
  tonProofCheckBodySchema,
  tonProofCheckResultSchema,
  tonProofPayloadSchema,
} from './schemas';

export interface CallSchemas {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly response: z.ZodType;
}

export const callSchemas = {
  register: { body: registerBodySchema, response: registerResponseSchema },
  refresh: { body: refreshBodySchema, response: tokenPairSchema },
  logout: { body: logoutBodySchema, response: logoutResultSchema },
  maintenanceStatus: { response: maintenanceStatusSchema },
  me: { response: userMeSchema },
  mintPlans: { response: mintPlanListSchema },
  mintCalculate: { query: mintCalculateQuerySchema, response: mintCalculationSchema },
  mintCreate: { body: mintCreateBodySchema, response: mintSchema },
  mintCancel: { params: idParamsSchema, response: mintSchema },
  mintList: { query: pageQuerySchema, response: mintListSchema },
  stakeCreate: { body: stakeCreateBodySchema, response: stakeSchema },
  stakeList: { query: pageQuerySchema, response: stakeListSchema },
  stakeCalculate: { query: stakeCalculateQuerySchema, response: stakeCalculationSchema },
  currentPrice: { response: currentPriceSchema },
  programRules: { response: programRulesSchema },
  referrals: { query: pageQuerySchema, response: referralListSchema },
  shareMessage: { response: shareMessageSchema },
  referralTransfer: { body: referralTransferBodySchema, response: balancesSchema },
  farmingPlans: { query: farmingSourceQuerySchema, response: farmingPlansSchema },
  farmingCalculate: { query: farmingCalculateQuerySchema, response: farmingCalculationSchema },
  farmingCreate: { body: farmingCreateBodySchema, response: farmingLinkSchema },
  farmingList: { query: pageQuerySchema, response: farmingLinkListSchema },
  farmingCancel: { params: idParamsSchema, response: farmingLinkSchema },
  farmingActivationStatus: { query: farmingActivationQuerySchema, response: farmingActivationStatusSchema },
  farmingActivate: { body: farmingActivateBodySchema, response: mintSchema },
  taskList: { response: taskListSchema },
  taskStart: { body: taskIdBodySchema, response: taskSchema },
  taskValidate: { body: taskValidateBodySchema, response: taskSchema },
  taskClaim: { body: taskIdBodySchema, response: taskSchema },
  operationsHistory: { query: historyQuerySchema, response: operationHistorySchema },
  withdrawCalculate: { query: withdrawCalculateQuerySchema, response: withdrawCalculationSchema },
  withdrawCreate: { body: withdrawCreateBodySchema, response: withdrawalCreatedSchema },
  withdrawHistory: { query: withdrawHistoryQuerySchema, response: withdrawHistorySchema },
  priceCandles: { query: candlesQuerySchema, response: candleListSchema },
  financialStats: { response: financialStatsSchema },
  tonProofPayload: { response: tonProofPayloadSchema },
  tonProofCheck: { body: tonProofCheckBodySchema, response: tonProofCheckResultSchema },
} as const satisfies Record<CallName, CallSchemas>;

type Schemas = typeof callSchemas;
type Part<K extends CallName, P extends keyof CallSchemas> = Schemas[K] extends Record<P, infer S extends z.ZodType>
  ? S
  : never;

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
