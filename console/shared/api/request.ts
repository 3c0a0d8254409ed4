import { attach, createEffect, createEvent, sample } from 'effector';
import { isAuthFailure, toApiError, type ApiError, type ApiFailure } from '@shared/api/errors';
import { defaultTransport, transmit, type TransportRequest } from '@shared/api/transport';
import { $operatorToken } from './token';

/** Every failed console call, once: the console's toasts react to it. */
export const operatorRequestFailed = createEvent<ApiFailure>();
/** A call was refused for the session (401/403): the console signs in again from its launch data. */
export const operatorUnauthorized = createEvent<ApiFailure>();

const sendFx = createEffect<{ request: TransportRequest; token: string | null }, unknown, ApiError>(
  async ({ request, token }) => {
    try {
      return await transmit(defaultTransport, request, token);
    } catch (error) {
      throw toApiError(error);
    }
  },
);

/**
 * The console's one request effect: the app's transport (ofetch, /api, its timeout) with the operator
 * session's bearer. Unlike the Mini App's, a 5xx is a failure too: a console screen shows its error
 * state and Try again rather than an empty list.
 */
export const operatorRequestFx = attach({
  source: $operatorToken,
  effect: sendFx,
  mapParams: (request: TransportRequest, token) => ({ request, token }),
});

sample({ clock: operatorRequestFx.failData, fn: toApiError, target: operatorRequestFailed });
sample({ clock: operatorRequestFailed, filter: isAuthFailure, target: operatorUnauthorized });
