/**
 * photo: the proof is a JPEG, PNG or WebP file, base64 in the request. Its size is checked before it
 * is decoded (larger than the setting → 413), and its type by its first bytes, which must match the
 * declared content type (else 422).
 */
import { sniffPhotoType, type PhotoType } from '@contract/tasks/photo-type';
import { PayloadTooLargeError, ValidationError, fieldError } from '../../lib/errors';

/** docs/product.md §8's text for a 413 (the client shows its own translation of it for any 413). */
export const PHOTO_TOO_LARGE_MSG = 'Error: File size is too large! Upload a smaller file.';

/** Bytes a base64 text decodes to (the contract's schema has already checked its alphabet). */
export const decodedLength = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);

export function readPhoto(
  photo: { content_type: PhotoType; data: string },
  maxBytes: number,
): { contentType: PhotoType; data: Buffer } {
  if (decodedLength(photo.data) > maxBytes)
    throw new PayloadTooLargeError({ code: 'payloadTooLarge', msg: PHOTO_TOO_LARGE_MSG });
  const data = Buffer.from(photo.data, 'base64');
  if (data.length > maxBytes) throw new PayloadTooLargeError({ code: 'payloadTooLarge', msg: PHOTO_TOO_LARGE_MSG });
  if (sniffPhotoType(data) !== photo.content_type) {
    throw new ValidationError([fieldError('photo', 'taskPhotoType')]);
  }
  return { contentType: photo.content_type, data };
}
