/**
 * What a photo proof's first bytes say it is. One rule for both ends: the client refuses a file
 * before it previews or uploads it, the server refuses one whose bytes do not match its declared type.
 */
import type { TASK_PHOTO_TYPES } from '../constants';

export type PhotoType = (typeof TASK_PHOTO_TYPES)[number];

/** The most bytes sniffPhotoType reads (a WebP's RIFF header). */
export const PHOTO_SIGNATURE_BYTES = 12;

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0) =>
  bytes.every((byte, i) => data[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The accepted type the bytes begin as; null: none of them (a text, a GIF, a renamed file…). */
export function sniffPhotoType(data: Uint8Array): PhotoType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (data.length >= PHOTO_SIGNATURE_BYTES && startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8))
    return 'image/webp';
  return null;
}
