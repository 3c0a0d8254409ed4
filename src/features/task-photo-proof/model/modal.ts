import { createEvent, createStore } from 'effector';
import type { Task } from '@/shared/api';

/*
 * Which task the add photo modal is for: all of the modal's model the first screen needs (the tasks
 * page opens and closes it). The rest (the photo's checks, preview and upload, ./photo-proof.ts) is
 * created with the modal's code, out of the entry bundle.
 */
export const photoProofOpened = createEvent<Task>();
export const photoProofClosed = createEvent();

/** The task the modal is for; null while it is closed. */
export const $task = createStore<Task | null>(null)
  .on(photoProofOpened, (_, task) => task)
  .reset(photoProofClosed);
