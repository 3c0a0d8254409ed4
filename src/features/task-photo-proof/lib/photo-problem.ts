import { TASK_PHOTO_DEFAULT_MAX_BYTES, type PhotoType } from '@/shared/api';

/** Why a chosen file cannot be sent: not a JPEG/PNG/WebP by its bytes, or bigger than the server takes (413). */
export type PhotoProblem = 'type' | 'size';

/**
 * Checked before anything is previewed or uploaded: the type by what the file's first bytes say
 * (`sniffed`, shared/api sniffPhotoType; a renamed text file is no photo whatever its name), so a
 * file the server would refuse is refused here, inline; a too big photo never leaves the device.
 */
export function photoProblem(
  file: Pick<Blob, 'size'>,
  sniffed: PhotoType | null,
  maxBytes = TASK_PHOTO_DEFAULT_MAX_BYTES,
): PhotoProblem | null {
  if (sniffed === null) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}
