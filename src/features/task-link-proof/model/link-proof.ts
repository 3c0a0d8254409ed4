import { attach, combine, createEvent, createStore, sample } from 'effector';
import { taskUpdated } from '@/entities/task';
import { validateTaskFx, type Task } from '@/shared/api';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { showToast } from '@/shared/ui/toast';
import { cleanLink, linkProblem } from '../lib/link-problem';

/**
 * The link verification modal (SPEC §2 'link verification'): a link task's proof. The pasted link is
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
export const $link = createStore('').on(linkChanged, (_, text) => text).reset(linkProofOpened, linkProofClosed);

const $allowedHosts = $task.map((task) => task?.settings.allowed_hosts ?? []);
export const $problem = combine($link, $allowedHosts, linkProblem);

const sendFx = attach({ effect: validateTaskFx });
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

// The answer is the task, now in review. A refusal (422 with the host rule) is the catalogue's toast;
// a 5xx resolves to null: the modal stays to try again.
const sent = sendFx.done.filterMap(({ params, result }) => (result ? { task: result, taskId: params.task_id } : undefined));
sample({ clock: sent, fn: ({ task }) => task, target: taskUpdated });
sample({
  clock: sent,
  source: $task,
  filter: (task, { taskId }) => task?.task_id === taskId,
  fn: () => undefined,
  target: linkProofClosed,
});
sample({
  clock: sent,
  source: $t,
  fn: (t) => ({ text: t('tasks.linkSent'), kind: 'success' as const, durationMs: timings.errorToastMs }),
  target: showToast,
});
