import { createEffect, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { type AdminTask } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { $consoleLocale } from '@console/shared/i18n';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';
import {
  byOrder,
  EMPTY_TASK_FORM,
  taskChangeBody,
  taskFormBody,
  taskFormProblems,
  taskToForm,
  type TaskForm,
  type TaskFormField,
} from '../lib/task-form';

export const tasksListFx = operatorCallFx('tasksList');
export const taskCreateFx = operatorCallFx('taskCreate');
export const taskChangeFx = operatorCallFx('taskChange');

const upsert = (list: AdminTask[], task: AdminTask) =>
  byOrder(
    list.some((known) => known.id === task.id)
      ? list.map((known) => (known.id === task.id ? task : known))
      : [...list, task],
  );

export const tasks = createQuery({
  effect: tasksListFx,
  initial: [] as AdminTask[],
  reduce: (answer) => byOrder(answer),
});

export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.tasks), pageOpened);
sample({ clock: pageOpened, target: tasks.start });

// ---- the form (add, edit) ------------------------------------------------------------------------------
/** null: a new task; a task: editing it. */
export const formOpened = createEvent<AdminTask | null>();
export const formClosed = createEvent();
export const fieldChanged = createEvent<{ field: TaskFormField; value: string | boolean }>();
export const formSubmitted = createEvent();

/** The task being edited (null for a new one); the form is open while $formOpen. */
export const $editing = createStore<AdminTask | null>(null, { serialize: 'ignore' });
export const $formOpen = createStore(false);
export const $form = createStore<TaskForm>(EMPTY_TASK_FORM);
/** Submit was pressed: the problems show from then on. */
export const $submitted = createStore(false);
export const $problems = $form.map(taskFormProblems);

$editing.on(formOpened, (_, task) => task);
$formOpen.on(formOpened, () => true);
$form.on(fieldChanged, (form, { field, value }) => ({ ...form, [field]: value }));
sample({
  clock: formOpened,
  source: $consoleLocale,
  fn: (locale, task) => (task ? taskToForm(task, locale) : EMPTY_TASK_FORM),
  target: $form,
});
$submitted.on(formSubmitted, () => true).reset(formOpened);

/** Creates the task, or changes the one being edited. */
const saveFx = createEffect(({ form, editing }: { form: TaskForm; editing: AdminTask | null }) =>
  editing
    ? taskChangeFx({ params: { id: editing.id }, body: taskChangeBody(form) })
    : taskCreateFx({ body: taskFormBody(form) }),
);
export const $saving = saveFx.pending;

sample({
  clock: formSubmitted,
  source: { form: $form, editing: $editing, problems: $problems, saving: $saving },
  filter: ({ problems, saving }) => !saving && Object.keys(problems).length === 0,
  fn: ({ form, editing }) => ({ form, editing }),
  target: saveFx,
});
tasks.$data.on(saveFx.doneData, upsert);
$formOpen.on(saveFx.done, () => false).reset(formClosed);
$editing.reset(formClosed, saveFx.done);

// ---- on/off (confirmed) and order ----------------------------------------------------------------------
export const toggleAction = createConfirmedAction({
  effect: taskChangeFx,
  toParams: (task: AdminTask) => ({ params: { id: task.id }, body: { is_active: !task.is_active } }),
});
tasks.$data.on(toggleAction.done, (list, { result }) => upsert(list, result));

/** Move a task one place up (-1) or down (+1): it swaps its order with its neighbour's. */
export const moveClicked = createEvent<{ id: number; by: -1 | 1 }>();
const swapFx = createEffect(async ({ a, b }: { a: AdminTask; b: AdminTask }) => {
  // Distinct places even when both had the same order.
  const [aOrder, bOrder] =
    a.sort_order === b.sort_order
      ? [b.sort_order + (a.id < b.id ? 1 : -1), a.sort_order]
      : [b.sort_order, a.sort_order];
  return Promise.all([
    taskChangeFx({ params: { id: a.id }, body: { sort_order: aOrder } }),
    taskChangeFx({ params: { id: b.id }, body: { sort_order: bOrder } }),
  ]);
});
export const $moving = swapFx.pending;
sample({
  clock: moveClicked,
  source: { list: tasks.$data, moving: $moving },
  filter: ({ list, moving }, { id, by }) => {
    const index = list.findIndex((task) => task.id === id);
    return !moving && index >= 0 && list[index + by] !== undefined;
  },
  fn: ({ list }, { id, by }) => {
    const index = list.findIndex((task) => task.id === id);
    return { a: list[index] as AdminTask, b: list[index + by] as AdminTask };
  },
  target: swapFx,
});
tasks.$data.on(swapFx.doneData, (list, changed) => changed.reduce(upsert, list));
