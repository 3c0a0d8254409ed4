/**
 * Error answers. Every error body is `{ msg, code, params?, errors? }`: `msg` is docs/product.md §8's English
 * text, unchanged; `code` is stable and machine-read — the client picks its text by code, never by
 * `msg`; `params` are the values of a templated text (`{amount}` → params.amount). No zod here: the
 * client imports it at runtime.
 *
 * The codes are the camelCase keys of the tables below: SERVER_MESSAGES (fixed texts),
 * VALIDATION_MESSAGES (templates), OTHER_ERROR_MESSAGES (the gates', sign-in's and transport's fixed
 * texts) and DETAIL_ERROR_CODES, whose `msg` carries a detail no table holds (a 422 that is no template,
 * a Fastify 400, an operator's or the sandbox's conflict): the client shows that `msg` as written.
 */
import { INVALID_INIT_DATA_MSG, MAINTENANCE_ON_DETAIL } from './constants';

/**
 * The texts the server answers with in `msg` where a user can meet them, by code (the key). Written
 * once here: the server throws a code, sends its text as `msg`, and the client shows the code's text in
 * the user's language (tests/unit/server-messages.test.ts holds the catalogues to this table).
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
  farmingLinkNotFound: 'Farming link not found',
  farmingOneSource: 'Pay the link from exactly one balance: referral or task',
  farmingOnlyActiveCancels: 'Only an active link can be canceled',
  farmingActivationReached: 'We cannot activate this link.',
  farmingActivationRevoked: 'This link has been revoked',
  farmingActivationActive: 'This link gives you a mint',
  farmingForAuthorOnly: 'Only its author can activate this link',
  farmingOwnLink: 'Send this link to a friend: only a link made for you can be activated by you',
  farmingAlreadyActivated: 'You have already activated this link: its mint is in your list',
  farmingCodeUsed: 'This invitation was for one person and has been used: ask its author for a new one',
  farmingLinkUsedUp: 'All of this link’s activations have been taken: ask its author for a new one',
  farmingForMeOneUse: 'A link for yourself has exactly one activation',
  taskNotFound: 'Task not found',
  taskStartFirst: 'Start the task first',
  taskAlreadyStarted: 'This task is already started',
  taskInReview: 'Your proof is being reviewed',
  taskNotValidated: 'Complete the task and check it before claiming',
  taskAlreadyClaimed: 'The reward for this task was already claimed',
  taskNotAMember: 'Join the community first, then check again',
  taskVisitFirst: 'Open the link first, then check again',
  taskPhotoRequired: 'Attach a photo as proof',
  taskLinkRequired: 'Paste a link as proof',
  taskPhotoType: 'Upload a JPEG, PNG or WebP photo',
  taskWrongProof: 'This task takes no proof of that kind',
  shareMessageFailed: 'Could not prepare the message to share. Try again.',
  sellOneSource: 'Sell from one balance: main, referral or task',
  /**
   * 400: a sale named a quote whose price no longer stands (the mint's rule, server PRICE_QUOTE_TTL_SECONDS):
   * the sheet quotes again and the user confirms the new figures.
   */
  sellQuoteExpired: 'The price has changed: check the new figures and confirm again',
  /** 400: a sale's quoted figures are not what its price gives the amount (tampered, or the fee settings changed). */
  sellQuoteMismatch: 'The sale’s figures have changed: check them and confirm again',
  /** 400: a mint or farming link named a quote whose price no longer stands (server PRICE_QUOTE_TTL_SECONDS). */
  priceQuoteExpired: 'The price has changed: check the new amount and confirm again',
  withdrawalNotFound: 'Withdrawal not found',
  tonProofInvalid: 'Your wallet could not prove it is yours: connect it again',
  /** 422: a sale's address is not the wallet the user proved with ton_proof (docs/foundations.md §7b). */
  sellUnverifiedAddress: 'Payouts go only to a wallet you have proved is yours: connect that wallet in the app first',
  /** 503: the database cannot answer now, the server is shutting down or overloaded; try again shortly. */
  unavailable: 'The service is temporarily unavailable. Try again in a moment.',
  /** 429: a rate limit (docs/security.md "Limits"). */
  tooManyRequests: 'Too many requests. Wait a minute and try again.',
} as const;

/**
 * The validation texts (422, and the tasks' 409 reasons) a user can meet, by code, as templates: the
 * server fills `{name}` in (`fillText`) for `msg` and sends the values as `params`, which the client
 * puts into the code's sentence in the user's language. `wholeNumber` is terse: the server names its
 * field before it in `msg` ('page: must be…').
 */
export const VALIDATION_MESSAGES = {
  amountRequired: 'Amount is required',
  amountNegative: 'Amount must not be negative',
  amountExponent: 'Amount must be written without an exponent',
  amountDecimals: 'Amount must have at most {max} decimal places',
  amountFormat: 'Amount must be a decimal number like "12.5"',
  amountTooLarge: 'Amount is too large',
  amountTooLong: 'Amount is too long',
  amountTooSmall: 'Amount is too small',
  amountPositive: 'Amount must be greater than 0',
  amountAtLeast: 'Amount must be at least {amount} TON',
  amountAtMost: 'Amount must be at most {amount} TON',
  wholeNumber: 'must be a whole number from 1 to {max}',
  taskReferralsNeeded: 'Invite {count} friends, then check again',
  taskVisitWait: 'Stay on the page a little longer: check again in {seconds} s',
  taskLinkHost: 'The link must lead to {hosts}',
  taskLinkInvalid: 'Paste a full link that starts with https://',
  sellAtLeast: 'Sell at least {amount} TKN',
  addressNetwork: 'Use a {network} address',
  addressBasechain: 'Use a wallet address on the basechain (workchain 0)',
} as const;

/** 'Amount must be at least {amount} TON' + {amount: '1'} → 'Amount must be at least 1 TON'. */
export function fillText(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template}: {${name}} is missing`);
    return String(value);
  });
}

/** Fixed texts outside the product's flows: the gates, sign-in, the transport, the operator's token. */
export const OTHER_ERROR_MESSAGES = {
  /** 401/403 on sign-in: the launch data does not verify (docs/product.md §8: the app closes). */
  invalidInitData: INVALID_INIT_DATA_MSG,
  /** 503 from the maintenance gate. */
  maintenance: MAINTENANCE_ON_DETAIL,
  invalidRefreshToken: 'Invalid refresh token',
  refreshTokenRevoked: 'Refresh token revoked',
  refreshTokenReused: 'Refresh token reused',
  refreshTokenExpired: 'Refresh token expired',
  invalidAdminToken: 'Invalid admin token',
  /** 502: the wallet's state could not be read from the chain (ton_proof of a wallet without state init). */
  walletUnreadable: 'Could not read the wallet from the chain. Try again.',
  malformedUrl: 'Malformed URL',
  pathTooLong: 'A path parameter is too long',
  malformedJson: 'Malformed JSON body',
  /** 413 (docs/product.md §8: the client shows its own text for any 413; a photo proof's msg says it too). */
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
} as const;

/**
 * The operator console's own refusals (operator sign-in and sessions, the audit): the Mini App never meets
 * them, so its catalogues carry no text for them (the console answers them with screens of its own: not an
 * operator, signed in again; or shows their `msg`).
 */
export const OPERATOR_ERROR_MESSAGES = {
  /** 403: the console's sign-in by a Telegram user who is not one of OPERATOR_TELEGRAM_IDS (or the console is off). */
  notOperator: 'You are not an operator of this app',
  /** 403: a user's access token on an operator call. */
  operatorOnly: 'Operator calls need an operator session or the admin token',
  /** 403: an operator session's token on a user's call. */
  usersOnly: 'An operator session cannot make user calls',
  /** 401: the operator session expired or was ended: sign in again from the bot's /admin. */
  operatorSessionEnded: 'Your operator session has ended: open the console from the bot again',
  /** 503: the operator action could not be recorded in the audit, so it was not done. */
  auditUnavailable: 'The action could not be recorded in the audit, so it was not done. Try again in a moment.',
  /** 401: the console's sign-in with launch data older than OPERATOR_INIT_DATA_MAX_AGE_SECONDS. */
  operatorLaunchTooOld: 'This opening of the console is too old to sign in: open the console again from /admin',
  /** 401: the console's sign-in with launch data that already signed in once (a copy, or a second try). */
  operatorLaunchUsed: 'This opening of the console has already signed in: open the console again from /admin',
} as const;

/**
 * The sandbox's own refusals (server/sandbox/, sandbox mode only): its pages and tools show the `msg` as
 * written, and the Mini App never meets them, so its catalogues leave them out (docs/security.md
 * "The sandbox's pages and API").
 */
export const SANDBOX_ERROR_MESSAGES = {
  /** 403: a browser call from another site that would change the sandbox (server/sandbox/origin.ts). */
  crossSiteRequest:
    'The sandbox takes changes only from its own pages: this call came from another site, so nothing was done',
  /** 429: the TON Connect bridge holds this many open streams already (server/sandbox/bridge/limits.ts). */
  bridgeTooManyStreams: 'Too many open bridge streams {per} (at most {max}): close one first',
  /** 429: the bridge stores this many unexpired messages already (server/sandbox/bridge/limits.ts). */
  bridgeTooManyMessages: 'Too many unexpired bridge messages {per} (at most {max}): wait until they expire',
} as const;

/**
 * Codes whose `msg` is a detail of its own, shown as written: validation (a 422 whose first problem is no
 * contract text: 'init_data is required', a malformed address), badRequest (another 400: Fastify's, the
 * sandbox's), conflict (an operator's 409). Operator and sandbox answers may also send their own `msg`
 * under `notFound` or `payloadTooLarge` ('No such proof'); the Mini App never meets those.
 */
export const DETAIL_ERROR_CODES = ['validation', 'badRequest', 'conflict'] as const;

/** The codes an activation status (GET /farming/activation-status) says why with, beside its `message`. */
export const FARMING_ACTIVATION_CODES = [
  'farmingActivationActive',
  'farmingActivationReached',
  'farmingActivationRevoked',
  'farmingForAuthorOnly',
  'farmingOwnLink',
  'farmingAlreadyActivated',
  'farmingCodeUsed',
  'farmingLinkUsedUp',
] as const satisfies ReadonlyArray<keyof typeof SERVER_MESSAGES>;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES;
export type ValidationCode = keyof typeof VALIDATION_MESSAGES;
export type DetailErrorCode = (typeof DETAIL_ERROR_CODES)[number];
export type OperatorErrorCode = keyof typeof OPERATOR_ERROR_MESSAGES;
export type SandboxErrorCode = keyof typeof SANDBOX_ERROR_MESSAGES;
export type ErrorCode =
  | ServerMessageCode
  | ValidationCode
  | keyof typeof OTHER_ERROR_MESSAGES
  | OperatorErrorCode
  | SandboxErrorCode
  | DetailErrorCode;

/** Every code with its English text (template); a detail code's text is its msg, so it has none here. */
// Built by calls marked pure: the client imports this module for VALIDATION_MESSAGES and fillText only,
// and the bundler drops the tables it does not use (the English texts cost the entry ~1.7 kB gzip).
export const ERROR_TEXTS: Readonly<Record<Exclude<ErrorCode, DetailErrorCode>, string>> = /* @__PURE__ */ Object.assign(
  {},
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
  OTHER_ERROR_MESSAGES,
  OPERATOR_ERROR_MESSAGES,
  SANDBOX_ERROR_MESSAGES,
);

/** Every error code the server can send (the error body's enum). */
export const ERROR_CODES = /* @__PURE__ */ Object.keys(ERROR_TEXTS).concat(DETAIL_ERROR_CODES) as unknown as readonly [
  ErrorCode,
  ...ErrorCode[],
];

/** A code's English text with its params filled in: what the server sends as `msg`. */
export function errorText(code: Exclude<ErrorCode, DetailErrorCode>, params: Record<string, string> = {}): string {
  return fillText(ERROR_TEXTS[code], params);
}
