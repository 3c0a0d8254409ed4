/** Named types of the wire, all derived from the schemas (./schemas.ts), none written by hand. */
import type { z } from 'zod';
import type * as s from './schemas';

export type ErrorBody = z.output<typeof s.errorBodySchema>;
export type RegisterBody = z.input<typeof s.registerBodySchema>;
export type RefreshBody = z.input<typeof s.refreshBodySchema>;
export type TokenPair = z.output<typeof s.tokenPairSchema>;
export type RegisterResponse = z.output<typeof s.registerResponseSchema>;
export type UserMe = z.output<typeof s.userMeSchema>;
export type BoundWallet = z.output<typeof s.boundWalletSchema>;
export type TonProofPayload = z.output<typeof s.tonProofPayloadSchema>;
export type TonProofCheckBody = z.input<typeof s.tonProofCheckBodySchema>;
export type TonProofCheckResult = z.output<typeof s.tonProofCheckResultSchema>;
export type Balances = z.output<typeof s.balancesSchema>;
export type MaintenanceStatus = z.output<typeof s.maintenanceStatusSchema>;
export type PageQuery = z.input<typeof s.pageQuerySchema>;
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}
export type CurrentPrice = z.output<typeof s.currentPriceSchema>;
export type MintStatus = z.output<typeof s.mintStatusSchema>;
export type MintPlan = z.output<typeof s.mintPlanSchema>;
export type MintCalculateQuery = z.input<typeof s.mintCalculateQuerySchema>;
export type MintCalculation = z.output<typeof s.mintCalculationSchema>;
export type MintCreateBody = z.input<typeof s.mintCreateBodySchema>;
export type PaymentRequest = z.output<typeof s.paymentRequestSchema>;
export type Mint = z.output<typeof s.mintSchema>;
export type MintList = z.output<typeof s.mintListSchema>;
export type StakeStatus = z.output<typeof s.stakeStatusSchema>;
export type Stake = z.output<typeof s.stakeSchema>;
export type StakeList = z.output<typeof s.stakeListSchema>;
export type StakeCreateBody = z.input<typeof s.stakeCreateBodySchema>;
export type StakeCalculateQuery = z.input<typeof s.stakeCalculateQuerySchema>;
export type StakeCalculation = z.output<typeof s.stakeCalculationSchema>;
export type ProgramRules = z.output<typeof s.programRulesSchema>;
export type ReferralTier = z.output<typeof s.referralTierSchema>;
export type Referral = z.output<typeof s.referralSchema>;
export type ReferralList = z.output<typeof s.referralListSchema>;
export type ShareMessage = z.output<typeof s.shareMessageSchema>;
export type ReferralTransferBody = z.input<typeof s.referralTransferBodySchema>;
export type FarmingPlans = z.output<typeof s.farmingPlansSchema>;
export type FarmingCalculateQuery = z.input<typeof s.farmingCalculateQuerySchema>;
export type FarmingCalculation = z.output<typeof s.farmingCalculationSchema>;
export type FarmingCreateBody = z.input<typeof s.farmingCreateBodySchema>;
export type FarmingLink = z.output<typeof s.farmingLinkSchema>;
export type FarmingLinkStatus = FarmingLink['status'];
export type FarmingLinkList = z.output<typeof s.farmingLinkListSchema>;
export type FarmingActivationStatus = z.output<typeof s.farmingActivationStatusSchema>;
export type Task = z.output<typeof s.taskSchema>;
export type TaskStatus = Task['status'];
export type TaskKind = Task['kind'];
export type TaskValidateBody = z.input<typeof s.taskValidateBodySchema>;
export type Operation = z.output<typeof s.operationSchema>;
export type OperationType = Operation['type'];
export type OperationHistory = z.output<typeof s.operationHistorySchema>;
export type HistoryQuery = z.input<typeof s.historyQuerySchema>;
export type WithdrawCalculation = z.output<typeof s.withdrawCalculationSchema>;
export type WithdrawCreateBody = z.input<typeof s.withdrawCreateBodySchema>;
export type Withdrawal = z.output<typeof s.withdrawalSchema>;
export type WithdrawalStatus = Withdrawal['status'];
export type WithdrawalCreated = z.output<typeof s.withdrawalCreatedSchema>;
export type WithdrawHistory = z.output<typeof s.withdrawHistorySchema>;
export type WithdrawHistoryQuery = z.input<typeof s.withdrawHistoryQuerySchema>;
export type Candle = z.output<typeof s.candleSchema>;
export type CandleList = z.output<typeof s.candleListSchema>;
export type CandlesQuery = z.input<typeof s.candlesQuerySchema>;
export type PriceUpdate = z.output<typeof s.priceUpdateSchema>;
export type CurrentCandle = z.output<typeof s.currentCandleSchema>;
export type FinancialStats = z.output<typeof s.financialStatsSchema>;
export type UserBalanceEvent = z.output<typeof s.userBalanceEventSchema>;

/** Server → client socket messages, by event name (schemas in s.socketEventSchemas). */
export type SocketEvents = { [K in keyof typeof s.socketEventSchemas]: z.output<(typeof s.socketEventSchemas)[K]> };
export type SocketEventName = keyof SocketEvents;
/** Server → client messages on the candles socket. */
export type CandleSocketMessage = { event: 'current_candle'; data: z.output<typeof s.currentCandleSchema> };
export type SocketMessage = {
  [K in SocketEventName]: { event: K; data: SocketEvents[K] };
}[SocketEventName];
