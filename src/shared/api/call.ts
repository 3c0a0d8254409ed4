import { callPath, calls, type CallName } from './contract/calls';
import type { CallBody, CallParams, CallQuery, CallResponse } from './contract';
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
 * On a 5xx the call resolves with its fallback (SPEC §8): null, or an empty array for list answers.
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
