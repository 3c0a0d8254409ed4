import { lazyModal } from '@/shared/ui/lazy-page';
import { $task } from './model/photo-proof';

export { photoProofClosed, photoProofOpened } from './model/photo-proof';
export { photoProblem, type PhotoProblem } from './lib/photo-problem';
/** Its code loads when a photo task asks for its proof (or at idle), not with the first screen. */
export const TaskPhotoModal = lazyModal($task, () => import('./ui/task-photo-modal').then((m) => m.TaskPhotoModal));
export * as taskPhotoProofModel from './model';
