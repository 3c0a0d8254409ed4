import { attach, combine, createEvent, createStore, sample } from 'effector';
import { onProofSent } from '@/entities/task';
import type { CallBody, Task } from '@/shared/api';
import { callFx } from '@/shared/call';
import { cleanLink, linkProblem } from '../lib/link-problem';

/**
 * The link verification modal (docs/product.md §2 'link verification'): a link task's proof. The pasted link is
 * checked as it is typed (a whole http(s) link, not too long, to a host the task allows), the problem
 * said in a sentence; Send hands it to the server and the task waits for review.
 */
export const linkProofOpened = createEvent<Task>();
export const linkProofClosed = createEvent();
export const linkChanged = createEvent<string>();
export const linkSubmitted = createEvent();

/** The task the modal is for; null while it is closed. */
export const $task = createStore<Task | null>(null)
  .on(linkProofOpened, (_, task) => task)
  .reset(linkProofClosed);
export const $link = createStore('')
  .on(linkChanged, (_, text) => text)
  .reset(linkProofOpened, linkProofClosed);

const $allowedHosts = $task.map((task) => task?.settings.allowed_hosts ?? []);
export const $problem = combine($link, $allowedHosts, linkProblem);

/** POST /task/validate with the link. */
export const sendLinkFx = callFx('taskValidate');
// Asked by the body itself: what was sent says which task's modal the answer closes.
const sendFx = attach({ effect: sendLinkFx, mapParams: (body: CallBody<'taskValidate'>) => ({ body }) });
export const $isSending = sendFx.pending;

export const $canSend = combine(
  { task: $task, link: $link, problem: $problem, sending: $isSending },
  ({ task, link, problem, sending }) => task !== null && cleanLink(link) !== '' && problem === null && !sending,
);

sample({
  clock: linkSubmitted,
  source: { task: $task, link: $link, canSend: $canSend },
  filter: ({ canSend }) => canSend,
  fn: ({ task, link }) => ({ task_id: (task as Task).task_id, link: cleanLink(link) }),
  target: sendFx,
});

// A refusal (422 with the host rule) is the catalogue's toast; a taken proof closes the modal.
onProofSent({ done: sendFx.done, $task, close: linkProofClosed, toast: 'tasks.linkSent' });
