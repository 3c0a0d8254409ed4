/**
 * Why the dev chain refused a request. `code` is the HTTP status toncenter would answer with (the RPC
 * envelope's `code`); `exitCode` is what the contract threw on the TVM, where it ran.
 */
export type ChainErrorReason =
  /** Not a parsable bag of cells / message, or a parameter that makes no sense. */
  | 'bad_request'
  /** An address in no known form. */
  | 'bad_address'
  /** A message other than external inbound sent to the chain. */
  | 'not_external'
  /**
   * A well-formed external message the account did not accept (through 'duplicate'): the TVM ran it and
   * the contract threw before accept_message(), or there was no code to run. The four named ones are the
   * wallets' own exit codes (v4r2 33–36, v5r1 133–136); 'not_accepted' is any other.
   */
  | 'not_accepted'
  | 'expired'
  | 'wrong_seqno'
  | 'wrong_subwallet'
  | 'bad_signature'
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

/** What the wallet contracts the product uses throw when they refuse an external message. */
const WALLET_REFUSALS: Record<number, { reason: ChainErrorReason; why: string }> = {
  33: { reason: 'wrong_seqno', why: 'wrong seqno' },
  34: { reason: 'wrong_subwallet', why: 'wrong subwallet id' },
  35: { reason: 'bad_signature', why: "the signature does not match the wallet's public key" },
  36: { reason: 'expired', why: 'the message expired' },
  133: { reason: 'wrong_seqno', why: 'wrong seqno' },
  134: { reason: 'wrong_subwallet', why: 'wrong wallet id' },
  135: { reason: 'bad_signature', why: "the signature does not match the wallet's public key" },
  136: { reason: 'expired', why: 'the message expired' },
};

/** The TVM's refusal of an external message: the emulator's words, named when a wallet's exit code says why. */
export function notAccepted(error: string, exitCode: number | undefined): ChainError {
  const known = exitCode === undefined ? undefined : WALLET_REFUSALS[exitCode];
  if (known) return rejected(known.reason, known.why, exitCode);
  return rejected('not_accepted', error, exitCode);
}
