/**
 * Tunable product constants (docs/foundations.md §4): one module, so a rule change is a one-line diff.
 * Deployment settings (secrets, URLs) live in config.ts instead.
 */

/** Referral tiers (docs/product.md §3): reaching `thresholdTon` of referrals' paid TON earns `percent` of each referral mint. */
export const REFERRAL_TIERS: ReadonlyArray<{ level: number; thresholdTon: number; percent: number }> = [
  { level: 1, thresholdTon: 0, percent: 5 },
  { level: 2, thresholdTon: 50, percent: 6 },
  { level: 3, thresholdTon: 500, percent: 7 },
  { level: 4, thresholdTon: 1000, percent: 8 },
  { level: 5, thresholdTon: 5000, percent: 9 },
  { level: 6, thresholdTon: 10_000, percent: 10 },
  { level: 7, thresholdTon: 15_000, percent: 11 },
  { level: 8, thresholdTon: 20_000, percent: 12 },
];

/** Production asks the Bot API about a non-member at most this often (a user pressing Done repeatedly). */
export const COMMUNITY_RECHECK_INTERVAL_MS = 30_000;

/**
 * How long a process trusts its last read of the maintenance switch (read on every /api call). A change
 * made in this process applies at once; one made by another process within this time.
 */
export const MAINTENANCE_CACHE_TTL_MS = 2_000;

/** A socket that has not sent its access token within this time is closed (docs/product.md §9 token wait 5 s). */
export const SOCKET_TOKEN_TIMEOUT_MS = 5_000;
/** The operator's overview waits this long for the node's answer on the hot wallet's balance (then: unknown). */
export const OVERVIEW_NODE_TIMEOUT_MS = 3_000;

/** Answers larger than this are compressed when the client accepts br or gzip (smaller ones gain little). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Request bodies above this are refused with 413 (every call sends small JSON; the photo proof route has its own limit). */
export const BODY_LIMIT_BYTES = 64 * 1024;

// ---- mint, price, staking ------------------------------------------------------------------------
// Money is integers: TON in nanotons, tokens in base units (9 decimals). Percentages are plain numbers
// with at most 6 decimals (stored as NUMERIC(12, 6)); the reward maths turns them into integers.

/** Token price the price_ticks table starts with (migration 0004): 0.01 TON per token. */
export const INITIAL_TOKEN_PRICE_NANOTONS = 10_000_000n;

/** Smallest and largest mint a user may create, in nanotons (1 TON … 100 000 TON). */
export const MINT_MIN_NANOTONS = 1_000_000_000n;
export const MINT_MAX_NANOTONS = 100_000n * 1_000_000_000n;
/**
 * A pending mint waits this long for its payment; the settlement job then cancels it with reason
 * 'expired'. The payment request's valid_until is the same instant, so a wallet never sends later.
 */
export const MINT_PENDING_TTL_SECONDS = 30 * 60;
/** Open (pending, unexpired) mints per user: enough for retries, not for flooding the table. */
export const MAX_PENDING_MINTS_PER_USER = 5;
/** The payment comment is `${MINT_COMMENT_PREFIX} ${mint_id}`; the watcher matches it case-insensitively. */
export const MINT_COMMENT_PREFIX = 'Mint';

/** Stake reward (docs/product.md §5): percent of total_amount per day before bonuses. */
export const STAKE_DAILY_REWARD_PERCENT = 1;
/** A stake earns at most this percent of total_amount; reaching it completes the stake. */
export const STAKE_MAX_REWARD_PERCENT = 30;

/**
 * Hold bonus (percent per day, per user): +stepPercent for every full stepDays the user has kept a
 * stake active without a break (counted from the oldest of their active stakes), up to maxPercent.
 * No active stake: 0.
 */
export const HOLD_BONUS = { stepDays: 7, stepPercent: 0.05, maxPercent: 0.5 } as const;

/** Investment bonus (percent per day, per user) by the user's total paid mints in TON: the highest step reached. */
export const INVESTMENT_BONUS_STEPS: ReadonlyArray<{ fromTon: number; percent: number }> = [
  { fromTon: 0, percent: 0 },
  { fromTon: 100, percent: 0.05 },
  { fromTon: 500, percent: 0.1 },
  { fromTon: 1_000, percent: 0.2 },
  { fromTon: 5_000, percent: 0.3 },
  { fromTon: 10_000, percent: 0.5 },
];

/** Collective bonus (percent per day, for everyone) by the platform's total actively staked tokens. */
export const COLLECTIVE_BONUS_STEPS: ReadonlyArray<{ fromTokens: number; percent: number }> = [
  { fromTokens: 0, percent: 0 },
  { fromTokens: 100_000, percent: 0.05 },
  { fromTokens: 1_000_000, percent: 0.1 },
  { fromTokens: 10_000_000, percent: 0.2 },
  { fromTokens: 100_000_000, percent: 0.3 },
];

/** Treasury watcher: poll period, and getTransactions page size / pages per poll (toncenter allows ≤ 100). */
export const TREASURY_POLL_INTERVAL_MS = 5_000;
export const TREASURY_PAGE_SIZE = 50;
export const TREASURY_MAX_PAGES_PER_POLL = 20;

/** Settlement job period: mint expiry and maturity, stake bonuses and completion. */
export const SETTLEMENT_INTERVAL_MS = 10_000;

// ---- farming links -------------------------------------------------------------------------------

/** Activation codes: FARMING_CODE_LENGTH characters of the contract's REF_CODE_ALPHABET (31^10 ≈ 8·10^14 codes). */
export const FARMING_CODE_LENGTH = 10;

// ---- TON payouts (docs/foundations.md §7 Payouts) ----------------------------------------------------------

/** The payout worker's period: one step (sign, send, or confirm a batch) per run while there is work. */
export const PAYOUT_INTERVAL_MS = 3_000;
/**
 * The same in the sandbox: the dev chain applies a transfer as it is sent, so a sale there is paid within
 * a second or two (sign and send in one run, confirm in the next).
 */
export const PAYOUT_SANDBOX_INTERVAL_MS = 1_000;
/** A signed transfer's valid_until is this far after signing ("a few minutes"). */
export const PAYOUT_VALID_FOR_SECONDS = 180;
/**
 * After valid_until, this much longer before a transfer seen nowhere on chain is given up and its
 * withdrawals signed again (clock skew between this server and the chain).
 */
export const PAYOUT_EXPIRY_MARGIN_SECONDS = 60;
/** Sends of one signed message the node refused before the worker stops and reports it (until it expires). */
export const PAYOUT_MAX_SEND_ATTEMPTS = 5;
/**
 * Recipients' states read at once when signing (each decides bounceable or not): a batch of 255 waits for
 * ~255/8 node round trips instead of 255. The node's pace (TON_API_RPS, lib/ton-node.ts) still holds.
 */
export const PAYOUT_RECIPIENT_READS = 8;
/**
 * Kept in the hot wallet beyond the payouts themselves: the transfer's gas and import fee plus each
 * message's forwarding (≈ 0.005 TON on mainnet; generous, so a batch is never half paid for want of fees).
 */
export const PAYOUT_FEE_RESERVE_NANOTONS = 50_000_000n;
export const PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS = 10_000_000n;
/**
 * Reading the hot wallet's history (a batch's search, the bounce watcher): getTransactions page size, and
 * the pages one read takes at most (10 000 transactions). A batch whose range is longer is never expired on
 * it: it is held (withdraw/worker); the bounce watcher goes on from where it stopped in its next read.
 */
export const PAYOUT_TX_PAGE_SIZE = 50;
export const PAYOUT_TX_MAX_PAGES = 200;

// ---- price ---------------------------------------------------------------------------------------

/** The highest price anyone may set, nanotons per whole token (1 000 000 000 TON): far inside BIGINT. */
export const PRICE_MAX_NANOTONS = 10n ** 18n;
/**
 * The sandbox's random walk (PRICE_TICK_MS): each tick moves the price by a whole number of basis points
 * drawn evenly from −maxStepBps…+maxStepBps, from a PRNG seeded with `seed` (the same run of steps on every
 * start). Below `floorNanotons` it only steps up, above `ceilingNanotons` only down, so the walk stays in
 * its band without ever jumping (a launcher push outside the band is walked back gently), and it is never
 * below 1 nanoton.
 */
export const PRICE_WALK = {
  seed: 13,
  maxStepBps: 100,
  floorNanotons: 1_000_000n, // 0.001 TON
  ceilingNanotons: 1_000_000_000n, // 1 TON
} as const;
/**
 * How long a quote stands (mint, farming link and sale calculate → create): a create that names the
 * quote's price is priced at it while that price was in force at some moment of the last this many
 * seconds; after that it is refused (400 priceQuoteExpired; a sale's sellQuoteExpired) and the client
 * quotes again.
 */
export const PRICE_QUOTE_TTL_SECONDS = 60;
/** The launcher's Price ↑ / ↓ buttons move the price by this many basis points (5 %). */
export const PRICE_NUDGE_BPS = 500n;

// ---- rate limits ------------------------------------------------------------------------------------

/** How often each process deletes the rate-limit counters whose window has ended (server/http/rate-limit-store.ts). */
export const RATE_LIMIT_PURGE_INTERVAL_MS = 60_000;
/** Keys over their limit each process answers 429 by itself until their window ends; the oldest go first beyond this. */
export const RATE_LIMIT_BLOCKED_KEYS_MAX = 10_000;

// ---- the TON node (server/lib/ton-node.ts) ---------------------------------------------------------

/** A node call answered 429 is tried this many times in all, then fails as a node error. */
export const TON_NODE_MAX_ATTEMPTS = 4;
/** The first wait after a 429 without Retry-After; it doubles with each further 429 of the call. */
export const TON_NODE_BACKOFF_MS = 1_000;
/** No wait after a 429 is longer than this, whatever the node's Retry-After says. */
export const TON_NODE_MAX_BACKOFF_MS = 10_000;
/** A node call that would wait longer than this for its turn fails at once instead (a queue that only grows). */
export const TON_NODE_MAX_QUEUE_MS = 30_000;

// ---- wallet ownership: ton_proof -------------------------------------------------------------------

/** A ton_proof payload the server issued is good for this long, and a proof's timestamp may be this old (15 min). */
export const TON_PROOF_TTL_SECONDS = 15 * 60;
/** How far a proof's timestamp may be ahead of the server's clock (a wallet's clock a little fast). */
export const TON_PROOF_FUTURE_SKEW_SECONDS = 60;

/** Init data whose auth_date is later than now + this (clock skew between Telegram and us) is refused. */
export const AUTH_DATE_FUTURE_SKEW_SECONDS = 60;
/**
 * Live sessions (refresh-token families) one user may hold: a new sign-in beyond it revokes the oldest,
 * so replaying one captured init_data cannot mint unbounded sessions.
 */
export const MAX_LIVE_SESSIONS_PER_USER = 10;
/** How often expired refresh tokens are purged. */
export const REFRESH_TOKEN_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * The bot's handled updates (telegram_updates) are kept this many days, then purged with the sessions:
 * Telegram keeps retrying an update for at most a day, so an older one never comes again.
 */
export const TELEGRAM_UPDATES_KEPT_DAYS = 2;
/**
 * How often each process reads the sessions revoked meanwhile (sign-out, reuse, the cap) from the
 * database: the backstop of the bus event, so a process that missed one refuses its tokens within this.
 */
export const REVOKED_SESSION_SWEEP_MS = 3_000;

// ---- notifications through the bot (docs/decisions.md "Notifications") -------------------------------

/** The notifications job's period: a run sends what is due, paced, then ends. */
export const NOTIFICATIONS_INTERVAL_MS = 1_000;
/** Bot API limits: messages per second in all (Telegram's ~30, with headroom), and the gap per chat (1/s). */
export const NOTIFICATIONS_PER_SECOND = 25;
export const NOTIFICATIONS_CHAT_GAP_MS = 1_000;
/** One run sends at most this many and waits for the pace at most this long, so stop() never waits long. */
export const NOTIFICATIONS_PER_RUN = 200;
export const NOTIFICATIONS_RUN_BUDGET_MS = 3_000;
/** No answer (network, timeout) or a 5xx: tried again after 5 s, 10 s, 20 s… up to this many attempts in all. */
export const NOTIFICATIONS_MAX_ATTEMPTS = 6;
export const NOTIFICATIONS_BACKOFF_BASE_MS = 5_000;
/**
 * A row claimed this long ago with no answer recorded was cut off mid-send (the process stopped): closed as
 * failed, never sent again. Far beyond the Bot API call's own timeout (BOT_API_TIMEOUT_MS).
 */
export const NOTIFICATIONS_ABANDONED_AFTER_MS = 5 * 60_000;

/**
 * How long an operator's console session lasts (server/operators): a working stretch, far shorter than a
 * user's. Then the console asks to be opened from the bot's /admin again: launch data signs in once, and
 * only while it is at most OPERATOR_INIT_DATA_MAX_AGE_SECONDS old.
 */
export const OPERATOR_SESSION_TTL_SECONDS = 4 * 3600;
/**
 * A console sign-in's launch data is remembered (as used) this long past its age limit: a margin for the
 * clocks of the server processes and of the database, which deletes the row.
 */
export const OPERATOR_LAUNCH_DATA_KEEP_MARGIN_SECONDS = 60;
/**
 * How often each process checks its open operator sockets against their sessions' rows and the operator
 * list: the backstop of the bus event that closes them (docs/security.md "Operators").
 */
export const OPERATOR_SOCKET_RECHECK_MS = 5_000;
