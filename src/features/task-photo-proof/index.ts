import { lazyModal } from '@/shared/ui/lazy-page';
import { $task } from './model/modal';

export { photoProofClosed, photoProofOpened } from './model/modal';
export { photoProblem, type PhotoProblem } from './lib/photo-problem';
/** Its code loads when a photo task asks for its proof (or at idle), not with the first screen. */
export const TaskPhotoModal = lazyModal($task, () => import('./ui/task-photo-modal').then((m) => m.TaskPhotoModal));
export * as taskPhotoProofModel from './model';
