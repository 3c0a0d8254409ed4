import { attach, createEffect, createEvent, sample, scopeBind } from 'effector';
import type { $Fetch } from 'ofetch';
import { timings } from '../config';
import { calls } from './contract/calls';
import { API_BASE } from './contract/constants';
import type { CallBody, Task, TokenPair } from './contract';
import { httpError, networkError, timeoutError, toApiError, type ApiError } from './errors';
import { requestFailed, sendRequest, type Credentials, type RequestOptions, type SendResult } from './request';
import { $accessToken, $refreshToken, tokensReceived } from './session';

/** How much of a request body has gone out. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** A photo proof: the task and the file as base64 (POST /task/validate, SPEC §7). */
export type TaskPhotoProof = CallBody<'taskValidate'> & { photo: NonNullable<CallBody<'taskValidate'>['photo']> };

/** The photo upload's progress, as the browser sends the body (XMLHttpRequest upload events). */
export const taskPhotoUploadProgressed = createEvent<UploadProgress>();

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
 * request (a 5 MB photo on a slow line takes longer than SPEC §9's 25 s), the 25 s count from the last
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

/** One upload with the given credentials: a 401 refreshes once and retries once, as every call does. */
export const sendUploadFx = createEffect<{ options: RequestOptions; credentials: Credentials }, SendResult, ApiError>(
  ({ options, credentials }) => {
    const report = scopeBind(taskPhotoUploadProgressed, { safe: true });
    return sendRequest(options, credentials, xhrTransport(options.path, report));
  },
);

const uploadWithCredentialsFx = attach({
  source: { access: $accessToken, refresh: $refreshToken },
  effect: sendUploadFx,
  mapParams: (options: RequestOptions, credentials) => ({ options, credentials }),
});

/**
 * POST /task/validate with a photo, reporting progress (taskPhotoUploadProgressed). Failures are the
 * same ApiFailure as any call's and reach the error catalogue (a 413 shows SPEC §8's file-size text);
 * a 5xx resolves to null after its toast, like every call (SPEC §8).
 */
export const validateTaskPhotoFx = createEffect<TaskPhotoProof, Task | null, ApiError>(async (body) => {
  try {
    const { data } = await uploadWithCredentialsFx({
      method: calls.taskValidate.method,
      path: calls.taskValidate.path,
      body,
    });
    return data as Task;
  } catch (error) {
    const failure = toApiError(error);
    if (failure.kind === 'http' && failure.status >= 500) return null;
    throw failure;
  }
});

sample({ clock: uploadWithCredentialsFx.failData, fn: (error) => toApiError(error), target: requestFailed });
sample({
  clock: [
    uploadWithCredentialsFx.doneData.map((result) => result.refreshed),
    uploadWithCredentialsFx.failData.map((error) => toApiError(error).refreshed ?? null),
  ],
  filter: (pair): pair is TokenPair => pair !== null,
  target: tokensReceived,
});
