/**
 * The HTTP transport under the one request effect (./request.ts): `fetch` with a base URL, a query,
 * JSON bodies and answers, a timeout, and no retries. Our own ~40 lines instead of ofetch (its
 * ofetch + ufo + destr were ~5 kB gzip of the entry bundle, README "Bundle").
 */

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface TransportOptions {
  method: string;
  query?: Query;
  /** A plain object or array goes as JSON; a string, FormData, Blob… as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Transport = <T = unknown>(path: string, options: TransportOptions) => Promise<T>;

/** The server answered with a status outside 2xx; `data` is its parsed answer (`{msg}` for ours). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {
    super(`HTTP ${status} ${statusText}`);
    this.name = 'HttpError';
  }
}

/** The call took longer than the transport's timeout and was aborted. */
export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`The request timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** `?a=1&b=x`: undefined is left out; null and '' give the bare key (as ofetch/ufo did). */
function queryString(query: Query | undefined): string {
  const parts = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) =>
      value === null || value === '' ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
    );
  return parts.length ? `?${parts.join('&')}` : '';
}

const isJsonBody = (body: unknown) =>
  body !== null && typeof body === 'object' && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype);

export function createTransport({
  baseURL,
  timeoutMs,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
}: {
  baseURL: string;
  timeoutMs: number;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
}): Transport {
  return async <T,>(path: string, { method, query, body, headers }: TransportOptions): Promise<T> => {
    const json = isJsonBody(body);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs);
    try {
      const response = await fetchImpl(`${baseURL}${path}${queryString(query)}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
        signal: controller.signal,
      });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      let data: unknown = text || undefined;
      if (text && type.includes('json')) {
        try {
          data = JSON.parse(text);
        } catch {
          // Not JSON after all (a proxy's error page): kept as text.
        }
      }
      if (!response.ok) throw new HttpError(response.status, response.statusText, data);
      return data as T;
    } catch (error) {
      // An abort for the timeout surfaces as the abort's reason (or an AbortError in older engines).
      if (controller.signal.aborted && controller.signal.reason instanceof TimeoutError) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
