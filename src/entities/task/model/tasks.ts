import { attach, createEvent, createStore, sample } from 'effector';
import { not } from 'patronum';
import { getTasksFx, type Task } from '@/shared/api';
import { unclaimedCount } from '../lib/task-rules';

/** The active tasks with this user's progress on each (GET /task/list), in the server's order. */
export const $tasks = createStore<Task[]>([]);
/** Read the list (the tasks screen opens, the user data refetches, the badge after sign-in, Try again). */
export const tasksRequested = createEvent();
/** A task as the server now has it (an answer to start/validate/claim, a `user:task` push). */
export const taskUpdated = createEvent<Task>();

const loadTasksFx = attach({ effect: getTasksFx });
export const $tasksLoading = loadTasksFx.pending;
/** A read has succeeded: an empty list now means "no tasks", not "not read yet". */
export const $tasksLoaded = createStore(false);
/** The last read failed (network, 4xx). With nothing shown yet, the screen offers Try again. */
export const $tasksLoadFailed = createStore(false);
/** SPEC §2: the navbar's Tasks badge, the tasks not claimed yet. */
export const $unclaimedCount = $tasks.map(unclaimedCount);

// A read already under way answers for both (the badge's read and the screen's at launch).
sample({ clock: tasksRequested, filter: not($tasksLoading), target: loadTasksFx });

$tasks
  .on(loadTasksFx.doneData, (_, tasks) => tasks)
  .on(taskUpdated, (tasks, task) =>
    tasks.some((known) => known.task_id === task.task_id)
      ? tasks.map((known) => (known.task_id === task.task_id ? task : known))
      : [...tasks, task],
  );
$tasksLoaded.on(loadTasksFx.done, () => true);
$tasksLoadFailed.on(loadTasksFx.done, () => false).on(loadTasksFx.fail, () => true);
