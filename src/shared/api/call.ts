import { createEffect, type Effect } from 'effector';
import { callPath, calls, type CallName } from '@contract/calls';
import type { CallBody, CallParams, CallQuery, CallResponse } from '@contract';
import { requestFx, type RequestOptions } from './request';

/** The parts of a request for call K, typed from its schemas (z.input). */
export interface CallParts<K extends CallName> {
  body?: CallBody<K>;
  query?: CallQuery<K>;
  params?: CallParams<K>;
}

/**
 * Sends contract call K through the one request effect: method, path, auth and the types all come
 * from the contract (./contract/calls.ts), so a path or a shape cannot drift from the server's.
 * On a 5xx the call resolves with its fallback (docs/product.md §8): null, or an empty array for list answers.
 */
export function sendCall<K extends CallName>(name: K, parts: CallParts<K>, fallback: 'array'): Promise<CallResponse<K>>;
export function sendCall<K extends CallName>(name: K, parts?: CallParts<K>): Promise<CallResponse<K> | null>;
export function sendCall<K extends CallName>(
  name: K,
  parts: CallParts<K> = {},
  fallback: NonNullable<RequestOptions['fallback']> = 'null',
): Promise<unknown> {
  const route = calls[name];
  return requestFx({
    method: route.method,
    path: callPath(route, parts.params as Record<string, string | number> | undefined),
    query: parts.query as RequestOptions['query'],
    body: parts.body,
    skipAuth: !route.auth,
    fallback,
  });
}

/**
 * A new effect for contract call K, made from the call table: it takes the call's parts
 * (`{body, query, params}`, typed by its schemas) and resolves with its answer — null on a 5xx, or
 * `[]` with fallback 'array' (docs/product.md §8). A model makes its own (`const createFooFx = callFx('fooCreate')`),
 * so each has its own `.pending` and a test can replace it; no per-call wrapper is written
 * (docs/contract.md "Adding a call").
 */
export function callFx<K extends CallName>(name: K, fallback: 'array'): Effect<CallParts<K> | void, CallResponse<K>>;
export function callFx<K extends CallName>(name: K): Effect<CallParts<K> | void, CallResponse<K> | null>;
export function callFx<K extends CallName>(name: K, fallback?: 'array'): Effect<CallParts<K> | void, unknown> {
  return createEffect<CallParts<K> | void, unknown>((parts) =>
    fallback ? sendCall(name, parts ?? {}, fallback) : sendCall(name, parts ?? {}),
  );
}
