import { attach, createEffect } from 'effector';
import { callPath } from '@contract/route';
import { operatorRoutes } from '@contract/console/routes';
import { toApiError, type ApiError } from '@shared/api/errors';
import { defaultTransport } from '@shared/api/transport';
import { $operatorToken } from './token';

/** A photo proof as the console shows it: a blob URL of its bytes (fetched with the bearer), its type and size. */
export interface ProofPhoto {
  url: string;
  type: string;
  size: number;
}

const fetchPhotoFx = createEffect<{ id: number; token: string | null }, ProofPhoto, ApiError>(async ({ id, token }) => {
  try {
    const blob = await defaultTransport<Blob, 'blob'>(callPath(operatorRoutes.reviewPhoto, { id }), {
      method: operatorRoutes.reviewPhoto.method,
      responseType: 'blob',
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
    });
    return { url: URL.createObjectURL(blob), type: blob.type, size: blob.size };
  } catch (error) {
    throw toApiError(error);
  }
});

/** The photo of review `id` (an <img> cannot send the bearer, so the bytes come through a blob URL). */
export const reviewPhotoFx = attach({
  source: $operatorToken,
  effect: fetchPhotoFx,
  mapParams: (id: number, token) => ({ id, token }),
});

/** Frees a photo's blob URL once its review left the screen. */
export const revokePhotoFx = createEffect((url: string) => URL.revokeObjectURL(url));
