/** The contract's plain values (no zod), so the client bundle can import them. */

/** Text the server sends as `msg` when Telegram launch data does not verify (docs/product.md §8 closes the app on it). */
export const INVALID_INIT_DATA_MSG = 'Invalid WebApp init data';
export const MAINTENANCE_OFF_DETAIL = 'Maintenance mode is disabled';
export const MAINTENANCE_ON_DETAIL = 'Maintenance mode is enabled';

/** Every call's path is below this (docs/product.md §7: base path /api on the product host). */
export const API_BASE = '/api';

/** The sockets (docs/product.md §7), on the product's own origin: the main one and the candles'. */
export const SOCKET_PATHS = { main: '/api/ws/', candles: '/api/ws/candles' } as const;
/**
 * The console's socket (an operator session's token as its first message, like the others). Apart from
 * SOCKET_PATHS, which the Mini App's entry carries whole.
 */
export const OPERATOR_SOCKET_PATH = '/api/ws/operator';

/**
 * Close codes the server uses on /api/ws/ and /api/ws/candles (4000–4999 is the application range).
 * - unauthorized: the token does not verify, expired, or its session ended (signed out, revoked): the
 *   client gets a fresh token (refresh) and then reconnects; a refresh that fails signs it out.
 * - tokenTimeout: no token within the wait (docs/product.md §9: 5 s); reconnect.
 * - unavailable: the server could not check the token for a reason of its own (database down or
 *   slow) — not a sign-in problem: reconnect with the usual backoff, keep the session.
 * - restart: the server is shutting down (1012 Service Restart); reconnect, another process answers.
 */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  tokenTimeout: 4408,
  unavailable: 4503,
  restart: 1012,
} as const;

/**
 * Mint statuses (docs/product.md §4). A `canceled` mint says why in `cancel_reason`: the user canceled it, or
 * its payment did not arrive in time ('expired').
 */
export const MINT_STATUSES = ['pending', 'active', 'canceled', 'completed', 'move_to_staking'] as const;
export const MINT_CANCEL_REASONS = ['user', 'expired'] as const;
/** Stake statuses (docs/product.md §4). The server creates stakes `active`; `pending` is never sent today. */
export const STAKE_STATUSES = ['pending', 'active', 'completed'] as const;

/**
 * Farming (docs/foundations.md §4, §7). A link's own status: active (uses left), exhausted (every use taken),
 * revoked (cancelled by its author; the unused part went back). What one code tells a visitor
 * (docs/product.md §3/§4): ACTIVE (this user can activate it now), REACHED (no use left for this user: all taken,
 * already used by them, or a for-me link of someone else), REVOKED (cancelled).
 */
export const FARMING_LINK_STATUSES = ['active', 'exhausted', 'revoked'] as const;
export const FARMING_ACTIVATION_STATUSES = ['ACTIVE', 'REACHED', 'REVOKED'] as const;
/** Most activations one link may carry. */
export const FARMING_MAX_ACTIVATIONS = 1000;
/** An activation code: what follows `farm_` in a start parameter, or the `farm_code` query value. */
export const ACTIVATION_CODE_PATTERN = /^[A-Za-z0-9]{6,32}$/;
/** A start parameter `farm_<code>` carries a farm code (docs/foundations.md §7); a ref code (readRefCode) is a referral. */
export const FARM_START_PREFIX = 'farm_';

/**
 * Referral codes as the server issues them (server/users): REF_CODE_LENGTH characters of
 * REF_CODE_ALPHABET, capitals and digits without look-alikes (no 0/O, 1/I/L), so a code read aloud or
 * typed survives. The one definition of a ref code: the client sends only such a code from a launch's
 * start parameter, and the server links a referrer only by one.
 */
export const REF_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REF_CODE_LENGTH = 8;
const REF_CODE_PATTERN = new RegExp(`^[${REF_CODE_ALPHABET}]{${REF_CODE_LENGTH}}$`);

/**
 * The ref code a text is (upper-cased: codes are looked up in any case), or null when it cannot be one:
 * a start parameter such as TON Connect's `tonconnect-…` return link, one longer than a code, or with
 * characters a code never has is not a referral.
 */
export function readRefCode(text: string | null | undefined): string | null {
  if (typeof text !== 'string' || text.length !== REF_CODE_LENGTH) return null;
  const code = text.toUpperCase();
  return REF_CODE_PATTERN.test(code) ? code : null;
}
/** Where a mint came from: paid in TON, or given by a farming link (no TON paid: no referral turnover). */
export const MINT_SOURCES = ['payment', 'farming'] as const;

/**
 * Tasks (docs/product.md §3/§4, docs/foundations.md §4): start → validate → claim. A task's kind decides what validates it:
 * community (membership of the community chat), referrals (at least N friends), visit (a link opened,
 * then a minimum time), photo and link (a proof an operator reviews). Statuses: new (not started),
 * started, pending_review (a proof waits for the operator), validated (the reward can be claimed),
 * rejected (the proof was refused: the reason is shown; a new proof can be sent), claimed (paid).
 */
export const TASK_KINDS = ['community', 'referrals', 'visit', 'photo', 'link'] as const;
export const TASK_STATUSES = ['new', 'started', 'pending_review', 'validated', 'rejected', 'claimed'] as const;
/**
 * The icons a task can name: the app draws each (src/shared/ui/task-icon/task-icons.ts), the console's task form
 * offers exactly these, and the operator API refuses any other name.
 */
export const TASK_ICONS = ['community', 'friends', 'visit', 'link', 'photo', 'gift', 'coins', 'rocket'] as const;
export type TaskIcon = (typeof TASK_ICONS)[number];
/** Photo proofs: what the server accepts (checked by content, not by the declared type). */
export const TASK_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Default largest photo proof (the server's TASK_PHOTO_MAX_BYTES setting may lower or raise it). */
export const TASK_PHOTO_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest link proof. */
export const TASK_LINK_MAX_LENGTH = 2048;

/**
 * What an operation in the history is (docs/product.md §3 "operations history"): every ledger entry's reason (a
 * token balance changed), and the money events that change no token balance, which the history journals
 * beside the ledger (docs/decisions.md "Operations history").
 */
export const OPERATION_TYPES = [
  /** TON paid for a mint (the treasury watcher confirmed the payment): TON out, no token balance moves. */
  'mint_paid',
  /** A mint received from a farming link's activation (nobody paid TON for it): tokens in, held in the mint. */
  'farming_mint',
  /** A mint turned into a stake: its tokens now earn in the stake (no balance moves until it finishes). */
  'stake_started',
  'sandbox_grant',
  'mint_matured',
  'staking_principal',
  'staking_reward',
  'referral_reward',
  'task_reward',
  'farming_link',
  'farming_refund',
  'referral_transfer',
  /** Tokens sold: debited from the balance they were sold from when the withdrawal was queued. */
  'withdrawal',
  /** A failed withdrawal's tokens back to the balance they came from: by an operator, or at once when the payment bounced. */
  'withdrawal_refund',
] as const;
/** The operation types that change no token balance: journalled beside the ledger, not in it. */
export const JOURNAL_OPERATION_TYPES = ['mint_paid', 'farming_mint', 'stake_started'] as const;
/** What an operation's amount is counted in: TON, or the platform's token. */
export const OPERATION_UNITS = ['TON', 'TKN'] as const;
/** The balances the ledger keeps. */
export const LEDGER_ACCOUNTS = ['balance_token', 'task_balance', 'referral_balance'] as const;
/**
 * Withdrawals (selling tokens for TON): queued (debited, waiting for the payout worker),
 * sending (in a signed transfer), completed (on chain: tx_hash), failed (the chain did not pay it: an
 * operator looks; or the recipient bounced it, and its tokens were returned at once), refunded (an
 * operator gave the tokens back).
 */
export const WITHDRAWAL_STATUSES = ['queued', 'sending', 'completed', 'failed', 'refunded'] as const;
/** The networks a TON address can be meant for (a friendly address's test-only flag says which). */
export const TON_NETWORKS = ['mainnet', 'testnet'] as const;
export type TonNetwork = (typeof TON_NETWORKS)[number];

/**
 * Candles (docs/product.md §5): the intervals a chart offers; any other interval text a client sends (or none)
 * is read as the default, 5m. Times are unix seconds at the interval's start (UTC).
 */
export const CANDLE_INTERVALS = ['5m', '30m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '5m';
export const CANDLE_INTERVAL_SECONDS: Record<CandleInterval, number> = {
  '5m': 300,
  '30m': 1_800,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
};
/** Most candles one GET /price/candles answers (the newest ones in the range). */
export const CANDLES_MAX_PER_ANSWER = 1_500;

/** docs/product.md §5: '1h' → '1h'; '15m', '', undefined, '1H ' → '5m' (only the five intervals, exactly written). */
export function normalizeCandleInterval(text: unknown): CandleInterval {
  return (CANDLE_INTERVALS as readonly unknown[]).includes(text) ? (text as CandleInterval) : DEFAULT_CANDLE_INTERVAL;
}

/** Histories: 10 a page by default (docs/product.md §9), newest first. */
export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_MAX_PAGE_SIZE = 100;

/** Lists (mints, stakes): page numbers start at 1; default and largest page size (docs/product.md §9: 300 for mints). */
export const LIST_DEFAULT_LIMIT = 300;
export const LIST_MAX_LIMIT = 1000;

/** Postgres INTEGER, the type of every row id: larger ids are refused (422) before any query. */
export const MAX_DB_INTEGER = 2_147_483_647;

// The error texts and codes (SERVER_MESSAGES, VALIDATION_MESSAGES, ERROR_CODES, fillText) are in ./errors.ts.
