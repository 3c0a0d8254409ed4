import { FetchError } from 'ofetch';
import { en } from '../i18n';
import type { TokenPair } from '@contract';

/**
 * docs/product.md §8 texts the client shows itself (the server's `msg` is shown for the rest), in English: the
 * error's own message, for logs. The toast shows every failure in the user's language, chosen by the
 * answer's `code` (src/app/model/errors.ts).
 */
export const errorTexts = {
  fileTooLarge: en['error.fileTooLarge'],
  network: en['error.network'],
  timeout: en['error.timeout'],
  unknown: en['error.unknown'],
} as const;

export type ApiFailureKind = 'http' | 'network' | 'timeout';

/** What a failed call reports, whatever went wrong underneath. */
export interface ApiFailure {
  kind: ApiFailureKind;
  /** HTTP status; 0 for network and timeout failures. */
  status: number;
  /** The text to show (server `msg` or one of `errorTexts`). */
  message: string;
  /** The server's `msg`, when it sent one. */
  serverMessage: string | null;
  /** The server's stable error code (contract/errors.ts), when it sent one; the client picks its text by it. */
  code?: string | null;
  /** A templated text's values (`{amount}` → params.amount), when the server sent them. */
  params?: Readonly<Record<string, string>> | null;
  /** The refresh attempt failed, so the session is over (docs/product.md §8 "Refresh failure"). */
  refreshFailed?: boolean;
  /** Set when a refresh succeeded but the retried call still failed: the new pair must be kept. */
  refreshed?: TokenPair;
}

export class ApiError extends Error implements ApiFailure {
  kind: ApiFailureKind;
  status: number;
  serverMessage: string | null;
  code: string | null;
  params: Readonly<Record<string, string>> | null;
  refreshFailed?: boolean;
  refreshed?: TokenPair;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.status = failure.status;
    this.serverMessage = failure.serverMessage;
    this.code = failure.code ?? null;
    this.params = failure.params ?? null;
    this.refreshFailed = failure.refreshFailed;
    this.refreshed = failure.refreshed;
  }
}

/** A copy with extra facts (Error's own `message` is not enumerable, so no object spread). */
export const withFacts = (error: ApiError, facts: Pick<ApiFailure, 'refreshFailed' | 'refreshed'>): ApiError =>
  new ApiError({
    kind: error.kind,
    status: error.status,
    message: error.message,
    serverMessage: error.serverMessage,
    code: error.code,
    params: error.params,
    ...facts,
  });

const isTimeout = (error: unknown): boolean => {
  const cause = error instanceof FetchError ? error.cause : error;
  const name = (cause as { name?: string } | null)?.name;
  return name === 'TimeoutError' || (name === 'AbortError' && String((cause as Error).message).includes('timed out'));
};

/** Turns whatever ofetch threw into the catalogue's terms. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isTimeout(error)) return timeoutError();
  if (error instanceof FetchError && error.response) {
    return httpError(error.response.status, error.response.statusText, error.data);
  }
  return networkError();
}

/** An HTTP error answer (status, status text, parsed body) in the catalogue's terms. */
export function httpError(status: number, statusText: string, data: unknown): ApiError {
  const body = data && typeof data === 'object' ? (data as { msg?: unknown; code?: unknown; params?: unknown }) : {};
  const serverMessage = typeof body.msg === 'string' ? body.msg : null;
  const code = typeof body.code === 'string' ? body.code : null;
  const params = isTextRecord(body.params) ? body.params : null;
  const message = status === 413 ? errorTexts.fileTooLarge : (serverMessage ?? (statusText || errorTexts.unknown));
  return new ApiError({ kind: 'http', status, message, serverMessage, code, params });
}

const isTextRecord = (value: unknown): value is Record<string, string> =>
  value !== null && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string');

export const networkError = (): ApiError =>
  new ApiError({ kind: 'network', status: 0, message: errorTexts.network, serverMessage: null });

export const timeoutError = (): ApiError =>
  new ApiError({ kind: 'timeout', status: 0, message: errorTexts.timeout, serverMessage: null });

export const isAuthFailure = (failure: ApiFailure): boolean =>
  failure.kind === 'http' && (failure.status === 401 || failure.status === 403);

/** The launch data did not verify (code invalidInitData): docs/product.md §8 closes the app. */
export const isInvalidInitData = (failure: ApiFailure): boolean =>
  isAuthFailure(failure) && failure.code === 'invalidInitData';
