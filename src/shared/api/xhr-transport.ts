import type { $Fetch } from 'ofetch';
import { timings } from '../config';
import { API_BASE } from '@contract/constants';
import { httpError, networkError, timeoutError } from './errors';

/** How much of a request body has gone out. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

interface TransportOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The subset of ofetch that sendRequest uses (path below /api, method, JSON body, headers), over
 * XMLHttpRequest: fetch cannot report how much of a request body has been sent. `progressPath`'s
 * body reports its progress (not a token refresh on the way). Instead of one deadline for the whole
 * request (a 5 MB photo on a slow line takes longer than docs/product.md §9's 25 s), the 25 s count from the last
 * sign of life: a progress event, or the end of the body while the server answers.
 */
export function xhrTransport(progressPath: string, onProgress: (progress: UploadProgress) => void): $Fetch {
  const send = (path: string, options: TransportOptions = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let stall: ReturnType<typeof setTimeout> | undefined;
      const settle = () => clearTimeout(stall);
      const arm = () => {
        settle();
        stall = setTimeout(() => {
          xhr.abort();
          reject(timeoutError());
        }, timings.requestTimeoutMs);
      };
      xhr.open(options.method ?? 'GET', `${API_BASE}${path}`);
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        arm();
        if (path === progressPath && event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.upload.onload = arm;
      xhr.onload = () => {
        settle();
        const data = parseBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data);
        else reject(httpError(xhr.status, xhr.statusText, data));
      };
      xhr.onerror = () => {
        settle();
        reject(networkError());
      };
      xhr.onabort = settle;
      arm();
      xhr.send(options.body === undefined ? null : JSON.stringify(options.body));
    });
  return send as unknown as $Fetch;
}
