import { attach, createEvent, createStore, sample } from 'effector';
import { $tasks, nextTaskAction, taskLink, taskUpdated, type TaskAction } from '@/entities/task';
import { inviteClicked } from '@/features/invite-friends';
import { linkProofOpened } from '@/features/task-link-proof';
import { photoProofOpened } from '@/features/task-photo-proof';
import type { Task } from '@/shared/api';
import { callFx } from '@/shared/call';
import { timings } from '@/shared/config';
import { $t } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { openUrlFx } from '@/shared/telegram';
import { showToast } from '@/shared/ui/toast';

/**
 * The task's one button (docs/product.md §4: start → validate → claim), by its status (entities/task
 * nextTaskAction): Start (and what the task asks for, in the same press: a community or visit task
 * opens its link, an invite task the sharing of the referral link, a photo task the add photo modal
 * once started), Check (validates; a photo
 * or link task opens its proof modal instead), Send again after a rejection, Claim. Refusals (409 with
 * the reason) come as the error catalogue's toasts and change nothing.
 */
export const actionPressed = createEvent<number>();
/** "Open link" on a started community or visit task (the user closed it before checking). */
export const linkOpenPressed = createEvent<number>();

/** POST /task/start, /task/validate and /task/claim. */
export const startTaskFx = callFx('taskStart');
export const validateTaskFx = callFx('taskValidate');
export const claimTaskFx = callFx('taskClaim');
// Each by the task's id: the ids in flight are what the busy buttons read.
const byTask = (task_id: number) => ({ body: { task_id } });
const startFx = attach({ effect: startTaskFx, mapParams: byTask });
const checkFx = attach({ effect: validateTaskFx, mapParams: byTask });
const claimFx = attach({ effect: claimTaskFx, mapParams: byTask });
const openLinkFx = attach({ effect: openUrlFx });

/** Tasks with a start, check or claim on the way: their button shows a spinner and takes no press. */
export const $busyTaskIds = createStore<number[]>([])
  .on([startFx, checkFx, claimFx], (ids, id) => [...ids, id])
  .on([startFx.finally, checkFx.finally, claimFx.finally], (ids, { params }) => ids.filter((id) => id !== params));

const findTask = (tasks: Task[], id: number): Task | undefined => tasks.find((task) => task.task_id === id);

const pressed = sample({
  clock: actionPressed,
  source: { tasks: $tasks, busy: $busyTaskIds },
  filter: ({ tasks, busy }, id) => !busy.includes(id) && findTask(tasks, id) !== undefined,
  fn: ({ tasks }, id) => findTask(tasks, id) as Task,
});

const when = (action: TaskAction) => pressed.filter({ fn: (task) => nextTaskAction(task) === action });
const byAction = {
  start: when('start'),
  check: when('check'),
  add_photo: when('add_photo'),
  send_link: when('send_link'),
  claim: when('claim'),
};

const toId = (task: Task) => task.task_id;
sample({ clock: byAction.start, fn: toId, target: startFx });
sample({ clock: byAction.check, fn: toId, target: checkFx });
sample({ clock: byAction.claim, fn: toId, target: claimFx });
sample({ clock: byAction.add_photo, target: photoProofOpened });
sample({ clock: byAction.send_link, target: linkProofOpened });

// Start opens the community chat or the page to visit in the same press (a browser only lets a user
// gesture open a window); the visit's clock starts on the server with the start.
const linkToOpen = (task: Task | undefined) => (task ? taskLink(task) : null);
sample({
  clock: byAction.start,
  filter: (task) => taskLink(task) !== null,
  fn: (task) => taskLink(task) as string,
  target: openLinkFx,
});
sample({
  clock: linkOpenPressed,
  source: $tasks,
  filter: (tasks, id) => linkToOpen(findTask(tasks, id)) !== null,
  fn: (tasks, id) => linkToOpen(findTask(tasks, id)) as string,
  target: openLinkFx,
});

// An invite task is done by inviting: its Start shares the referral link as the referral screen's
// Invite friends does (in the press, where the host lets a dialog open).
sample({
  clock: byAction.start,
  filter: (task) => task.kind === 'referrals',
  fn: () => undefined,
  target: inviteClicked,
});
// A photo task is done by sending a photo: once started, the add photo modal opens for it.
sample({
  clock: startFx.doneData,
  filter: (task): task is Task => task !== null && task.kind === 'photo' && nextTaskAction(task) === 'add_photo',
  target: photoProofOpened,
});

// Every answer is the task as the server now has it. A 5xx resolves to null (its toast is shown).
sample({
  clock: [startFx.doneData, checkFx.doneData, claimFx.doneData],
  filter: (task): task is Task => task !== null,
  target: taskUpdated,
});
sample({
  clock: claimFx.doneData,
  source: $t,
  filter: (_, task) => task !== null && task.status === 'claimed',
  fn: (t, task) => ({
    text: t('tasks.claimed', { amount: formatAmount((task as Task).reward, 'token', t.locale) }),
    kind: 'success' as const,
    durationMs: timings.errorToastMs,
  }),
  target: showToast,
});
