/**
 * The operator API's shapes: each operator call's schemas (under the names of ./routes.ts) and the types
 * of its parts. Answers list the fields the operator's tools read (`npm run operator`); an answer may
 * carry more. docs/contract.md "The operator API".
 */
import { z } from 'zod';
import { LEDGER_ACCOUNTS, TASK_ICONS, TASK_KINDS, WITHDRAWAL_STATUSES } from '../constants';
import { VALIDATION_MESSAGES } from '../errors';
import { idParamsSchema, limitTextSchema, moneyInput, moneyText } from '../common';
import { mintSchema } from '../mint/schemas';
import { payoutReasonSchema } from './payout-reasons';
import { operationSchema } from '../operations/schemas';
import { candleListSchema, candlesQuerySchema, priceUpdateSchema } from '../price/schemas';
import { stakeSchema } from '../staking/schemas';
import { balancesSchema, boundWalletSchema } from '../user/schemas';
import type { CallSchemas } from '../route';
import type { OperatorActionCall, operatorRoutes, OperatorCallName } from './routes';

// ---- who acts ---------------------------------------------------------------------------------------
/**
 * Who made an operator call: a named operator's session (signed in from the bot's /admin with Telegram
 * launch data), or the admin token (the CLI, automation). The audit records it with every action.
 */
export const operatorActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('operator'), telegram_id: z.number().int(), name: z.string() }),
  z.object({ kind: z.literal('token') }),
]);
/** POST /api/admin/session: the launch data Telegram gave the console (as the app's sign-in sends it). */
export const operatorSignInBodySchema = z.strictObject({ init_data: z.string().min(1).max(8192) });
export const operatorSessionSchema = z.object({
  /** The operator session's bearer token (absent when the caller is the admin token). */
  token: z.string().optional(),
  actor: operatorActorSchema,
  /** Unix seconds the session ends (null for the admin token). */
  expires_at: z.number().int().nullable(),
});
export const sessionClosedSchema = z.object({ signed_out: z.literal(true) });

// ---- overview ---------------------------------------------------------------------------------------
/** TON in one direction: since midnight UTC and over the last 7 days. */
const tonPeriodsSchema = z.object({ today: moneyText, week: moneyText });
export const PAYOUT_WORKER_STATES = ['running', 'paused', 'waiting', 'disabled'] as const;
export const overviewSchema = z.object({
  users: z.object({ total: z.number().int(), new_today: z.number().int() }),
  /** TON paid in for mints (credited payments). */
  mint_received: tonPeriodsSchema,
  /** TON paid out to sellers (completed payouts). */
  paid_to_sellers: tonPeriodsSchema,
  hot_wallet: z.object({
    /** The address payouts leave from; null when none is configured. */
    address: z.string().nullable(),
    /** TON on it as last read; null when it could not be read. */
    balance: moneyText.nullable(),
    /** TON of the payouts queued or being sent. */
    queued: moneyText,
  }),
  payouts: z.object({
    /**
     * running: paying as sales arrive; paused: held by an operator; waiting: the worker cannot go on (reason);
     * disabled: the server runs with PAYOUTS_ENABLED=false (a setting: the socket's state events never change it).
     */
    state: z.enum(PAYOUT_WORKER_STATES),
    /** Why it waits, in English (a row older than the codes has only this). */
    reason: z.string().nullable(),
    /** The same as a code and its figures, for the operator's language (./payout-reasons.ts); null when none. */
    reason_coded: payoutReasonSchema.nullable(),
    counts: z.record(z.enum(WITHDRAWAL_STATUSES), z.number().int()),
    /** Batches neither found on chain nor proven lost. */
    held_batches: z.number().int(),
  }),
  /** Seconds since the treasury watcher last read the chain successfully; null before its first read. */
  watcher_lag_seconds: z.number().nullable(),
  maintenance: z.boolean(),
  /** Proofs waiting for review; treasury transactions waiting for an operator. */
  reviews_waiting: z.number().int(),
  treasury_waiting: z.number().int(),
});

// ---- settings ---------------------------------------------------------------------------------------
/** Every global setting, as stored (server/settings/queries.ts Settings). */
export const settingsSchema = z.object({
  maintenance: z.boolean(),
  /** Percent a day added to every stake's reward (docs/product.md §5). */
  collective_bonus: z.number(),
  /** Selling tokens: percent of the TON amount kept as a fee. */
  withdraw_fee_percent: z.number(),
  /** Selling tokens: TON kept per sale for the network, on top of the percent. */
  withdraw_network_fee: moneyText,
  /** Selling tokens: the least TON a sale may bring. */
  withdraw_min_receive: moneyText,
  /** Payouts held by an operator. */
  payouts_paused: z.boolean(),
});

/**
 * PATCH /api/admin/settings: the settings an operator changes (the collective bonus is the settlement
 * run's, maintenance and payouts have their own calls). Each rule as the sale reads it.
 */
export const settingsChangeSchema = z
  .strictObject({
    withdraw_fee_percent: z.number().min(0).lt(100),
    withdraw_network_fee: moneyInput.refine((units) => units >= 0n, VALIDATION_MESSAGES.amountPositive),
    withdraw_min_receive: moneyInput.refine((units) => units > 0n, VALIDATION_MESSAGES.amountPositive),
  })
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'nothing to change');

// ---- maintenance ----------------------------------------------------------------------------------
export const maintenanceBodySchema = z.strictObject({ enabled: z.boolean() });
export const maintenanceStateSchema = z.object({ enabled: z.boolean(), detail: z.string() });

// ---- price ------------------------------------------------------------------------------------------
/**
 * POST /api/admin/price: TON per whole token as money text (like every amount), more than 0. The upper
 * bound is the server's (PRICE_MAX_NANOTONS), checked by its handler.
 */
export const setPriceBodySchema = z.strictObject({
  price: moneyInput.refine((nanotons) => nanotons > 0n, VALIDATION_MESSAGES.amountPositive),
});

// ---- tasks ------------------------------------------------------------------------------------------
const text = (max: number) => z.string().trim().min(1).max(max);
const localized = (max: number) => z.strictObject({ en: text(max), ru: text(max) });
const reward = moneyInput.refine((units) => units > 0n, 'reward must be positive');
const taskFields = {
  title: localized(200),
  description: localized(2000),
  icon: z.enum(TASK_ICONS, { message: `an icon of the app’s set: ${TASK_ICONS.join(', ')}` }).optional(),
  reward,
  settings: z.record(z.string(), z.unknown()).optional(),
  is_active: z.boolean().optional(),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
};
export const createTaskSchema = z.strictObject({ kind: z.enum(TASK_KINDS), ...taskFields });
export const changeTaskSchema = z.strictObject(taskFields).partial();
export const rejectSchema = z.strictObject({ reason: text(500) });

/** `?limit=` of the operator's lists: 100 unless given. */
export const operatorLimitQuerySchema = z.object({ limit: limitTextSchema.default(100) });

/** The operator's view of a catalogue entry. */
export const adminTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  title: z.object({ en: z.string(), ru: z.string() }),
  description: z.object({ en: z.string(), ru: z.string() }),
  icon: z.string().nullable(),
  reward: moneyText,
  is_active: z.boolean(),
  sort_order: z.number().int(),
  settings: z.object({
    url: z.string().nullable(),
    count: z.number().nullable(),
    paying_only: z.boolean(),
    min_seconds: z.number().nullable(),
    allowed_hosts: z.array(z.string()),
  }),
});

/** A proof waiting for (or given) an operator's review. */
export const reviewItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  content_type: z.string().nullable(),
  size: z.number().nullable(),
  link: z.string().nullable(),
  created_at: z.number(),
  task: z.object({ id: z.number().int(), title: z.object({ en: z.string(), ru: z.string() }), reward: moneyText }),
  user: z.object({
    id: z.number().int(),
    telegram_id: z.number(),
    first_name: z.string(),
    username: z.string().nullable(),
  }),
});

/** The photo's bytes, as the file's own type (not JSON). */
export const photoBytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

// ---- withdrawals and payouts ------------------------------------------------------------------------
/** A withdrawal as the operator sees it: who, its batch and its error. */
export const operatorWithdrawalSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  source: z.enum(LEDGER_ACCOUNTS),
  token_amount: moneyText,
  ton_amount: moneyText,
  fee: moneyText,
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  batch_id: z.number().int().nullable(),
  /** The batch's chain transaction (base64 hash) once it was seen on chain; null before. */
  tx_hash: z.string().nullable(),
  /** Why it waits or failed, in English (a row older than the codes has only this). */
  error: z.string().nullable(),
  /** The same as a code and its figures, for the operator's language (./payout-reasons.ts). */
  error_coded: payoutReasonSchema.nullable(),
  created_at: z.number(),
  user: z.object({ telegram_id: z.number(), first_name: z.string(), username: z.string().nullable() }),
});
export const payoutsBodySchema = z.strictObject({ paused: z.boolean() });
export const payoutsStateSchema = z.object({
  /** An operator holds payouts: queued sales wait, nothing new is signed. */
  paused: z.boolean(),
  /** Withdrawals by status. */
  counts: z.record(z.enum(WITHDRAWAL_STATUSES), z.number().int()),
});
/** A payout batch the worker holds: neither found on chain nor proven lost. */
export const heldBatchSchema = z.object({
  id: z.number().int(),
  seqno: z.number().int(),
  /** Unix seconds: the latest message's. */
  valid_until: z.number(),
  /** Why the worker holds it, in English (a row older than the codes has only this). */
  reason: z.string().nullable(),
  /** The same as a code and its figures (./payout-reasons.ts). */
  reason_coded: payoutReasonSchema.nullable(),
  held_at: z.number().nullable(),
  /** An operator asked for it to be signed again; the worker does it while the wallet's seqno is the batch's. */
  resign_requested: z.boolean(),
  withdrawals: z.array(z.number().int()),
});

// ---- users ------------------------------------------------------------------------------------------
export const usersFindQuerySchema = z.object({
  /** A Telegram id, a username (with or without @) or a ref code. */
  q: z.string().trim().min(1).max(64),
  limit: limitTextSchema.default(20),
});
export const operatorUserSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  ref_code: z.string(),
  created_at: z.number(),
});
/** A user as the console shows it: read only (balances move only through the flows). */
export const operatorUserDetailSchema = z.object({
  user: operatorUserSchema.extend({
    language_code: z.string(),
    community_participation: z.boolean(),
    notifications_enabled: z.boolean(),
    /**
     * The wallet the user proved to hold (ton_proof): raw, and user-friendly as the app and wallets show it
     * (non-bounceable, test-only on testnet); null: none.
     */
    wallet: boundWalletSchema.nullable(),
    referrer_id: z.number().int().nullable(),
    /** Who invited the user, by name; null: nobody. */
    referrer: z
      .object({
        id: z.number().int(),
        telegram_id: z.number(),
        first_name: z.string(),
        username: z.string().nullable(),
      })
      .nullable(),
  }),
  balances: balancesSchema.pick({ balance_token: true, task_balance: true, referral_balance: true }),
  /** The newest of each (at most 50). */
  mints: z.array(mintSchema),
  stakes: z.array(stakeSchema),
  withdrawals: z.array(operatorWithdrawalSchema),
  ledger: z.array(operationSchema),
});

// ---- treasury transactions ----------------------------------------------------------------------------
export const treasuryListQuerySchema = z.object({
  include_resolved: z.enum(['true', 'false']).default('false'),
  limit: limitTextSchema.default(100),
});
export const treasuryResolveBodySchema = z.strictObject({
  hash: z.string().min(1).max(100),
  resolution: z.string().trim().min(1).max(1000),
});
/** A treasury transaction that was not credited (underpaid, unknown comment, duplicate, late, excess). */
export const treasuryTransactionSchema = z.object({
  hash: z.string(),
  lt: z.string(),
  utime: z.number(),
  source: z.string().nullable(),
  amount_ton: moneyText,
  comment: z.string().nullable(),
  outcome: z.string(),
  mint_id: z.number().int().nullable(),
  /** The mint the comment or the amount points to, and its user, when one is likely. */
  likely_mint: z
    .object({
      id: z.number().int(),
      code: z.string(),
      status: z.string(),
      ton_amount: moneyText,
      user: z.object({
        id: z.number().int(),
        telegram_id: z.number(),
        first_name: z.string(),
        username: z.string().nullable(),
      }),
    })
    .nullable(),
  recorded_at: z.number(),
  resolved_at: z.number().nullable(),
  resolution: z.string().nullable(),
});

// ---- audit --------------------------------------------------------------------------------------------
export const auditQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Only this operator's actions (a Telegram id), or `token`: only the admin token's. */
  actor: z.union([z.literal('token'), z.coerce.number().int().positive()]).optional(),
  /** Only this call's (an operator call's name, e.g. withdrawalRefund). */
  action: z
    .string()
    .regex(/^[a-zA-Z]{1,40}$/)
    .optional(),
});

/** The user an action was about, as the audit names them (and the console links them). */
const auditUserSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number(),
  first_name: z.string(),
  username: z.string().nullable(),
});
const auditTitleSchema = z.object({ en: z.string(), ru: z.string() });
/** The withdrawal an action was about, once the action answered (its amount and whose it is). */
const auditWithdrawalSchema = z.object({ ton_amount: moneyText, token_amount: moneyText, user: auditUserSchema });
/** The proof an action was about, once the action answered. */
const auditProofSchema = z.object({
  proof: z.enum(TASK_KINDS),
  task: z.object({ id: z.number().int(), title: auditTitleSchema, reward: moneyText }),
  user: auditUserSchema,
});
/** What a task change touched: the fields of changeTaskSchema. */
export const AUDIT_TASK_FIELDS = [
  'title',
  'description',
  'icon',
  'reward',
  'settings',
  'is_active',
  'sort_order',
] as const;

/**
 * What an operator action was done to, in facts (docs/decisions.md "The audit's words"): `kind` is the
 * action's operator call, and its fields are what its request says (always there once the request was
 * valid) and, optionally, what its answer said (only once the action was done: the withdrawal's amount and
 * user, the proof's task and user, the new task's id…). The console (en, ru) and the CLI (en) make the words
 * from it: "Refunded withdrawal #4 (1.8060 TON) of Alice". Every text in it is bounded by the request's own
 * limits (a reason, a resolution, a title) or the server's (a name).
 */
export const auditSummarySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sessionOpen') }),
  z.object({ kind: z.literal('sessionClose') }),
  z.object({
    kind: z.literal('settingsSet'),
    /** The new values, as sent. */
    changes: z.object({
      withdraw_fee_percent: z.number().optional(),
      withdraw_network_fee: moneyText.optional(),
      withdraw_min_receive: moneyText.optional(),
    }),
  }),
  z.object({ kind: z.literal('maintenanceSet'), enabled: z.boolean() }),
  z.object({ kind: z.literal('priceSet'), price: moneyText }),
  z.object({
    kind: z.literal('taskCreate'),
    task_kind: z.enum(TASK_KINDS),
    title: auditTitleSchema,
    reward: moneyText,
    /** The new task's id (answered). */
    task_id: z.number().int().optional(),
  }),
  z.object({
    kind: z.literal('taskChange'),
    task_id: z.number().int(),
    changed: z.array(z.enum(AUDIT_TASK_FIELDS)),
    /** As sent, when sent. */
    is_active: z.boolean().optional(),
    sort_order: z.number().int().optional(),
    reward: moneyText.optional(),
    /** The task's title after the change (answered). */
    title: auditTitleSchema.optional(),
  }),
  z.object({ kind: z.literal('reviewApprove'), review_id: z.number().int(), proof: auditProofSchema.optional() }),
  z.object({
    kind: z.literal('reviewReject'),
    review_id: z.number().int(),
    reason: z.string(),
    proof: auditProofSchema.optional(),
  }),
  z.object({
    kind: z.literal('withdrawalRefund'),
    withdrawal_id: z.number().int(),
    withdrawal: auditWithdrawalSchema.optional(),
  }),
  z.object({
    kind: z.literal('withdrawalRetry'),
    withdrawal_id: z.number().int(),
    withdrawal: auditWithdrawalSchema.optional(),
  }),
  z.object({ kind: z.literal('payoutsSet'), paused: z.boolean() }),
  z.object({
    kind: z.literal('payoutResign'),
    batch_id: z.number().int(),
    /** The batch's withdrawals (answered). */
    withdrawals: z.array(z.number().int()).optional(),
  }),
  z.object({ kind: z.literal('treasuryResolve'), hash: z.string(), resolution: z.string() }),
  z.object({
    kind: z.literal('botSetup'),
    /** How many Bot API calls were made and how many failed (answered). */
    calls: z.number().int().optional(),
    failed: z.number().int().optional(),
  }),
]);

/** One state-changing operator call, recorded before it ran (docs/security.md "Operator actions are final…"). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Who acted (entries before operators were named: the token). */
  actor: operatorActorSchema,
  /** The operator call's name (null on entries older than the names). */
  action: z.string().nullable(),
  /**
   * What was done to what, in facts the console and the CLI put into words; null when the request was not
   * one the call takes (refused before its handler ran), and on entries older than the summaries.
   */
  summary: auditSummarySchema.nullable(),
  method: z.string(),
  /** The route's pattern (older entries: the path as sent). */
  path: z.string(),
  /** Path parameters and query, bounded; null when none (and on older entries). */
  params: z.unknown(),
  query: z.unknown(),
  body: z.unknown(),
  /**
   * The answer's status (a refusal by the route included); null: its outcome was never recorded — still
   * running, or the server stopped or failed before writing it — so whether it was done is unknown.
   */
  status: z.number().int().nullable(),
  ip: z.string(),
  created_at: z.number(),
});

// ---- bot --------------------------------------------------------------------------------------------
/** One Bot API call of the bot's setup (server/telegram), and how it went. */
export const botSetupStepSchema = z.object({
  method: z.string(),
  /** The language it set (commands, descriptions); null for the default. */
  language: z.string().nullable(),
  ok: z.boolean(),
  /** Telegram's refusal, when not ok. */
  error: z.string().nullable(),
});
export const botSetupSchema = z.object({
  /** Where Telegram now delivers the bot's updates. */
  webhook_url: z.string(),
  steps: z.array(botSetupStepSchema),
});

/** The schemas of each operator call (./routes.ts), under the same names. */
export const operatorCallSchemas = {
  sessionOpen: { body: operatorSignInBodySchema, response: operatorSessionSchema },
  sessionGet: { response: operatorSessionSchema },
  sessionClose: { response: sessionClosedSchema },
  overview: { response: overviewSchema },
  settingsSet: { body: settingsChangeSchema, response: settingsSchema },
  priceCandles: { query: candlesQuerySchema, response: candleListSchema },
  usersFind: { query: usersFindQuerySchema, response: z.array(operatorUserSchema) },
  userDetail: { params: idParamsSchema, response: operatorUserDetailSchema },
  settingsGet: { response: settingsSchema },
  maintenanceGet: { response: maintenanceStateSchema },
  maintenanceSet: { body: maintenanceBodySchema, response: maintenanceStateSchema },
  priceGet: { response: priceUpdateSchema },
  priceSet: { body: setPriceBodySchema, response: priceUpdateSchema },
  tasksList: { response: z.array(adminTaskSchema) },
  taskCreate: { body: createTaskSchema, response: adminTaskSchema },
  taskChange: { params: idParamsSchema, body: changeTaskSchema, response: adminTaskSchema },
  reviewsList: { query: operatorLimitQuerySchema, response: z.array(reviewItemSchema) },
  reviewPhoto: { params: idParamsSchema, response: photoBytesSchema },
  reviewApprove: { params: idParamsSchema, response: reviewItemSchema },
  reviewReject: { params: idParamsSchema, body: rejectSchema, response: reviewItemSchema },
  withdrawalsList: { query: operatorLimitQuerySchema, response: z.array(operatorWithdrawalSchema) },
  withdrawalRefund: { params: idParamsSchema, response: operatorWithdrawalSchema },
  withdrawalRetry: { params: idParamsSchema, response: operatorWithdrawalSchema },
  payoutsGet: { response: payoutsStateSchema },
  payoutsSet: { body: payoutsBodySchema, response: payoutsStateSchema },
  payoutsHeld: { response: z.array(heldBatchSchema) },
  payoutResign: { params: idParamsSchema, response: heldBatchSchema },
  treasuryTransactions: { query: treasuryListQuerySchema, response: z.array(treasuryTransactionSchema) },
  treasuryResolve: {
    body: treasuryResolveBodySchema,
    response: z.object({ hash: z.string(), resolved: z.literal(true) }),
  },
  audit: { query: auditQuerySchema, response: z.array(auditEntrySchema) },
  botSetup: { response: botSetupSchema },
} as const satisfies Record<keyof typeof operatorRoutes, CallSchemas>;

type Schemas = typeof operatorCallSchemas;
type Part<K extends OperatorCallName, P extends keyof CallSchemas> =
  Schemas[K] extends Record<P, infer S extends z.ZodType> ? S : never;

/** What the operator's tools send as the parts of operator call K (never: the call has none). */
export type OperatorBody<K extends OperatorCallName> = z.input<Part<K, 'body'>>;
export type OperatorQuery<K extends OperatorCallName> = z.input<Part<K, 'query'>>;
export type OperatorParams<K extends OperatorCallName> = z.input<Part<K, 'params'>>;
/** What the server reads once validated. */
export type ParsedOperatorBody<K extends OperatorCallName> = z.output<Part<K, 'body'>>;
export type ParsedOperatorQuery<K extends OperatorCallName> = z.output<Part<K, 'query'>>;
export type ParsedOperatorParams<K extends OperatorCallName> = z.output<Part<K, 'params'>>;
/** What operator call K answers. */
export type OperatorResponse<K extends OperatorCallName> = z.output<Schemas[K]['response']>;

/** The operator socket's messages (OPERATOR_SOCKET_PATH), server → console, by event name. */
export const operatorSocketEventSchemas = {
  /** A proof was sent for review. */
  'review:new': reviewItemSchema,
  /** A proof was approved or rejected (by anyone): it leaves the queue. */
  'review:done': z.object({ id: z.number().int() }),
  /** A withdrawal changed status (queued, sending, completed, failed, refunded) or got or lost an error. */
  'withdrawal:changed': operatorWithdrawalSchema,
  /** The payout worker's state changed (paused, resumed, waiting and why, running again). */
  'payouts:state': overviewSchema.shape.payouts,
  /** Maintenance was switched. */
  'maintenance:state': z.object({ enabled: z.boolean() }),
} as const;
export type OperatorSocketEvents = {
  [K in keyof typeof operatorSocketEventSchemas]: z.output<(typeof operatorSocketEventSchemas)[K]>;
};
export type OperatorSocketMessage = {
  [K in keyof OperatorSocketEvents]: { event: K; data: OperatorSocketEvents[K] };
}[keyof OperatorSocketEvents];

export type OperatorActor = z.output<typeof operatorActorSchema>;
export type OperatorSession = z.output<typeof operatorSessionSchema>;
export type Overview = z.output<typeof overviewSchema>;
export type PayoutWorkerState = (typeof PAYOUT_WORKER_STATES)[number];
export type OperatorUser = z.output<typeof operatorUserSchema>;
export type OperatorUserDetail = z.output<typeof operatorUserDetailSchema>;
export type OperatorSettings = z.output<typeof settingsSchema>;
export type TreasuryTransaction = z.output<typeof treasuryTransactionSchema>;
export type AdminTask = z.output<typeof adminTaskSchema>;
export type ReviewItem = z.output<typeof reviewItemSchema>;
export type OperatorWithdrawal = z.output<typeof operatorWithdrawalSchema>;
export type HeldBatch = z.output<typeof heldBatchSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditSummary = z.output<typeof auditSummarySchema>;
export type AuditSummaryKind = AuditSummary['kind'];
type Holds<Condition extends true> = Condition;
/** Checked when compiled: every operator action has its summary, and every summary is an action's. */
export type AuditSummaryPerAction = Holds<
  [AuditSummaryKind] extends [OperatorActionCall]
    ? [OperatorActionCall] extends [AuditSummaryKind]
      ? true
      : false
    : false
>;
export type BotSetupStep = z.output<typeof botSetupStepSchema>;
