/**
 * The wire contract's shapes: zod schemas for every request part, response and socket event. The
 * server validates with them; the client takes only their types (`z.input` for what it sends,
 * `z.output` for what it receives), so zod never reaches the client bundle.
 *
 * Money is a decimal string in whole units (./money.ts); on the server a request amount parses
 * straight into exact base units (bigint), so `z.output` of a request schema carries bigints.
 */
import { z } from 'zod';
import {
  ACTIVATION_CODE_PATTERN,
  FARMING_ACTIVATION_STATUSES,
  FARMING_LINK_STATUSES,
  FARMING_MAX_ACTIVATIONS,
  HISTORY_MAX_PAGE_SIZE,
  HISTORY_PAGE_SIZE,
  LEDGER_ACCOUNTS,
  OPERATION_TYPES,
  LIST_DEFAULT_LIMIT,
  LIST_MAX_LIMIT,
  MAX_DB_INTEGER,
  MINT_CANCEL_REASONS,
  MINT_SOURCES,
  MINT_STATUSES,
  STAKE_STATUSES,
  TASK_KINDS,
  TASK_LINK_MAX_LENGTH,
  TASK_PHOTO_TYPES,
  TASK_STATUSES,
  WITHDRAWAL_STATUSES,
  CANDLE_INTERVALS,
  normalizeCandleInterval,
} from './constants';
import { ERROR_CODES, FARMING_ACTIVATION_CODES, SERVER_MESSAGES, VALIDATION_MESSAGES, fillText } from './errors';
import { MoneyFormatError, MONEY_TEXT_PATTERN, parseUnits } from './money';

// ---- building blocks ----------------------------------------------------------------------------
/** An amount as the server sends it. */
export const moneyText = z.string().regex(MONEY_TEXT_PATTERN, 'a decimal amount in whole units');

/** An amount as a client sends it: decimal text only (no JSON number, no exponent), → base units. */
export const moneyInput = z.string().max(40, VALIDATION_MESSAGES.amountTooLong).transform((text, ctx) => {
  try {
    return parseUnits(text);
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

/*
 * Every id, page and limit is read through these, with the database's bounds, so a hostile value is a
 * 422 at the edge and never reaches SQL. Ids are Postgres INTEGER (SERIAL); pages stop where
 * (page - 1) × limit would leave that range.
 */
export const DB_INT_MAX = MAX_DB_INTEGER;
export const PAGE_MAX = Math.floor(DB_INT_MAX / LIST_MAX_LIMIT);

const wholeNumberText = (max: number) => fillText(VALIDATION_MESSAGES.wholeNumber, { max });
/** In a JSON body: a number, an integer, 1..max. */
export const wholeNumber = (max: number) => {
  const error = wholeNumberText(max);
  return z.number({ error }).int({ error }).min(1, { error }).max(max, { error });
};
/**
 * In a path or query string: plain decimal digits only (no sign, exponent, hex, blanks or leading
 * zeros), 1..max. A number is taken as is, so the client may send `{ page: 2 }` (typed from z.input).
 */
export const wholeNumberInText = (max: number) => {
  const error = wholeNumberText(max);
  return z
    .union([z.number({ error }), z.string({ error }).regex(/^[1-9][0-9]{0,9}$/, { error }).transform(Number)], { error })
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

/** `/…/:id/…` path parameters. */
export const idParamsSchema = z.strictObject({ id: idTextSchema });

/** `?page=&limit=` of list calls: page from 1 (SPEC §7), limit LIST_DEFAULT_LIMIT unless given. */
export const pageQuerySchema = z.object({
  page: pageTextSchema.default(1),
  limit: limitTextSchema.default(LIST_DEFAULT_LIMIT),
});

/** Every list call answers one page: the items, newest first, and the total count across pages. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

// ---- errors -------------------------------------------------------------------------------------
/** Every error answer (./errors.ts): SPEC §8's text, its stable code, a template's values, a 422's fields. */
export const errorBodySchema = z.object({
  msg: z.string(),
  code: z.enum(ERROR_CODES),
  params: z.record(z.string(), z.string()).optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

// ---- auth ---------------------------------------------------------------------------------------
export const registerBodySchema = z.strictObject({
  init_data: z.string().min(1, 'init_data is required').max(8192),
  /**
   * The referrer's code from the launch's start parameter. Any text is taken: a start parameter that is
   * no ref code (readRefCode: too long, other characters, a code nobody has) is ignored by the server,
   * never a reason to refuse the sign-in.
   */
  ref_code: z.string().nullish(),
});

const refreshTokenText = z.string().min(16).max(256);
/** /auth/refresh accepts both readings of the body (DESIGN.md §4). */
export const refreshBodySchema = z.union([
  z.strictObject({ refresh_token: refreshTokenText }),
  z.strictObject({ refresh: refreshTokenText }),
]);

export const tokenPairSchema = z.object({ token: z.string(), refresh: z.string() });
/** POST /auth/logout: the refresh token whose session ends. */
export const logoutBodySchema = z.strictObject({ refresh_token: z.string().min(1).max(200) });
export const logoutResultSchema = z.object({ signed_out: z.literal(true) });

// ---- user ---------------------------------------------------------------------------------------
export const refInfoSchema = z.object({
  /** 0-based tier index; the client shows level + 1 (SPEC §3). */
  level: z.number().int().min(0).max(7),
  /** Percent of each referral mint the user earns at this tier. */
  percent: z.number(),
  /** Referrals' total paid TON that decides the tier. */
  turnover: moneyText,
  referrals_count: z.number().int(),
  new_referrals_count: z.number().int(),
});

/**
 * The wallet the user proved to hold with ton_proof (server/wallet): sales pay out only to
 * it (DESIGN.md §7b). One per user; a wallet is bound to one user at a time.
 */
export const boundWalletSchema = z.object({
  /** Raw form, `0:<64 hex>` (as TON Connect reports the connected account). */
  address: z.string(),
  /** User-friendly, non-bounceable, test-only on testnet: what the sell modal fills in. */
  friendly_address: z.string(),
  /** Unix seconds of the proof that bound it. */
  bound_at: z.number().int(),
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
  balance_token: moneyText,
  task_balance: moneyText,
  referral_balance: moneyText,
  /** Bonuses are percent per day (numbers, not money). */
  hold_bonus: z.number(),
  investment_bonus: z.number(),
  collective_bonus: z.number(),
  /** The wallet the user proved to hold (ton_proof); null until a proof binds one. */
  wallet: boundWalletSchema.nullable(),
});
/**
 * POST /auth/register: the tokens and the same user GET /user/me answers, so the first screen
 * renders after one round trip (later refetches read /user/me).
 */
export const registerResponseSchema = tokenPairSchema.extend({ user: userMeSchema });


export const balancesSchema = userMeSchema.pick({
  balance_token: true,
  task_balance: true,
  referral_balance: true,
  hold_bonus: true,
  investment_bonus: true,
  collective_bonus: true,
});

// ---- maintenance --------------------------------------------------------------------------------
export const maintenanceStatusSchema = z.object({ detail: z.string() });

// ---- price --------------------------------------------------------------------------------------
export const currentPriceSchema = z.object({
  /** TON per token. */
  price: moneyText,
  /** Percent change against the price 24 h / 30 days ago (the oldest known price when history is shorter). */
  price_change_24h: z.number(),
  price_change_30d: z.number(),
});

/** Unix seconds in a query string (0 … 2^31-1). */
const unixSecondsText = z
  .union([z.number(), z.string().regex(/^(0|[1-9][0-9]{0,9})$/, 'must be unix seconds').transform(Number)])
  .pipe(z.number().int().min(0).max(MAX_DB_INTEGER));

/**
 * GET /price/candles (SPEC §7): interval (any text; not one of CANDLE_INTERVALS → 5m, SPEC §5),
 * from_timestamp / to_timestamp in unix seconds (defaults: the last CANDLES_MAX_PER_ANSWER intervals up
 * to now). from after to → 422.
 */
export const candlesQuerySchema = z
  .object({
    interval: z.string().max(16).optional().transform(normalizeCandleInterval),
    from_timestamp: unixSecondsText.optional(),
    to_timestamp: unixSecondsText.optional(),
  })
  .refine((q) => q.from_timestamp === undefined || q.to_timestamp === undefined || q.from_timestamp <= q.to_timestamp, {
    message: 'from_timestamp must not be after to_timestamp',
    path: ['from_timestamp'],
  });

/** One OHLC bar (SPEC §3 "Candle: time plus bar data"): time = the interval's start, unix seconds. */
export const candleSchema = z.object({
  time: z.number().int(),
  open: moneyText,
  high: moneyText,
  low: moneyText,
  close: moneyText,
});

/**
 * The candles of the range, oldest first, one per interval with no gaps (an interval without a tick
 * carries the previous close forward: open = high = low = close), at most CANDLES_MAX_PER_ANSWER (the
 * newest). Nothing before the first tick.
 */
export const candleListSchema = z.object({ interval: z.enum(CANDLE_INTERVALS), candles: z.array(candleSchema) });

/** `price_update` on the main socket (SPEC §7): the current price after every tick, and its time. */
export const priceUpdateSchema = currentPriceSchema.extend({ time: z.number().int() });

/** `current_candle` on the candles socket: the live (last) candle of the socket's interval. */
export const currentCandleSchema = z.object({ interval: z.enum(CANDLE_INTERVALS), candle: candleSchema });

// ---- stats --------------------------------------------------------------------------------------
/**
 * GET /stats/financial (SPEC §3 "financial stats object"), from the ledger and the chain payments,
 * cached for a few seconds. Tokens and TON as money text; counts as integers.
 */
export const financialStatsSchema = z.object({
  /** Tokens of every mint that matured or was staked (paid or farmed). */
  total_minted: moneyText,
  /** Tokens in active stakes. */
  total_staked: moneyText,
  /** Tokens on all users' balances (main, referral, task). */
  circulating: moneyText,
  /** TON paid in for mints (confirmed payments). */
  ton_paid_in: moneyText,
  /** TON paid out to sellers (completed withdrawals). */
  ton_paid_out: moneyText,
  users: z.number().int(),
  active_stakes: z.number().int(),
  /** The collective bonus in force, percent per day. */
  collective_bonus: z.number(),
  /** Unix seconds the figures were computed at. */
  updated_at: z.number().int(),
});

// ---- mint ---------------------------------------------------------------------------------------
export const mintStatusSchema = z.enum(MINT_STATUSES);

export const mintPlanSchema = z.object({
  /** The plan's key: what calculate's freeze_days and create's days name. */
  days: z.number().int(),
  /** Days an active mint runs before it completes and pays expected_token. */
  tariff_days: z.number().int(),
  is_active: z.boolean(),
  /** Growth over tariff_days as a fraction: 0.05 → expected_token = amount_token × 1.05. */
  yield: z.number(),
  /** Smallest and largest amount of TON one mint of this plan takes (the form shows and enforces them). */
  min_amount: moneyText,
  max_amount: moneyText,
});
export const mintPlanListSchema = z.array(mintPlanSchema);

/** GET /mint/calculate: amount in TON, freeze_days = a plan's days. */
export const mintCalculateQuerySchema = z.object({
  amount: moneyInput,
  freeze_days: idTextSchema,
});

export const mintCalculationSchema = z.object({
  /** TON to pay. */
  amount_ton: moneyText,
  /** amount_ton / price. */
  amount_token: moneyText,
  /** amount_token × (1 + yield), paid to balance_token when the mint completes. */
  expected_token: moneyText,
  /** TON per token used. */
  price: moneyText,
  days: z.number().int(),
  tariff_days: z.number().int(),
  yield: z.number(),
});

/** POST /mint/create: amount in TON, days = a plan's days. */
export const mintCreateBodySchema = z.strictObject({ amount: moneyInput, days: idSchema });

/**
 * What the wallet must send to pay a pending mint: one TON Connect message
 * `{ address, amount, payload }`, valid until valid_until at the latest.
 */
export const paymentRequestSchema = z.object({
  /** The treasury, user-friendly (bounceable, url-safe), as TON Connect messages need. */
  address: z.string(),
  /** Nanotons as an integer string: TON Connect's `amount`, sent to the wallet as is. */
  amount: z.string().regex(/^\d+$/),
  /** base64 BOC of the comment cell (32-bit 0 op + comment), TON Connect's `payload`. */
  payload: z.string(),
  /** The comment as text, `Mint <mint_id>`: the watcher matches the payment by it. */
  comment: z.string(),
  /** Unix seconds: the mint expires then; a TON Connect validUntil must not be later. */
  valid_until: z.number().int(),
});

export const mintSchema = z.object({
  id: z.number().int(),
  /** Human-readable code shown to users and named in the payment comment, e.g. 'K7F3QX2M'. */
  mint_id: z.string(),
  status: mintStatusSchema,
  /** 'payment': paid in TON; 'farming': given by a farming link (no payment, active at once). */
  source: z.enum(MINT_SOURCES),
  /** Set when status is canceled. */
  cancel_reason: z.enum(MINT_CANCEL_REASONS).nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  amount_ton: moneyText,
  amount_token: moneyText,
  expected_token: moneyText,
  days: z.number().int(),
  tariff_days: z.number().int(),
  /** Unix seconds: when the payment was confirmed on chain (null until then). */
  activated_at: z.number().int().nullable(),
  /** Unix seconds: when an active mint completes (activated_at + tariff_days). */
  matures_at: z.number().int().nullable(),
  /** Present while pending: how to pay. */
  payment: paymentRequestSchema.optional(),
});
export const mintListSchema = pagedSchema(mintSchema);

// ---- staking ------------------------------------------------------------------------------------
export const stakeStatusSchema = z.enum(STAKE_STATUSES);

/**
 * A stake. Percentages are percent per day (numbers); amounts are money text. The reward rule
 * (SPEC §4, §5): per day = total_amount × (daily_reward + hold_bonus + collective_bonus +
 * investment_bonus) / 100; earned now = earned_reward + per-second rate × (now − (last_updated_at ??
 * created_at)), capped at max_reward; pending → 0, completed → max_reward. The server moves
 * earned_reward/last_updated_at forward whenever a rate changes, so the rule holds with the rates as sent.
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
  total_amount: moneyText,
  daily_reward: z.number(),
  hold_bonus: z.number(),
  collective_bonus: z.number(),
  investment_bonus: z.number(),
  /** Tokens earned up to last_updated_at (or created_at). */
  earned_reward: moneyText,
  max_reward: moneyText,
});
export const stakeListSchema = pagedSchema(stakeSchema);

/** POST /staking/create: mint_id = the `id` of one of the user's active mints. */
export const stakeCreateBodySchema = z.strictObject({ mint_id: idSchema });

/** GET /staking/calculate: staking_id = the stake's `id`. */
export const stakeCalculateQuerySchema = z.object({ staking_id: idTextSchema });

/** The stake's reward as of `at`, by the rule above, with the rate per period (SPEC §5). */
export const stakeCalculationSchema = z.object({
  staking_id: z.string(),
  status: stakeStatusSchema,
  /** Unix seconds the numbers are for. */
  at: z.number().int(),
  earned_reward: moneyText,
  max_reward: moneyText,
  /** daily_reward + hold_bonus + collective_bonus + investment_bonus. */
  total_percent: z.number(),
  reward_per_day: moneyText,
  reward_per_hour: moneyText,
  reward_per_minute: moneyText,
  reward_per_second: moneyText,
  /** Unix seconds when earned reaches max_reward at today's rates (null when completed or no rate). */
  completes_at: z.number().int().nullable(),
});

// ---- program rules ------------------------------------------------------------------------------
/**
 * The live figures behind the Info sheet (SPEC §2): plans, staking rates and bonus steps, referral
 * tiers — read from the server's own constants, so the explanation never drifts from the rules.
 */
export const programRulesSchema = z.object({
  plans: mintPlanListSchema,
  staking: z.object({
    /** Percent of the staked amount per day before bonuses. */
    daily_reward: z.number(),
    /** A stake completes when its reward reaches this percent of the staked amount. */
    max_reward_percent: z.number(),
    /** +step_percent per day for every full step_days a stake is kept, up to max_percent. */
    hold_bonus: z.object({ step_days: z.number().int(), step_percent: z.number(), max_percent: z.number() }),
    /** By the user's paid TON: the highest step reached applies. */
    investment_bonus: z.array(z.object({ from_ton: moneyText, percent: z.number() })),
    /** By the platform's total actively staked tokens, for everyone. */
    collective_bonus: z.array(z.object({ from_tokens: moneyText, percent: z.number() })),
  }),
  /** SPEC §3 tiers: level is 0-based (shown + 1); from turnover_ton of the referrals' paid TON. */
  referral_tiers: z.array(z.object({ level: z.number().int(), turnover_ton: moneyText, percent: z.number() })),
});

// ---- referral ---------------------------------------------------------------------------------
/** The user's referral tier (SPEC §3), with what it takes to reach the next one. */
export const referralTierSchema = z.object({
  /** 0-based (SPEC §3: shown + 1). */
  level: z.number().int().min(0).max(7),
  /** Percent of each referral's paid mint (in tokens) the user earns at this tier. */
  percent: z.number(),
  /** The referrals' total paid TON that decides the tier. */
  turnover: moneyText,
  /** Turnover (TON) where the next tier starts; null at the top tier. */
  next_level_turnover: moneyText.nullable(),
  /** The next tier's percent; null at the top tier. */
  next_percent: z.number().nullable(),
});

/** One invited friend, as the referral screen lists them. */
export const referralSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
  /** Unix seconds: when they signed up with the user's link. */
  joined_at: z.number().int(),
  /** TON they have paid for mints (payment confirmed). */
  turnover: moneyText,
  /** Tokens their mints have earned the user (referral rewards). */
  earned: moneyText,
  /** Not yet shown on the referral screen before this read. */
  is_new: z.boolean(),
});

/**
 * GET /user/referrals: one page of referrals, newest first, with the tier. Reading page 1 marks every
 * referral so far as seen: `new_referrals_count` (and the navbar badge, /user/me's
 * ref.new_referrals_count) is the count before this read; the next read says 0.
 */
export const referralListSchema = pagedSchema(referralSchema).extend({
  tier: referralTierSchema,
  new_referrals_count: z.number().int(),
  /** Every referral's tokens earned the user, all pages. */
  total_earned: moneyText,
});

/** POST /user/share-message: a prepared inline message for WebApp.shareMessage (Telegram ≥ 8.0). */
export const shareMessageSchema = z.object({
  inline_message_id: z.string(),
  /** The referral link the message's button opens. */
  link: z.string(),
});

/** POST /withdraw/transfer-from-referral-balance: tokens from referral_balance to balance_token. */
export const referralTransferBodySchema = z.strictObject({ token_amount: moneyInput });

// ---- farming ------------------------------------------------------------------------------------
/** A boolean in a query string: 'true' / 'false' (or a boolean from a typed client). */
export const booleanText = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

/** The balance a link is paid from, as query flags (exactly one true). */
export const farmingSourceQuerySchema = z
  .object({ from_ref_balance: booleanText.default(false), from_task_balance: booleanText.default(false) })
  .refine((q) => q.from_ref_balance !== q.from_task_balance, {
    message: SERVER_MESSAGES.farmingOneSource,
    path: ['from_ref_balance'],
  });

/**
 * GET /farming/plans: the plans a link may use when paid from the chosen balance — the active mint
 * plans whose smallest mint that balance can pay for once — with the balance and today's price.
 */
export const farmingPlansSchema = z.object({
  source: z.enum(['referral_balance', 'task_balance']),
  /** The chosen balance, tokens. */
  balance: moneyText,
  /** TON per token: a link's cost is amount / price tokens per activation. */
  price: moneyText,
  plans: mintPlanListSchema,
});

const countActivations = wholeNumber(FARMING_MAX_ACTIVATIONS);

/** GET /farming/calculate: amount (TON of each activation's mint), freeze_days (a plan's days), count. */
export const farmingCalculateQuerySchema = z.object({
  amount: moneyInput,
  freeze_days: idTextSchema,
  count_activations: wholeNumberInText(FARMING_MAX_ACTIVATIONS).default(1),
});

/** What one activation gives (a mint's calculation: amount_ton, amount_token, expected_token, price,
 * plan) and what the whole link costs. */
export const farmingCalculationSchema = mintCalculationSchema.extend({
  count_activations: z.number().int(),
  /** amount_token × count_activations: held from the chosen balance at creation. */
  cost_token: moneyText,
});

/** POST /farming/create (SPEC §7). Exactly one of from_ref_balance / from_task_balance. */
export const farmingCreateBodySchema = z
  .strictObject({
    amount: moneyInput,
    days: idSchema,
    count_activations: countActivations,
    from_ref_balance: z.boolean(),
    from_task_balance: z.boolean(),
    is_multilink: z.boolean(),
    is_for_me: z.boolean(),
  })
  .refine((b) => b.from_ref_balance !== b.from_task_balance, {
    message: SERVER_MESSAGES.farmingOneSource,
    path: ['from_ref_balance'],
  })
  // Only its author may activate a for-me link, once: more uses could never be taken.
  .refine((b) => !b.is_for_me || (b.count_activations === 1 && !b.is_multilink), {
    message: SERVER_MESSAGES.farmingForMeOneUse,
    path: ['is_for_me'],
  });

export const activationCodeSchema = z
  .string()
  .regex(ACTIVATION_CODE_PATTERN, 'activation_code must be 6 to 32 letters or digits');

/** One code of a link: a multilink has one (count_activations uses), any other link one per use. */
export const farmingCodeSchema = z.object({ activation_code: z.string(), used: z.boolean() });

export const farmingLinkSchema = z.object({
  id: z.number().int(),
  status: z.enum(FARMING_LINK_STATUSES),
  /** TON value of each activation's mint. */
  amount: moneyText,
  amount_token: moneyText,
  expected_token: moneyText,
  /** TON per token, fixed when the link was made. */
  price: moneyText,
  /** The plan's key. */
  days: z.number().int(),
  tariff_days: z.number().int(),
  count_activations: z.number().int(),
  activations_used: z.number().int(),
  activations_left: z.number().int(),
  from_ref_balance: z.boolean(),
  from_task_balance: z.boolean(),
  is_multilink: z.boolean(),
  is_for_me: z.boolean(),
  /** Tokens held at creation (amount_token × count_activations). */
  cost_token: moneyText,
  /** Tokens returned to the source balance by a cancel ('0' until then). */
  refunded_token: moneyText,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** The code to hand out next: the multilink's, or the first unused single-use code; null when none is left. */
  activation_code: z.string().nullable(),
  codes: z.array(farmingCodeSchema),
});
export const farmingLinkListSchema = pagedSchema(farmingLinkSchema);

export const farmingActivationQuerySchema = z.object({ activation_code: activationCodeSchema });

/** GET /farming/activation-status: a pure read of what this user would get from the code. */
export const farmingActivationStatusSchema = z.object({
  status: z.enum(FARMING_ACTIVATION_STATUSES),
  /** Why: its code (the client's text), and the code's English sentence (SERVER_MESSAGES). */
  code: z.enum(FARMING_ACTIVATION_CODES),
  message: z.string(),
  /** What an activation gives (present whenever the link exists). */
  mint_details: z.object({ tariff_days: z.number().int(), amount_token: moneyText, amount_ton: moneyText }),
});

/** POST /farming/activate (DESIGN.md §7): idempotent per user and code; answers the user's mint from it. */
export const farmingActivateBodySchema = z.strictObject({ activation_code: activationCodeSchema });

// ---- tasks ----------------------------------------------------------------------------------------
/** A text the operator writes in both languages. */
export const localizedTextSchema = z.object({ en: z.string(), ru: z.string() });

/** One task with this user's progress on it (GET /task/list; every task call answers the task). */
export const taskSchema = z.object({
  task_id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  title: localizedTextSchema,
  description: localizedTextSchema,
  /** An icon name of the app's set (e.g. 'community', 'friends', 'link', 'photo', 'visit'). */
  icon: z.string(),
  /** Tokens paid to task_balance on claim. */
  reward: moneyText,
  status: z.enum(TASK_STATUSES),
  /** What the kind needs, as the client shows it. */
  settings: z.object({
    /** visit: the link to open; community: the chat's link. */
    url: z.string().nullable(),
    /** referrals: how many friends (paying ones when paying_only). */
    count: z.number().int().nullable(),
    paying_only: z.boolean(),
    /** visit: seconds after start before a check can pass. */
    min_seconds: z.number().int().nullable(),
    /** link: hosts a proof link may lead to (empty: any). */
    allowed_hosts: z.array(z.string()),
  }),
  /** Unix seconds, null until then. */
  started_at: z.number().int().nullable(),
  validated_at: z.number().int().nullable(),
  claimed_at: z.number().int().nullable(),
  /** Why the operator refused the last proof (status rejected). */
  rejection_reason: z.string().nullable(),
  /** The last link sent as proof (link tasks). */
  proof_link: z.string().nullable(),
});
export const taskListSchema = z.array(taskSchema);

export const taskIdBodySchema = z.strictObject({ task_id: idSchema });

/**
 * POST /task/validate (SPEC §7 "a task payload"): the task id, plus the proof its kind takes — a link
 * (link tasks) or a photo (photo tasks: base64 of the file, at most the server's size setting; larger
 * → 413). Community, referrals and visit tasks take no proof.
 */
export const taskValidateBodySchema = z.strictObject({
  task_id: idSchema,
  link: z.string().min(1).max(TASK_LINK_MAX_LENGTH).optional(),
  photo: z
    .strictObject({
      content_type: z.enum(TASK_PHOTO_TYPES),
      /** base64 (standard alphabet, padded) of the file. */
      data: z.string().min(4).regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photo.data must be base64'),
    })
    .optional(),
});

// ---- histories ------------------------------------------------------------------------------------
/** SPEC §7 histories: page from 1, size (default 10), newest first unless sort_order says asc. */
export const historyQuerySchema = z.object({
  page: pageTextSchema.default(1),
  size: wholeNumberInText(HISTORY_MAX_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

/** One balance change of the user's (a ledger entry). */
export const operationSchema = z.object({
  id: z.number().int(),
  type: z.enum(OPERATION_TYPES),
  account: z.enum(LEDGER_ACCOUNTS),
  /** 'in' credits the account, 'out' debits it; amount is the size of the change (no sign). */
  direction: z.enum(['in', 'out']),
  amount: moneyText,
  /** The account's balance right after the change. */
  balance_after: moneyText,
  /** Unix seconds. */
  created_at: z.number().int(),
  /** What the change belongs to (a mint's code, a stake's code, a farming link's id, a task's id…). */
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
});

/** GET /operations/history: {data, total} (SPEC §7). */
export const operationHistorySchema = z.object({ data: z.array(operationSchema), total: z.number().int() });

// ---- sell / withdraw ------------------------------------------------------------------------------
/** GET /withdraw/calculate?token_amount=: what selling that many tokens pays now. */
export const withdrawCalculateQuerySchema = z.object({ token_amount: moneyInput });

/**
 * A sale at today's price: ton_amount = token_amount × price; fee = the network fee plus the
 * percentage (server settings); receive_amount = ton_amount − fee is what arrives in the wallet.
 * min_token_amount is the smallest sale the server takes (its receive_amount reaches the minimum payout).
 */
export const withdrawCalculationSchema = z.object({
  token_amount: moneyText,
  /** TON per token. */
  price: moneyText,
  ton_amount: moneyText,
  fee: moneyText,
  receive_amount: moneyText,
  min_token_amount: moneyText,
});

/**
 * POST /withdraw/create (SPEC §7: from_ref_balance, token_amount, address). DESIGN.md §7 adds
 * from_task_balance (at most one of the two is true; neither: the main balance) and an optional
 * expected_receive_amount: calculate's receive_amount as the user confirmed it; a price that moved so
 * that less would arrive → 400 SERVER_MESSAGES.sellPriceChanged, nothing written. The address is any
 * TON form (friendly or raw, SPEC §5), checked by the server with the address module's messages and
 * for the server's network (VALIDATION_MESSAGES.addressNetwork), and it must be the wallet the user
 * proved with ton_proof (DESIGN.md §7b; else 422 SERVER_MESSAGES.sellUnverifiedAddress): there is no
 * way around the proof, so a stolen session cannot send the TON elsewhere.
 */
export const withdrawCreateBodySchema = z
  .strictObject({
    from_ref_balance: z.boolean().default(false),
    from_task_balance: z.boolean().default(false),
    token_amount: moneyInput,
    address: z.string().trim().min(1).max(100),
    expected_receive_amount: moneyInput.optional(),
  })
  .refine((b) => !(b.from_ref_balance && b.from_task_balance), {
    message: SERVER_MESSAGES.sellOneSource,
    path: ['from_ref_balance'],
  });

/** One sale of the user's and its payout. */
export const withdrawalSchema = z.object({
  id: z.number().int(),
  /** The balance the tokens came from (from_ref_balance / from_task_balance say the same, SPEC §3). */
  source: z.enum(LEDGER_ACCOUNTS),
  from_ref_balance: z.boolean(),
  from_task_balance: z.boolean(),
  token_amount: moneyText,
  /** TON that arrives (calculate's receive_amount at the time of the sale). */
  ton_amount: moneyText,
  fee: moneyText,
  /** Where the TON goes, user-friendly (non-bounceable; test-only on testnet). */
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The hot wallet's transaction that paid it (hex), once completed. */
  tx_hash: z.string().nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  updated_at: z.number().int(),
});

/** What POST /withdraw/create answers: the queued withdrawal and the balances after the debit. */
export const withdrawalCreatedSchema = z.object({ withdrawal: withdrawalSchema, balances: balancesSchema });

/** GET /withdraw/history (SPEC §7): page, size (10), sort_by (created_at), sort_order (desc). */
export const withdrawHistoryQuerySchema = historyQuerySchema.extend({
  sort_by: z.enum(['created_at']).default('created_at'),
});
export const withdrawHistorySchema = z.object({ data: z.array(withdrawalSchema), total: z.number().int() });

// ---- websocket ----------------------------------------------------------------------------------
/** `user:balance` carries the balances and bonuses (SPEC §7). */
export const userBalanceEventSchema = balancesSchema.omit({ collective_bonus: true });

/** Server → client messages on /api/ws/, by event name. Later issues add their events here. */
export const socketEventSchemas = {
  'user:balance': userBalanceEventSchema,
  'global:collective_bonus': z.object({ collective_bonus: z.number() }),
  /** A mint changed status (active, canceled, completed, move_to_staking): the whole mint; its status says which. */
  'user:mint': mintSchema,
  /** A stake was created, its rates changed (earned_reward moved forward) or it completed. */
  'user:staking': stakeSchema,
  /** One of the user's tasks changed (started, validated, sent to review, approved, rejected, claimed). */
  'user:task': taskSchema,
  /** One of the user's withdrawals was queued or changed status (sending, completed, failed, refunded). */
  'user:withdrawal': withdrawalSchema,
  /** Every price tick (SPEC §7). */
  price_update: priceUpdateSchema,
  /**
   * The server may have missed events for this socket (its cross-process listener reconnected): the
   * client refetches what it shows (user, balances, lists) instead of trusting pushes it may have lost.
   */
  resync: z.object({}),
} as const;

/** Server → client messages on /api/ws/candles, by event name (SPEC §7: current_candle). */
export const candleSocketEventSchemas = {
  current_candle: currentCandleSchema,
} as const;

// ---- wallet ownership: ton_proof (DESIGN.md §8) ----------------------------------------------------

/** GET /wallet/ton-proof/payload: what the connect request asks the wallet to sign (signed by the server, single use). */
export const tonProofPayloadSchema = z.object({
  payload: z.string(),
  /** Unix seconds after which the server refuses a proof of it. */
  expires_at: z.number().int(),
});

/** POST /wallet/ton-proof: the connected account and its ton_proof item, as the wallet handed them over. */
export const tonProofCheckBodySchema = z.strictObject({
  /** The account's address (raw `0:<hex>`, as TON Connect reports it; a friendly form is taken too). */
  address: z.string().trim().min(1).max(100),
  /** TON Connect chain id: '-239' mainnet, '-3' testnet. */
  network: z.string().max(16),
  /** Hex, 32 bytes; when given it must be the key that signed. */
  public_key: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters')
    .optional(),
  proof: z.object({
    timestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    domain: z.object({
      lengthBytes: z.number().int().min(0).max(1024),
      value: z.string().max(1024),
    }),
    /** base64, 64 bytes. */
    signature: z.string().min(1).max(200),
    payload: z.string().min(1).max(512),
    /** The wallet's state init (base64 BOC); without it the key is read with get_public_key on chain. */
    state_init: z.string().max(16_384).nullish(),
  }),
});

/** The binding a proof made (what /user/me reports as `wallet`). */
export const tonProofCheckResultSchema = z.object({ wallet: boundWalletSchema });
