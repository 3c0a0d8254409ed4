import { attach, createEffect, createEvent, sample, scopeBind } from 'effector';
import { calls } from '@contract/calls';
import type { CallBody, Task, TokenPair } from '@contract';
import { toApiError, type ApiError } from './errors';
import { requestFailed, sendRequest, type Credentials, type RequestOptions, type SendResult } from './request';
import { $accessToken, $refreshToken, tokensReceived } from './session';
// Type only: the transport itself loads on the first upload (below).
import type { UploadProgress } from './xhr-transport';

export type { UploadProgress };

/** A photo proof: the task and the file as base64 (POST /task/validate, docs/product.md §7). */
export type TaskPhotoProof = CallBody<'taskValidate'> & { photo: NonNullable<CallBody<'taskValidate'>['photo']> };

/** The photo upload's progress, as the browser sends the body (XMLHttpRequest upload events). */
export const taskPhotoUploadProgressed = createEvent<UploadProgress>();

/** One upload with the given credentials: a 401 refreshes once and retries once, as every call does. */
export const sendUploadFx = createEffect<{ options: RequestOptions; credentials: Credentials }, SendResult, ApiError>(
  async ({ options, credentials }) => {
    const report = scopeBind(taskPhotoUploadProgressed, { safe: true });
    // Loaded on the first upload: the first screen never needs it.
    const { xhrTransport } = await import('./xhr-transport');
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
 * same ApiFailure as any call's and reach the error catalogue (a 413 shows docs/product.md §8's file-size text);
 * a 5xx resolves to null after its toast, like every call (docs/product.md §8).
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
