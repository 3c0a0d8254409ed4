import type { Effect } from 'effector';
import { calls, type CallName } from '@contract/calls';
import type { CallBody, CallParams, CallQuery, CallResponse } from '@contract';
import { requestFx } from '../api';
import { createCallFx } from './create-call-fx';

/** The parts of a request for call K, typed from its schemas (z.input). */
export interface CallParts<K extends CallName> {
  body?: CallBody<K>;
  query?: CallQuery<K>;
  params?: CallParams<K>;
}

/**
 * A new effect for contract call K: the one way the Mini App calls the server (docs/contract.md
 * "Consuming a call"). It takes the call's parts (`{body, query, params}`, typed by its schemas) and
 * sends them through the one request effect, with the method, path and auth of the contract's table
 * (contract/calls.ts), so a path or a shape cannot drift from the server's. It resolves with the
 * answer — null on a 5xx, or `[]` with fallback 'array' (docs/product.md §8). A model makes its own
 * (`const createFooFx = callFx('fooCreate')`), so each has its own `.pending` and a test replaces it.
 * A segment of its own, not in the api barrel: the swc plugin knows factories by module, and only a
 * module that exports nothing else can be one without wrapping every other call (docs/style.md §10).
 */
export function callFx<K extends CallName>(name: K, fallback: 'array'): Effect<CallParts<K> | void, CallResponse<K>>;
export function callFx<K extends CallName>(name: K): Effect<CallParts<K> | void, CallResponse<K> | null>;
export function callFx<K extends CallName>(name: K, fallback?: 'array'): Effect<CallParts<K> | void, unknown> {
  const route = calls[name];
  return createCallFx(route, (request) =>
    requestFx({ ...request, skipAuth: !route.auth, fallback: fallback ?? 'null' }),
  );
}
