/**
 * The server's way to the TON node (toncenter v2 JSON-RPC at TON_NODE_URL): @ton/ton's TonClient over an
 * HTTP adapter of our own (fetch; TonClient's axios is only the shell around it). One client per process,
 * used by every caller there — the treasury watcher, the payout worker, the wallet proof's get_public_key —
 * so they share:
 * - the API key (TON_API_KEY), sent as X-API-Key on every call; a server setting that never reaches the
 *   client (the runtime config names the node's URL only);
 * - one pace (TON_API_RPS): calls start at least 1/rps s apart, whoever makes them, in the order they ask,
 *   because toncenter counts calls per key (per address without one) and answers 429 beyond its rate;
 * - the backoff: a 429 holds every caller back for the node's Retry-After (else 1 s, doubling), at most
 *   TON_NODE_MAX_BACKOFF_MS; the call is tried TON_NODE_MAX_ATTEMPTS times in all, then fails as a node
 *   error with the node's answer (`response`, as axios's errors carry it). A call that would wait more
 *   than TON_NODE_MAX_QUEUE_MS for its turn fails at once: a queue that only grows helps nobody.
 */
import { TonClient, type TonClientParameters } from '@ton/ton';
import type { Config } from '../config';
import {
  TON_NODE_BACKOFF_MS,
  TON_NODE_MAX_ATTEMPTS,
  TON_NODE_MAX_BACKOFF_MS,
  TON_NODE_MAX_QUEUE_MS,
} from '../constants';

type HttpAdapter = NonNullable<TonClientParameters['httpAdapter']>;
type AdapterRequest = Parameters<HttpAdapter>[0];
type AdapterResponse = Awaited<ReturnType<HttpAdapter>>;

/** Time as the pacer sees it; tests pass a clock they move themselves. */
export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const systemClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The node refused or failed a call: its status and answer, where axios's errors carry them. */
export class TonNodeError extends Error {
  override name = 'TonNodeError';
  constructor(
    message: string,
    readonly response: { status: number; data: unknown; headers: Record<string, string> } | null = null,
  ) {
    super(message);
  }
}

/**
 * Calls start `intervalMs` apart in the order they ask for a turn (each reserves the next free start);
 * `holdUntil` (a 429) keeps every turn back, those already waiting included.
 */
export class CallPacer {
  private nextStart = Number.NEGATIVE_INFINITY;
  private heldUntil = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly intervalMs: number,
    private readonly clock: PacerClock = systemClock,
    private readonly maxWaitMs: number = TON_NODE_MAX_QUEUE_MS,
  ) {}

  async turn(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      const start = Math.max(now, this.nextStart, this.heldUntil);
      if (start - now > this.maxWaitMs)
        throw new TonNodeError(`the node's queue is ${Math.ceil((start - now) / 1000)} s long`);
      this.nextStart = start + this.intervalMs;
      if (start > now) await this.clock.sleep(start - now);
      if (this.heldUntil <= this.clock.now()) return;
    }
  }

  holdFor(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, this.clock.now() + ms);
  }
}

/** The wait a 429 asks for: its Retry-After (seconds or an HTTP date), else the exponential backoff. */
function backoffMs(retryAfter: string | undefined, attempt: number): number {
  let ms = TON_NODE_BACKOFF_MS * 2 ** (attempt - 1);
  if (retryAfter !== undefined && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(seconds)) ms = seconds * 1000;
    else if (Number.isFinite(date)) ms = date - Date.now();
  }
  return Math.min(Math.max(ms, 0), TON_NODE_MAX_BACKOFF_MS);
}

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * What went wrong with a node call, for the metrics: `rate_limited` (each 429 answer, retried or not),
 * `http` (another answer the call refuses: 4xx, 5xx), `network` (no answer: connection refused or reset,
 * timed out), `queue_full` (refused before sending: its turn was more than TON_NODE_MAX_QUEUE_MS away).
 */
export const TON_NODE_ERROR_KINDS = ['rate_limited', 'http', 'network', 'queue_full'] as const;
export type TonNodeErrorKind = (typeof TON_NODE_ERROR_KINDS)[number];

export interface TonNodeTransportOptions {
  /** Sent as X-API-Key on every call when set. */
  apiKey?: string | undefined;
  /** Calls per second at most, all callers together; 0 = no pace (429s are still backed off). */
  rps: number;
  clock?: PacerClock;
  fetch?: typeof fetch;
  /** Told of every failed attempt, by kind (the metrics, server/observability). */
  onError?: ((kind: TonNodeErrorKind) => void) | undefined;
}

/** TonClient's HTTP adapter: the key, the pace and the 429 backoff of every call it sends. */
export function tonNodeAdapter(options: TonNodeTransportOptions): HttpAdapter {
  const pacer = new CallPacer(options.rps > 0 ? 1000 / options.rps : 0, options.clock);
  const doFetch = options.fetch ?? fetch;
  const failed = (kind: TonNodeErrorKind) => options.onError?.(kind);

  const send = async (request: AdapterRequest): Promise<AdapterResponse> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers.toJSON())) {
      if (value !== null && value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    if (options.apiKey) headers.set('X-API-Key', options.apiKey);
    const response = await doFetch(String(request.url), {
      method: (request.method ?? 'get').toUpperCase(),
      headers,
      body: request.data ?? null,
      signal: request.timeout ? AbortSignal.timeout(request.timeout) : null,
    });
    return {
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers),
      data: parseBody(await response.text()),
      config: request,
    };
  };

  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await pacer.turn();
      } catch (error) {
        failed('queue_full');
        throw error;
      }
      let response: AdapterResponse;
      try {
        response = await send(request);
      } catch (error) {
        failed('network');
        throw error;
      }
      if (response.status === 429) failed('rate_limited');
      if (response.status === 429 && attempt < TON_NODE_MAX_ATTEMPTS) {
        pacer.holdFor(backoffMs(response.headers['retry-after'] as string | undefined, attempt));
        continue;
      }
      // As axios settles an answer: its validateStatus decides (by default: 2xx).
      if (!request.validateStatus || request.validateStatus(response.status)) return response;
      if (response.status !== 429) failed('http');
      throw new TonNodeError(`Request failed with status code ${response.status}`, {
        status: response.status,
        data: response.data,
        headers: response.headers as Record<string, string>,
      });
    }
  };
}

/** The process's node client: build it once and hand it to every caller (start.ts). */
export function createTonNodeClient(
  config: Pick<Config, 'tonNodeUrl' | 'tonApiKey' | 'tonApiRps'>,
  options: Pick<TonNodeTransportOptions, 'clock' | 'fetch' | 'onError'> = {},
): TonClient {
  return new TonClient({
    endpoint: config.tonNodeUrl,
    httpAdapter: tonNodeAdapter({ apiKey: config.tonApiKey, rps: config.tonApiRps, ...options }),
  });
}
