import { FetchError } from 'ofetch';
import { en } from '../i18n';
import { INVALID_INIT_DATA_MSG } from './contract/constants';
import type { TokenPair } from './contract';

/**
 * SPEC §8 texts the client shows itself (the server's `msg` is shown for the rest), in English: the
 * error's own message, for logs. The toast shows them in the user's language (catalogue.ts).
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
  /** The refresh attempt failed, so the session is over (SPEC §8 "Refresh failure"). */
  refreshFailed?: boolean;
  /** Set when a refresh succeeded but the retried call still failed: the new pair must be kept. */
  refreshed?: TokenPair;
}

export class ApiError extends Error implements ApiFailure {
  kind: ApiFailureKind;
  status: number;
  serverMessage: string | null;
  refreshFailed?: boolean;
  refreshed?: TokenPair;

  constructor(failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.status = failure.status;
    this.serverMessage = failure.serverMessage;
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
  const serverMessage =
    data && typeof data === 'object' && typeof (data as { msg?: unknown }).msg === 'string'
      ? (data as { msg: string }).msg
      : null;
  const message = status === 413 ? errorTexts.fileTooLarge : (serverMessage ?? (statusText || errorTexts.unknown));
  return new ApiError({ kind: 'http', status, message, serverMessage });
}

export const networkError = (): ApiError =>
  new ApiError({ kind: 'network', status: 0, message: errorTexts.network, serverMessage: null });

export const timeoutError = (): ApiError =>
  new ApiError({ kind: 'timeout', status: 0, message: errorTexts.timeout, serverMessage: null });

export const isAuthFailure = (failure: ApiFailure): boolean =>
  failure.kind === 'http' && (failure.status === 401 || failure.status === 403);

export const isInvalidInitData = (failure: ApiFailure): boolean =>
  isAuthFailure(failure) && failure.serverMessage === INVALID_INIT_DATA_MSG;
