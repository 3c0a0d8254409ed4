import { attach, createEffect, createEvent, sample, type Effect } from 'effector';
import { callPath } from '@contract/route';
import { operatorRoutes, type OperatorCallName } from '@contract/console/routes';
import type { OperatorBody, OperatorParams, OperatorQuery, OperatorResponse } from '@contract/console/schemas';
import { isAuthFailure, toApiError, type ApiError, type ApiFailure } from '@shared/api/errors';
import { defaultTransport, transmit, type TransportRequest } from '@shared/api/transport';
import { $operatorToken } from './token';

/** The parts of operator call K (typed from its schemas, as the app's CallParts). */
export interface OperatorCallParts<K extends OperatorCallName> {
  body?: OperatorBody<K>;
  query?: OperatorQuery<K>;
  params?: OperatorParams<K>;
}

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

/**
 * A new effect for operator call K, built from the contract's table (method, path, parts): a model
 * makes its own (`const overviewFx = operatorCallFx('overview')`), so each has its own `.pending` and a
 * test can replace it.
 */
export function operatorCallFx<K extends OperatorCallName>(
  name: K,
): Effect<OperatorCallParts<K> | void, OperatorResponse<K>, ApiError> {
  const route = operatorRoutes[name];
  return createEffect<OperatorCallParts<K> | void, OperatorResponse<K>, ApiError>(
    async (parts) =>
      (await operatorRequestFx({
        method: route.method,
        path: callPath(route, parts?.params as Record<string, string | number> | undefined),
        query: parts?.query as TransportRequest['query'],
        body: parts?.body,
      })) as OperatorResponse<K>,
  );
}
