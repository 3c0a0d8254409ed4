import { attach, createEffect, createEvent, sample } from 'effector';
import type { $Fetch } from 'ofetch';
import { calls } from '@contract/calls';
import type { TokenPair } from '@contract';
import { toApiError, withFacts, type ApiError, type ApiFailure } from './errors';
import { $accessToken, $refreshToken, tokensReceived } from './session';
import { defaultTransport, takeEarlyAnswer, transmit, type TransportRequest } from './transport';

export interface RequestOptions extends TransportRequest {
  /** docs/product.md §6: register and the maintenance status go without the bearer token. */
  skipAuth?: boolean;
  /** What the call resolves with on a 5xx (docs/product.md §8): an empty array or null, by expected type. */
  fallback?: 'array' | 'null';
}

export interface Credentials {
  access: string | null;
  refresh: string | null;
}

export interface SendResult {
  data: unknown;
  /** A new pair obtained on the way (401 → refresh → retry). */
  refreshed: TokenPair | null;
}

/**
 * One refresh per refresh token at a time: parallel calls that all hit 401 share the same
 * rotation, because the server treats a second use of a refresh token as theft and revokes it.
 * A settled rotation is remembered briefly for calls that started with the old token.
 */
const rotations = new Map<string, Promise<TokenPair>>();
const ROTATION_MEMORY_MS = 30_000;

function rotate(transport: $Fetch, refresh: string): Promise<TokenPair> {
  let rotation = rotations.get(refresh);
  if (!rotation) {
    rotation = transport<TokenPair>(calls.refresh.path, {
      method: calls.refresh.method,
      body: { refresh_token: refresh },
    });
    rotations.set(refresh, rotation);
    const forget = () => setTimeout(() => rotations.delete(refresh), ROTATION_MEMORY_MS);
    rotation.then(forget, () => rotations.delete(refresh));
  }
  return rotation;
}

const call = (transport: $Fetch, options: RequestOptions, access: string | null) =>
  transmit(transport, options, options.skipAuth ? null : access);

/**
 * Sends one call: on a 401 it refreshes once and retries once. A call without a token that
 * the launch sent early (./transport.ts) takes that answer instead of going out again.
 */
export async function sendRequest(
  options: RequestOptions,
  credentials: Credentials,
  transport: $Fetch = defaultTransport,
): Promise<SendResult> {
  const send = () => call(transport, options, credentials.access);
  try {
    const early = options.skipAuth ? takeEarlyAnswer(options, send) : null;
    return { data: await (early ?? send()), refreshed: null };
  } catch (error) {
    const failure = toApiError(error);
    if (options.skipAuth || failure.status !== 401 || !credentials.refresh) throw failure;

    let pair: TokenPair;
    try {
      pair = await rotate(transport, credentials.refresh);
    } catch {
      throw withFacts(failure, { refreshFailed: true });
    }
    try {
      return { data: await call(transport, options, pair.token), refreshed: pair };
    } catch (retryError) {
      throw withFacts(toApiError(retryError), { refreshed: pair });
    }
  }
}

export const sendRequestFx = createEffect<{ options: RequestOptions; credentials: Credentials }, SendResult, ApiError>(
  ({ options, credentials }) => sendRequest(options, credentials),
);

const sendWithCredentialsFx = attach({
  source: { access: $accessToken, refresh: $refreshToken },
  effect: sendRequestFx,
  mapParams: (options: RequestOptions, credentials) => ({ options, credentials }),
});

/** Every failed call, once: the error catalogue (./catalogue.ts) reacts to it. */
export const requestFailed = createEvent<ApiFailure>();

/**
 * The one base request effect: every call's effect (./call, callFx) sends through it.
 * A 5xx resolves with the call's fallback after the failure is reported (docs/product.md §8).
 */
export const requestFx = createEffect<RequestOptions, unknown, ApiError>(async (options) => {
  try {
    const { data } = await sendWithCredentialsFx(options);
    return data;
  } catch (error) {
    const failure = toApiError(error);
    if (failure.kind === 'http' && failure.status >= 500) return options.fallback === 'array' ? [] : null;
    throw failure;
  }
});

sample({ clock: sendWithCredentialsFx.failData, fn: (error) => toApiError(error), target: requestFailed });
// A rotated pair is kept whether or not the retried call then succeeded.
sample({
  clock: [
    sendWithCredentialsFx.doneData.map((result) => result.refreshed),
    sendWithCredentialsFx.failData.map((error) => toApiError(error).refreshed ?? null),
  ],
  filter: (pair): pair is TokenPair => pair !== null,
  target: tokensReceived,
});
