/**
 * Why the dev chain refused a request. `code` is the HTTP status toncenter would answer with (the RPC
 * envelope's `code`); `exitCode` is what the wallet contract would have thrown, where there is one.
 */
export type ChainErrorReason =
  /** Not a parsable bag of cells / message, or a parameter that makes no sense. */
  | 'bad_request'
  /** An address in no known form. */
  | 'bad_address'
  /** A message other than external inbound sent to the chain. */
  | 'not_external'
  /** A well-formed external message the wallet would not accept (through 'duplicate'). */
  | 'not_initialized'
  | 'bad_state_init'
  | 'not_wallet'
  | 'frozen'
  | 'bad_body'
  | 'expired'
  | 'wrong_seqno'
  | 'wrong_subwallet'
  | 'bad_signature'
  | 'unsupported_op'
  | 'invalid_action'
  | 'insufficient_funds'
  | 'duplicate'
  /** getTransactions from an lt/hash that is not a transaction of the account. */
  | 'transaction_not_found';

export class ChainError extends Error {
  override name = 'ChainError';
  constructor(
    readonly reason: ChainErrorReason,
    readonly code: number,
    message: string,
    readonly exitCode?: number,
  ) {
    super(message);
  }
}

/**
 * An external message the chain did not accept. The text starts like a liteserver's, so a log or a
 * client that recognises mainnet's rejection recognises this one; the rest says why in plain words.
 */
export function rejected(reason: ChainErrorReason, why: string, exitCode?: number): ChainError {
  const suffix = exitCode === undefined ? '' : ` (exit code ${exitCode})`;
  const preamble =
    'LITE_SERVER_UNKNOWN: cannot apply external message to current state : External message was not accepted';
  return new ChainError(reason, 500, `${preamble}: ${why}${suffix}`, exitCode);
}

export const badRequest = (message: string) => new ChainError('bad_request', 400, message);
