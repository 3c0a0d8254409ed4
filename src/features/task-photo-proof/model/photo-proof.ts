import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import { or } from 'patronum';
import { onProofSent } from '@/entities/task';
import { taskPhotoUploadProgressed, validateTaskPhotoFx, type PhotoType, type Task } from '@/shared/api';
import { readBase64Fx } from '@/shared/lib/file';
import { photoProblem, type PhotoProblem } from '../lib/photo-problem';
import { $task, photoProofClosed, photoProofOpened } from './modal';

/**
 * The add photo modal (docs/product.md §2 'add photo'): a photo task's proof. Created with the modal's code (a lazy
 * chunk): only which task it is for (./modal.ts) is in the entry. The user takes or picks a photo,
 * sees it, and sends it; the file's type (by its first bytes) and size are checked first, before any
 * preview (a non-image is refused inline; a too big one gets docs/product.md §8's 413 text and is never uploaded); the upload shows its real progress; the task then waits for review.
 */
export const photoChosen = createEvent<File>();
export const photoSubmitted = createEvent();
export { $task, photoProofClosed, photoProofOpened };

/** The photo to send (one that passed the checks) and its type by its bytes; null before one is chosen. */
export const $photo = createStore<{ file: File; type: PhotoType } | null>(null, { serialize: 'ignore' });
/** Why the chosen file cannot be sent, or why the server refused its size (413). */
export const $problem = createStore<PhotoProblem | null>(null);

// ---- the preview: an object URL, revoked when replaced or when the modal closes ------------------

/** Swaps the preview: frees the old object URL, makes one for the new file (null: none). */
export const replacePreviewFx = createEffect(({ old, file }: { old: string | null; file: File | null }) => {
  if (old) URL.revokeObjectURL(old);
  return file ? URL.createObjectURL(file) : null;
});
export const $previewUrl = createStore<string | null>(null, { serialize: 'ignore' }).on(
  replacePreviewFx.doneData,
  (_, url) => url,
);

/** Reads only the file's first bytes: what they say it is (a name or a declared type can lie). */
export const sniffFileFx = createEffect(async (file: File) => {
  const { PHOTO_SIGNATURE_BYTES, sniffPhotoType } = await import('@/shared/lib/photo-type');
  return { file, type: sniffPhotoType(new Uint8Array(await file.slice(0, PHOTO_SIGNATURE_BYTES).arrayBuffer())) };
});
sample({ clock: photoChosen, target: sniffFileFx });
// A file that cannot be read is no photo to send either.
const unreadable = sample({ clock: sniffFileFx.fail, fn: ({ params }) => ({ file: params, type: null }) });

const checked = sample({
  clock: [sniffFileFx.doneData, unreadable],
  fn: ({ file, type }) => ({ file, type, problem: photoProblem(file, type) }),
});
$problem.on(checked, (_, { problem }) => problem).reset(photoProofOpened, photoProofClosed);
$photo
  .on(checked, (_, { file, type, problem }) => (problem || type === null ? null : { file, type }))
  .reset(photoProofOpened, photoProofClosed);
sample({
  clock: checked,
  source: $previewUrl,
  fn: (old, { file, problem }) => ({ old, file: problem ? null : file }),
  target: replacePreviewFx,
});
sample({
  clock: [photoProofOpened, photoProofClosed],
  source: $previewUrl,
  filter: Boolean,
  fn: (old) => ({ old, file: null }),
  target: replacePreviewFx,
});

// ---- sending ---------------------------------------------------------------------------------------

const readPhotoFx = attach({ effect: readBase64Fx });
const uploadFx = attach({ effect: validateTaskPhotoFx });

export const $isSending = or(readPhotoFx.pending, uploadFx.pending);
const $isChecking = sniffFileFx.pending;
/** How much of the photo has gone out, 0–100, while it uploads; null otherwise. */
export const $progress = createStore<number | null>(null)
  .on(readPhotoFx, () => 0)
  .on(taskPhotoUploadProgressed, (percent, { loaded, total }) =>
    percent === null || total <= 0 ? percent : Math.min(100, (loaded / total) * 100),
  )
  .reset(uploadFx.finally, readPhotoFx.fail, photoProofClosed);

export const $canSend = combine(
  { task: $task, photo: $photo, problem: $problem, sending: $isSending, checking: $isChecking },
  ({ task, photo, problem, sending, checking }) =>
    task !== null && photo !== null && problem === null && !sending && !checking,
);

const sendStarted = sample({
  clock: photoSubmitted,
  source: { photo: $photo, task: $task, canSend: $canSend },
  filter: ({ canSend }) => canSend,
  fn: ({ photo, task }) => ({ photo: photo as { file: File; type: PhotoType }, taskId: (task as Task).task_id }),
});
/** The photo on its way and the task it proves (the modal may meanwhile close or open for another). */
const $sending = createStore<{ photo: { file: File; type: PhotoType }; taskId: number } | null>(null, {
  serialize: 'ignore',
})
  .on(sendStarted, (_, sending) => sending)
  .reset(uploadFx.finally, readPhotoFx.fail);
sample({ clock: sendStarted, fn: ({ photo }) => photo.file, target: readPhotoFx });
sample({
  clock: readPhotoFx.doneData,
  source: $sending,
  filter: Boolean,
  fn: ({ photo, taskId }, data) => ({
    task_id: taskId,
    photo: { content_type: photo.type, data },
  }),
  target: uploadFx,
});

onProofSent({ done: uploadFx.done, $task, close: photoProofClosed, toast: 'tasks.photoSent' });

// The server takes less than the default (its setting is lower): its 413 is said in the modal too.
$problem.on(uploadFx.failData.filter({ fn: (error) => error.status === 413 }), () => 'size');
