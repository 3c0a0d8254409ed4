import { ofetch, type $Fetch } from 'ofetch';
import { timings } from '../config';
import { calls } from './contract/calls';
import { API_BASE } from './contract/constants';
import type { CallBody } from './contract';

/** One call as the transport sends it: path below /api, method, query and JSON body. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below /api, e.g. '/user/me'. */
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

export const defaultTransport: $Fetch = ofetch.create({
  baseURL: API_BASE,
  timeout: timings.requestTimeoutMs,
  retry: 0,
});

/** One call over `transport`, with the bearer token when there is one. */
export const transmit = (transport: $Fetch, request: TransportRequest, access: string | null) =>
  transport(request.path, {
    method: request.method,
    query: request.query ?? undefined,
    body: request.body as BodyInit | Record<string, unknown> | undefined,
    headers: access ? { Authorization: `Bearer ${access}` } : undefined,
  });

/**
 * Early calls (docs/performance.md "What the client does at launch"): the launch's two calls that
 * need no token — the maintenance status and the sign-in — are sent by the first lines of the entry
 * (src/app/early.ts), before the rest of the app's code has been evaluated (~0.7 s on a throttled
 * phone), so their answers are back when the models ask. The models are unchanged: their own request for the same call (same
 * method, path, query and body) takes the early answer instead of going out again.
 *
 * An early answer is taken once, within EARLY_ANSWER_TTL_MS of being sent, and only a success is used:
 * a failed one (a 503 while maintenance is on, a dropped connection) sends the call again, so the
 * models see exactly what their own request would have brought. An answer not taken in time is dropped.
 */
export const EARLY_ANSWER_TTL_MS = 10_000;

interface EarlyCall {
  sentAt: number;
  answer: Promise<unknown>;
}

const earlyCalls = new Map<string, EarlyCall>();

const keyOf = (request: TransportRequest) =>
  JSON.stringify([request.method, request.path, request.query ?? null, request.body ?? null]);

/** Sends a call now, for the model that will ask for the same call later to take (takeEarlyAnswer). */
export function sendEarly(request: TransportRequest, transport: $Fetch = defaultTransport, now = Date.now()): void {
  const answer = transmit(transport, request, null);
  // Taken or not, a failure here is handled where the answer is taken (or nowhere): not "unhandled".
  answer.catch(() => undefined);
  earlyCalls.set(keyOf(request), { sentAt: now, answer });
}

/**
 * The early answer to this call, once: its data if it succeeded, else what `send` brings (the call
 * sent again). null when there is none to take (never sent early, already taken, or too old).
 */
export function takeEarlyAnswer(
  request: TransportRequest,
  send: () => Promise<unknown>,
  now = Date.now(),
): Promise<unknown> | null {
  const key = keyOf(request);
  const early = earlyCalls.get(key);
  if (!early) return null;
  earlyCalls.delete(key);
  if (now - early.sentAt > EARLY_ANSWER_TTL_MS) return null;
  return early.answer.catch(() => send());
}

/** The sign-in's body, built in one place for the session model and the early sign-in. */
export const registerBody = (initData: string, refCode: string | null): CallBody<'register'> => ({
  init_data: initData,
  ref_code: refCode,
});

/** The launch's calls without a token, in the form the models send them (SPEC §4: maintenance, sign-in). */
export function launchCalls(initData: string, refCode: string | null): TransportRequest[] {
  return [
    { method: calls.maintenanceStatus.method, path: calls.maintenanceStatus.path },
    { method: calls.register.method, path: calls.register.path, body: registerBody(initData, refCode) },
  ];
}
