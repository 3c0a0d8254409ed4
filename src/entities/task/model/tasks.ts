import { createEvent, sample } from 'effector';
import { not } from 'patronum';
import type { Task } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createQuery } from '@/shared/lib/query';
import { unclaimedCount } from '../lib/task-rules';

/** GET /task/list. */
export const readTasksFx = callFx('taskList', 'array');
const tasks = createQuery({ effect: readTasksFx, initial: [] as Task[] });
/** The active tasks with this user's progress on each (GET /task/list), in the server's order. */
export const $tasks = tasks.$data;
/** Read the list (the tasks screen opens, the user data refetches, the badge after sign-in, Try again). */
export const tasksRequested = createEvent();
/** A task as the server now has it (an answer to start/validate/claim, a `user:task` push). */
export const taskUpdated = createEvent<Task>();

export const $tasksLoading = tasks.$pending;
/** A read has succeeded: an empty list now means "no tasks", not "not read yet". */
export const $tasksLoaded = tasks.$loaded;
/** The last read failed (network, 4xx). With nothing shown yet, the screen offers Try again. */
export const $tasksLoadFailed = tasks.$failed;
/** docs/product.md §2: the navbar's Tasks badge, the tasks not claimed yet. */
export const $unclaimedCount = $tasks.map(unclaimedCount);

// A read already under way answers for both (the badge's read and the screen's at launch).
sample({ clock: tasksRequested, filter: not($tasksLoading), target: tasks.start });

$tasks.on(taskUpdated, (list, task) =>
  list.some((known) => known.task_id === task.task_id)
    ? list.map((known) => (known.task_id === task.task_id ? task : known))
    : [...list, task],
);
