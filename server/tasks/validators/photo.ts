/**
 * photo: the proof is a JPEG, PNG or WebP file, base64 in the request. Its size is checked before it
 * is decoded (larger than the setting → 413), and its type by its first bytes, which must match the
 * declared content type (else 422).
 */
import type { TaskValidateBody } from '@/shared/api/contract';
import { PayloadTooLargeError, ValidationError, fieldError } from '../../lib/errors';

export type PhotoType = NonNullable<TaskValidateBody['photo']>['content_type'];

/** SPEC §8's text for a 413 (the client shows its own translation of it for any 413). */
export const PHOTO_TOO_LARGE_MSG = 'Error: File size is too large! Upload a smaller file.';

const startsWith = (data: Buffer, bytes: readonly number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** What the file's first bytes say it is (null: none of the accepted types). */
export function sniffPhotoType(data: Buffer): PhotoType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (data.length >= 12 && startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

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
