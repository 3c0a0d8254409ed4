import { ofetch, type $Fetch } from 'ofetch';
import { timings } from '../config';
import { API_BASE } from '@contract/constants';
import { callKey, type TransportRequest } from './launch-calls';

export { launchCalls, registerBody, type TransportRequest } from './launch-calls';

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
 * need no token — the maintenance status and the sign-in — are sent by index.html's launch script
 * (src/shared/launch/boot.ts) before the entry has even arrived, and handed over by the entry's first
 * lines (src/app/early.ts), so their answers are back when the models ask. The models are unchanged:
 * their own request for the same call (same method, path, query and body) takes the early answer
 * instead of going out again.
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

/**
 * Takes over calls index.html's launch script sent (src/shared/launch/boot.ts, over fetch: their
 * answers are the JSON data the transport's would be), for the models' requests to take.
 */
export function adoptEarly(calls: readonly { key: string; sentAt: number; answer: Promise<unknown> }[]): void {
  for (const { key, sentAt, answer } of calls) earlyCalls.set(key, { sentAt, answer });
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
  const key = callKey(request);
  const early = earlyCalls.get(key);
  if (!early) return null;
  earlyCalls.delete(key);
  if (now - early.sentAt > EARLY_ANSWER_TTL_MS) return null;
  return early.answer.catch(() => send());
}
