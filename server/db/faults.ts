/**
 * Database faults: an error that says the database cannot answer now (unreachable, restarting,
 * frozen, a statement or a connection timed out), as opposed to one about the request (a constraint, a
 * serialization conflict the service handles). The Postgres wrapper (./index.ts) turns the first kind into
 * DatabaseUnavailableError, which the error handler answers 503 {msg} and the socket handshake closes with
 * SOCKET_CLOSE.unavailable (reconnect with backoff, keep the session).
 */

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(override readonly cause: unknown) {
    super(`Database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** SQLSTATE classes and codes of an unavailable server (08 connection exception, 53 insufficient resources). */
const UNAVAILABLE_SQLSTATE_CLASSES = ['08', '53'];
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
]);
/** Socket errors of a server that is gone or unreachable. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres' own words for a lost, refused or timed-out connection. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Connection terminated due to connection timeout',
  'the database system is',
];

export function isDatabaseFault(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  // AggregateError (a host with several addresses, each refused).
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseFault);
}

/** The error as callers should see it: DatabaseUnavailableError for a fault, else unchanged. */
export function classifyDatabaseError(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailableError) && isDatabaseFault(error)
    ? new DatabaseUnavailableError(error)
    : error;
}
