/** The contract's plain values (no zod), so the client bundle can import them. */

/** Text the server sends as `msg` when Telegram launch data does not verify (SPEC §8 closes the app on it). */
export const INVALID_INIT_DATA_MSG = 'Invalid WebApp init data';
export const MAINTENANCE_OFF_DETAIL = 'Maintenance mode is disabled';
export const MAINTENANCE_ON_DETAIL = 'Maintenance mode is enabled';

/** Every call's path is below this (SPEC §7: base path /api on the product host). */
export const API_BASE = '/api';

/** The sockets (SPEC §7), on the product's own origin: the main one and the candles'. */
export const SOCKET_PATHS = { main: '/api/ws/', candles: '/api/ws/candles' } as const;

/** Close codes the server uses on /api/ws/ (4000–4999 is the application range). */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  tokenTimeout: 4408,
} as const;

/**
 * Mint statuses (SPEC §4). A `canceled` mint says why in `cancel_reason`: the user canceled it, or
 * its payment did not arrive in time ('expired').
 */
export const MINT_STATUSES = ['pending', 'active', 'canceled', 'completed', 'move_to_staking'] as const;
export const MINT_CANCEL_REASONS = ['user', 'expired'] as const;
/** Stake statuses (SPEC §4). The server creates stakes `active`; `pending` is never sent today. */
export const STAKE_STATUSES = ['pending', 'active', 'completed'] as const;

/** Lists (mints, stakes): page numbers start at 1; default and largest page size (SPEC §9: 300 for mints). */
export const LIST_DEFAULT_LIMIT = 300;
export const LIST_MAX_LIMIT = 1000;

/** Postgres INTEGER, the type of every row id: larger ids are refused (422) before any query. */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * The texts the server answers with in `msg` where a user can meet them. Written once here: the server
 * throws them, and the client shows each in the user's language (its catalogue has a key per entry,
 * the English one identical; tests/unit/server-messages.test.ts holds them together). Any other `msg`
 * is shown as the server wrote it.
 */
export const SERVER_MESSAGES = {
  notAuthenticated: 'Not authenticated',
  tokenExpired: 'Token expired',
  notFound: 'Not found',
  internal: 'Internal server error',
  userNotFound: 'User not found',
  planNotFound: 'Mint plan not found',
  mintNotFound: 'Mint not found',
  stakeNotFound: 'Stake not found',
  tooManyPendingMints: 'Too many unpaid mints: pay or cancel one first',
  onlyPendingMintCancels: 'Only a pending mint can be canceled',
  onlyActiveMintStakes: 'Only an active mint can be staked',
  insufficientFunds: 'Insufficient funds',
  notAMember: 'Join the community to use the product',
} as const;
