import { createEffect, type Effect } from 'effector';
import { callPath, type CallRoute } from '@contract/route';
import type { TransportRequest } from '../api';

/** The parts of a request, as every call effect takes them; each client types them per call from its schemas. */
export interface RouteParts {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

/**
 * The one maker of call effects, for both clients (docs/contract.md "Consuming a call"): an effect for
 * one route of a contract table that takes the call's parts (`{body, query, params}`) and hands `send`
 * the request they make — the route's method, its path with the parameters filled in, the query and
 * the body. The Mini App's callFx (./index.ts) and the console's operatorCallFx
 * (console/shared/call) are this with their own table and request effect; neither writes a
 * request per call.
 */
export function createCallFx<Parts extends RouteParts | void, Done, Fail = Error>(
  route: CallRoute,
  send: (request: TransportRequest) => Promise<unknown>,
): Effect<Parts, Done, Fail> {
  return createEffect<Parts, Done, Fail>(async (parts) => {
    const { body, query, params } = (parts ?? {}) as RouteParts;
    return (await send({
      method: route.method,
      path: callPath(route, params as Record<string, string | number> | undefined),
      query: query as TransportRequest['query'],
      body,
    })) as Done;
  });
}
