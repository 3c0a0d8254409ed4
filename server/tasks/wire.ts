import type { Task, TaskStatus } from '@contract';
import type { Deps } from '../deps';
import type { Tx } from '../events/transaction';
import { formatUnits } from '../lib/money';
import type { TaskRow, UserTaskRow } from './queries';
import { settingsOf } from './settings';

const seconds = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

/** A task with one user's progress on it (no row: new). */
export function toTask(task: TaskRow, progress: UserTaskRow | undefined, communityUrl: string): Task {
  const status: TaskStatus = progress?.status ?? 'new';
  return {
    task_id: task.id,
    kind: task.kind,
    title: { en: task.title_en, ru: task.title_ru },
    description: { en: task.description_en, ru: task.description_ru },
    icon: task.icon,
    reward: formatUnits(task.reward),
    status,
    settings: settingsOf(task.kind, task.settings, communityUrl),
    started_at: seconds(progress?.started_at ?? null),
    validated_at: seconds(progress?.validated_at ?? null),
    claimed_at: seconds(progress?.claimed_at ?? null),
    rejection_reason: progress?.status === 'rejected' ? progress.rejection_reason : null,
    proof_link: progress?.proof_link ?? null,
  };
}

/** The operator's view of a catalogue entry. */
export function toAdminTask(task: TaskRow, communityUrl: string) {
  return {
    id: task.id,
    kind: task.kind,
    title: { en: task.title_en, ru: task.title_ru },
    description: { en: task.description_en, ru: task.description_ru },
    icon: task.icon,
    reward: formatUnits(task.reward),
    settings: settingsOf(task.kind, task.settings, communityUrl),
    is_active: task.is_active,
    sort_order: task.sort_order,
    created_at: Math.floor(task.created_at.getTime() / 1000),
  };
}
export type AdminTask = ReturnType<typeof toAdminTask>;

/** The wire's task for this user, with the community link the config gives. */
export const wireTask = (deps: Pick<Deps, 'config'>, task: TaskRow, progress: UserTaskRow | undefined): Task =>
  toTask(task, progress, deps.config.communityUrl);

/** Tells the user, when the transaction commits, that their task changed; the task as the wire shows it. */
export function publishTask(
  tx: Pick<Tx, 'publishToUser'>,
  deps: Pick<Deps, 'config'>,
  task: TaskRow,
  progress: UserTaskRow,
): Task {
  const data = wireTask(deps, task, progress);
  tx.publishToUser(progress.user_id, { event: 'user:task', data });
  return data;
}
