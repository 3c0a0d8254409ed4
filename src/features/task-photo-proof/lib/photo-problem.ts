import { TASK_PHOTO_DEFAULT_MAX_BYTES, TASK_PHOTO_TYPES } from '@/shared/api';

export type PhotoType = (typeof TASK_PHOTO_TYPES)[number];

/** Why a chosen file cannot be sent: not a JPEG/PNG/WebP, or bigger than the server takes (413). */
export type PhotoProblem = 'type' | 'size';

export const isPhotoType = (type: string): type is PhotoType => (TASK_PHOTO_TYPES as readonly string[]).includes(type);

/** Checked before anything is uploaded, so a too big photo never leaves the device. */
export function photoProblem(
  file: Pick<Blob, 'type' | 'size'>,
  maxBytes = TASK_PHOTO_DEFAULT_MAX_BYTES,
): PhotoProblem | null {
  if (!isPhotoType(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}
