import { lazyModal } from '@/shared/ui/lazy-page';
import { $task } from './model/link-proof';

export { linkProofClosed, linkProofOpened } from './model/link-proof';
export { linkProblem, type LinkProblem } from './lib/link-problem';
/** Its code loads when a link task asks for its proof (or at idle), not with the first screen. */
export const TaskLinkModal = lazyModal($task, () => import('./ui/task-link-modal').then((m) => m.TaskLinkModal));
export * as taskLinkProofModel from './model';
