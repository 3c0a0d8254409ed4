/**
 * The wire contract: the one source of truth for what crosses HTTP and the websocket.
 * The server validates with these schemas; the client imports the inferred types only
 * (`import type`), so zod never reaches the client bundle.
 *
 * Money on the wire is a JSON number in whole units (TON or tokens, up to 9 decimals);
 * the server keeps nanotons/base units as integers and converts at the edge.
 */
import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, MINT_CANCEL_REASONS, MINT_STATUSES, STAKE_STATUSES } from './wire-constants';

// Plain values of the contract live in ./wire-constants so the client can import them without zod.
export { INVALID_INIT_DATA_MSG, MAINTENANCE_OFF_DETAIL, MAINTENANCE_ON_DETAIL, SOCKET_CLOSE } from './wire-constants';
export {
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  MINT_CANCEL_REASONS,
  MINT_STATUSES,
  STAKE_STATUSES,
} from './wire-constants';

// ---- errors -------------------------------------------------------------------------------------
export const errorBodySchema = z.object({
  msg: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---- auth ---------------------------------------------------------------------------------------
export const registerBodySchema = z.strictObject({
  init_data: z.string().min(1, 'init_data is required').max(8192),
  ref_code: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/, 'ref_code may contain only letters, digits, _ and -')
    .nullish(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

const refreshTokenText = z.string().min(16).max(256);
/** /auth/refresh accepts both readings of the body (DESIGN.md §4). */
export const refreshBodySchema = z.union([
  z.strictObject({ refresh_token: refreshTokenText }),
  z.strictObject({ refresh: refreshTokenText }),
]);
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const tokenPairSchema = z.object({ token: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

// ---- user ---------------------------------------------------------------------------------------
export const refInfoSchema = z.object({
  /** 0-based tier index; the client shows level + 1 (SPEC §3). */
  level: z.number().int().min(0).max(7),
  /** Percent of each referral mint the user earns at this tier. */
  percent: z.number(),
  /** Referrals' total paid TON that decides the tier. */
  turnover: z.number(),
  referrals_count: z.number().int(),
  new_referrals_count: z.number().int(),
});

export const userMeSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string(),
  username: z.string().nullable(),
  language_code: z.string(),
  ref: refInfoSchema,
  ref_code: z.string(),
  community_participation: z.boolean(),
  balance_token: z.number(),
  task_balance: z.number(),
  referral_balance: z.number(),
  hold_bonus: z.number(),
  investment_bonus: z.number(),
  collective_bonus: z.number(),
});
export type UserMe = z.infer<typeof userMeSchema>;

export const balancesSchema = userMeSchema.pick({
  balance_token: true,
  task_balance: true,
  referral_balance: true,
  hold_bonus: true,
  investment_bonus: true,
  collective_bonus: true,
});
export type Balances = z.infer<typeof balancesSchema>;

// ---- maintenance --------------------------------------------------------------------------------
export const maintenanceStatusSchema = z.object({ detail: z.string() });
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

// ---- ids, pages and limits ----------------------------------------------------------------------
/**
 * Every id, page and limit is read through these, with the database's bounds, so a hostile value is a
 * 422 at the edge and never reaches SQL. Ids are Postgres INTEGER (SERIAL); pages stop where
 * (page - 1) × limit would leave that range.
 */
export const DB_INT_MAX = 2_147_483_647;
export const PAGE_MAX = Math.floor(DB_INT_MAX / LIST_MAX_LIMIT);

const wholeNumberText = (max: number) => `must be a whole number from 1 to ${max}`;
/** In a JSON body: a number, an integer, 1..max. */
const wholeNumber = (max: number) => {
  const error = wholeNumberText(max);
  return z.number({ error }).int({ error }).min(1, { error }).max(max, { error });
};
/** In a path or query string: plain decimal digits only (no sign, exponent, hex, blanks or leading zeros), 1..max. */
const wholeNumberInText = (max: number) => {
  const error = wholeNumberText(max);
  return z
    .string({ error })
    .regex(/^[1-9][0-9]{0,9}$/, { error })
    .transform(Number)
    .pipe(wholeNumber(max));
};

/** An id (or a plan's `days` key) in a JSON body. */
export const idSchema = wholeNumber(DB_INT_MAX);
/** An id (or a plan's `days` key) in a path or a query string. */
export const idTextSchema = wholeNumberInText(DB_INT_MAX);
/** `?page=`: from 1 (SPEC §7). */
export const pageTextSchema = wholeNumberInText(PAGE_MAX);
/** `?limit=`: a page size. */
export const limitTextSchema = wholeNumberInText(LIST_MAX_LIMIT);

// ---- lists --------------------------------------------------------------------------------------
/** `?page=&limit=` of list calls: page from 1 (SPEC §7), limit LIST_DEFAULT_LIMIT unless given. */
export const pageQuerySchema = z.object({
  page: pageTextSchema.default(1),
  limit: limitTextSchema.default(LIST_DEFAULT_LIMIT),
});
/** What the client sends (the schema coerces the query strings on the server). */
export type PageQuery = { page?: number; limit?: number };

/** Every list call answers one page: the items, newest first, and the total count across pages. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

// ---- price --------------------------------------------------------------------------------------
export const currentPriceSchema = z.object({
  /** TON per token. */
  price: z.number(),
  /** Percent change against the price 24 h / 30 days ago (the oldest known price when history is shorter). */
  price_change_24h: z.number(),
  price_change_30d: z.number(),
});
export type CurrentPrice = z.infer<typeof currentPriceSchema>;

// ---- mint ---------------------------------------------------------------------------------------
export const mintStatusSchema = z.enum(MINT_STATUSES);
export type MintStatus = z.infer<typeof mintStatusSchema>;

export const mintPlanSchema = z.object({
  /** The plan's key: what calculate's freeze_days and create's days name. */
  days: z.number().int(),
  /** Days an active mint runs before it completes and pays expected_token. */
  tariff_days: z.number().int(),
  is_active: z.boolean(),
  /** Growth over tariff_days as a fraction: 0.05 → expected_token = amount_token × 1.05. */
  yield: z.number(),
});
export type MintPlan = z.infer<typeof mintPlanSchema>;

/** GET /mint/calculate: amount in TON (up to 9 decimals), freeze_days = a plan's days. */
export const mintCalculateQuerySchema = z.object({
  amount: z.coerce.number().positive(),
  freeze_days: idTextSchema,
});
export type MintCalculateQuery = { amount: number; freeze_days: number };

export const mintCalculationSchema = z.object({
  /** TON to pay. */
  amount_ton: z.number(),
  /** amount_ton / price. */
  amount_token: z.number(),
  /** amount_token × (1 + yield), paid to balance_token when the mint completes. */
  expected_token: z.number(),
  /** TON per token used. */
  price: z.number(),
  days: z.number().int(),
  tariff_days: z.number().int(),
  yield: z.number(),
});
export type MintCalculation = z.infer<typeof mintCalculationSchema>;

/** POST /mint/create: amount in TON, days = a plan's days. */
export const mintCreateBodySchema = z.strictObject({
  amount: z.number().positive(),
  days: idSchema,
});
export type MintCreateBody = z.infer<typeof mintCreateBodySchema>;

/**
 * What the wallet must send to pay a pending mint: one TON Connect message
 * `{ address, amount, payload }`, valid until valid_until at the latest.
 */
export const paymentRequestSchema = z.object({
  /** The treasury, user-friendly (bounceable, url-safe), as TON Connect messages need. */
  address: z.string(),
  /** Nanotons as a decimal string (TON Connect's `amount`). */
  amount: z.string(),
  /** base64 BOC of the comment cell (32-bit 0 op + comment), TON Connect's `payload`. */
  payload: z.string(),
  /** The comment as text, `Mint <mint_id>`: the watcher matches the payment by it. */
  comment: z.string(),
  /** Unix seconds: the mint expires then; a TON Connect validUntil must not be later. */
  valid_until: z.number().int(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const mintSchema = z.object({
  id: z.number().int(),
  /** Human-readable code shown to users and named in the payment comment, e.g. 'K7F3QX2M'. */
  mint_id: z.string(),
  status: mintStatusSchema,
  /** Set when status is canceled. */
  cancel_reason: z.enum(MINT_CANCEL_REASONS).nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  amount_ton: z.number(),
  amount_token: z.number(),
  expected_token: z.number(),
  days: z.number().int(),
  tariff_days: z.number().int(),
  /** Unix seconds: when the payment was confirmed on chain (null until then). */
  activated_at: z.number().int().nullable(),
  /** Unix seconds: when an active mint completes (activated_at + tariff_days). */
  matures_at: z.number().int().nullable(),
  /** Present while pending: how to pay. */
  payment: paymentRequestSchema.optional(),
});
export type Mint = z.infer<typeof mintSchema>;
export const mintListSchema = pagedSchema(mintSchema);
export type MintList = Paged<Mint>;

// ---- staking ------------------------------------------------------------------------------------
export const stakeStatusSchema = z.enum(STAKE_STATUSES);
export type StakeStatus = z.infer<typeof stakeStatusSchema>;

/**
 * A stake. Percentages are percent per day; the reward rule (SPEC §4, §5):
 * per day = total_amount × (daily_reward + hold_bonus + collective_bonus + investment_bonus) / 100;
 * earned now = earned_reward + per-second rate × (now − (last_updated_at ?? created_at)), capped at
 * max_reward; pending → 0, completed → max_reward. The server moves earned_reward/last_updated_at
 * forward whenever a rate changes, so the rule holds with the rates as sent.
 */
export const stakeSchema = z.object({
  id: z.number().int(),
  /** Human-readable code shown to users. */
  staking_id: z.string(),
  status: stakeStatusSchema,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** Unix seconds of the last accrual into earned_reward; null before the first. */
  last_updated_at: z.number().int().nullable(),
  /** Tokens staked (the mint's amount_token); paid back with max_reward on completion. */
  total_amount: z.number(),
  daily_reward: z.number(),
  hold_bonus: z.number(),
  collective_bonus: z.number(),
  investment_bonus: z.number(),
  /** Tokens earned up to last_updated_at (or created_at). */
  earned_reward: z.number(),
  max_reward: z.number(),
});
export type Stake = z.infer<typeof stakeSchema>;
export const stakeListSchema = pagedSchema(stakeSchema);
export type StakeList = Paged<Stake>;

/** POST /staking/create: mint_id = the `id` of one of the user's active mints. */
export const stakeCreateBodySchema = z.strictObject({ mint_id: idSchema });
export type StakeCreateBody = z.infer<typeof stakeCreateBodySchema>;

/** GET /staking/calculate: staking_id = the stake's `id`. */
export const stakeCalculateQuerySchema = z.object({ staking_id: idTextSchema });
export type StakeCalculateQuery = { staking_id: number };

/** The stake's reward as of `at`, by the rule above, with the rate per period (SPEC §5). */
export const stakeCalculationSchema = z.object({
  staking_id: z.string(),
  status: stakeStatusSchema,
  /** Unix seconds the numbers are for. */
  at: z.number().int(),
  earned_reward: z.number(),
  max_reward: z.number(),
  /** daily_reward + hold_bonus + collective_bonus + investment_bonus. */
  total_percent: z.number(),
  reward_per_day: z.number(),
  reward_per_hour: z.number(),
  reward_per_minute: z.number(),
  reward_per_second: z.number(),
  /** Unix seconds when earned reaches max_reward at today's rates (null when completed or no rate). */
  completes_at: z.number().int().nullable(),
});
export type StakeCalculation = z.infer<typeof stakeCalculationSchema>;

// ---- websocket ----------------------------------------------------------------------------------
/** `user:balance` carries the balances and bonuses (SPEC §7). */
export const userBalanceEventSchema = balancesSchema.omit({ collective_bonus: true });
export type UserBalanceEvent = z.infer<typeof userBalanceEventSchema>;

/** Server → client messages on /api/ws/. Later issues add their events to this map. */
export interface SocketEvents {
  'user:balance': UserBalanceEvent;
  'global:collective_bonus': { collective_bonus: number };
  /** A mint changed status (active, canceled, completed, move_to_staking): the whole mint; its status says which. */
  'user:mint': Mint;
  /** A stake was created, its rates changed (earned_reward moved forward) or it completed. */
  'user:staking': Stake;
}
export type SocketEventName = keyof SocketEvents;
export type SocketMessage = {
  [K in SocketEventName]: { event: K; data: SocketEvents[K] };
}[SocketEventName];


// ---- runtime config -----------------------------------------------------------------------------
/**
 * Injected by the server into index.html as `window.__APP_CONFIG__` (absent under the Vite dev
 * server: the client then uses its defaults).
 */
export interface AppConfig {
  mode: 'sandbox' | 'production';
  /** The bot's @username without @ (t.me links, referral link). */
  botUsername: string;
  /** The Mini App's short name: t.me/<botUsername>/<miniAppName>?startapp=<ref_code>. */
  miniAppName: string;
  /** Link the join-community modal opens. */
  communityUrl: string;
  /** The product origin, no trailing slash. */
  publicUrl: string;
  /** toncenter-v2 JSON-RPC endpoint for wallet balance polls (sandbox: the dev chain). */
  tonNodeUrl: string;
  /** TON Connect wallets list; null = the library's own (sandbox: the local list with the dev wallet). */
  walletsListUrl: string | null;
  /** Absolute URL of the TON Connect manifest (the /tonconnect-manifest.json route). */
  tonConnectManifestUrl: string;
  /**
   * Sandbox only: where the wallet panel's 'Send test transfer' pays (the dev chain's treasury), so a
   * person can try signing without buying anything. null in production: the button does not exist.
   */
  testTransferAddress: string | null;
}
