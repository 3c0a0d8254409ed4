/**
 * docs/product.md §8 "Blockchain node errors", plus the two ways a call fails before any response arrives.
 * - response-not-ok: HTTP status not 2xx, or an envelope saying `ok: false` / carrying a JSON-RPC `error`
 * - malformed-response: body is not JSON, or has no result, or the result has the wrong shape
 * - exit-code: runGetMethod's TVM exit code is neither 0 nor 1 (both mean success)
 * - unsupported-state: getAddressInformation's state is not active, uninitialized or frozen
 * - timeout / network: no response within timeoutMs / fetch itself rejected
 */
export type TonNodeErrorKind =
  'response-not-ok' | 'malformed-response' | 'exit-code' | 'unsupported-state' | 'timeout' | 'network';

export interface TonNodeErrorDetails {
  /** HTTP status (response-not-ok from HTTP, and any error raised after a response arrived). */
  status?: number;
  /** The node's error code from `{ ok: false, code }` or a JSON-RPC `error.code`. */
  code?: number;
  /** runGetMethod's exit code (exit-code). */
  exitCode?: number;
  /** getAddressInformation's state (unsupported-state). */
  state?: string;
  cause?: unknown;
}

export class TonNodeError extends Error {
  override readonly name = 'TonNodeError';
  readonly status?: number;
  readonly code?: number;
  readonly exitCode?: number;
  readonly state?: string;

  constructor(
    readonly kind: TonNodeErrorKind,
    /** The JSON-RPC method that failed. */
    readonly method: string,
    message: string,
    details: TonNodeErrorDetails = {},
  ) {
    super(`TON node ${method}: ${message}`, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status;
    this.code = details.code;
    this.exitCode = details.exitCode;
    this.state = details.state;
  }
}
