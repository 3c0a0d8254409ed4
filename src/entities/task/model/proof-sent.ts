import { type Event, type EventCallable, type Store, sample } from 'effector';
import type { Task } from '@/shared/api';
import { timings } from '@/shared/config';
import { $t, type MessageKey } from '@/shared/i18n';
import { showToast } from '@/shared/ui/toast';
import { taskUpdated } from './tasks';

/**
 * What follows a proof the server took (a link or a photo task): the answer is the task, now in
 * review — it replaces the listed one, the modal still open for that task closes, and a toast says
 * so. A 5xx resolves to null (its toast is already shown): nothing happens and the modal stays.
 */
export function onProofSent(config: {
  /** The sending effect's `done`. */
  done: Event<{ params: { task_id: number }; result: Task | null }>;
  /** The task the modal is open for (null: closed). */
  $task: Store<Task | null>;
  close: EventCallable<void>;
  toast: MessageKey;
}): void {
  const sent = config.done.filterMap(({ params, result }) =>
    result ? { task: result, taskId: params.task_id } : undefined,
  );
  sample({ clock: sent, fn: ({ task }) => task, target: taskUpdated });
  sample({
    clock: sent,
    source: config.$task,
    filter: (task, { taskId }) => task?.task_id === taskId,
    fn: () => undefined,
    target: config.close,
  });
  sample({
    clock: sent,
    source: $t,
    fn: (t) => ({
      text: (t as unknown as (key: MessageKey) => string)(config.toast),
      kind: 'success' as const,
      durationMs: timings.errorToastMs,
    }),
    target: showToast,
  });
}
