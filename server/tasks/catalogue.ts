/**
 * Tasks, the operator's catalogue (`npm run operator -- tasks …`, /api/admin/tasks): list, create,
 * change (the kind stays), and the sandbox's first-start seed. A kind's settings are checked against
 * its schema (settings.ts); a refusal is a 422 naming the setting.
 */
import type { TaskKind } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { NotFoundError, ValidationError } from '../lib/errors';
import { type TaskPatch, type TaskRow, allTasks, findTask, insertTask, lockCatalogue, updateTask } from './queries';
import { DEFAULT_ICONS, kindSettingsSchemas } from './settings';
import { type AdminTask, toAdminTask } from './wire';

export type { AdminTask } from './wire';

export interface TaskInput {
  kind: TaskKind;
  title: { en: string; ru: string };
  description: { en: string; ru: string };
  icon?: string | undefined;
  /** Base units. */
  reward: bigint;
  /** Checked against the kind (kindSettingsSchemas). */
  settings?: unknown;
  is_active?: boolean | undefined;
  sort_order?: number | undefined;
}

export type TaskChange = Partial<Omit<TaskInput, 'kind'>>;

/** The kind's settings as the operator gave them, checked (422 names the setting). */
function kindSettings(deps: Pick<Deps, 'config'>, kind: TaskKind, input: unknown): Record<string, unknown> {
  const parsed = kindSettingsSchemas[kind].safeParse(input ?? {});
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({
        path: ['settings', ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  }
  const settings: Record<string, unknown> = { ...parsed.data };
  if (kind === 'community' && settings['url'] === undefined) settings['url'] = deps.config.communityUrl;
  return settings;
}

export async function operatorTasks(deps: Pick<Deps, 'db' | 'config'>): Promise<AdminTask[]> {
  return (await allTasks(deps.db)).map((task) => toAdminTask(task, deps.config.communityUrl));
}

async function insertChecked(q: Queryable, deps: Pick<Deps, 'config'>, input: TaskInput): Promise<TaskRow> {
  return insertTask(q, {
    kind: input.kind,
    titleEn: input.title.en,
    titleRu: input.title.ru,
    descriptionEn: input.description.en,
    descriptionRu: input.description.ru,
    icon: input.icon ?? DEFAULT_ICONS[input.kind],
    reward: input.reward,
    settings: kindSettings(deps, input.kind, input.settings),
    isActive: input.is_active ?? true,
    sortOrder: input.sort_order ?? 0,
  });
}

export async function createTask(deps: Pick<Deps, 'db' | 'config'>, input: TaskInput): Promise<AdminTask> {
  return toAdminTask(await insertChecked(deps.db, deps, input), deps.config.communityUrl);
}

/** Changes what is given (texts, icon, reward, settings of the task's kind, active flag, order); the kind stays. */
export async function changeTask(
  deps: Pick<Deps, 'db' | 'config'>,
  id: number,
  change: TaskChange,
): Promise<AdminTask> {
  return deps.db.tx(async (q) => {
    const task = await findTask(q, id);
    if (!task) throw new NotFoundError('taskNotFound');
    const patch: TaskPatch = {
      titleEn: change.title?.en,
      titleRu: change.title?.ru,
      descriptionEn: change.description?.en,
      descriptionRu: change.description?.ru,
      icon: change.icon,
      reward: change.reward,
      settings: change.settings === undefined ? undefined : kindSettings(deps, task.kind, change.settings),
      isActive: change.is_active,
      sortOrder: change.sort_order,
    };
    const updated = await updateTask(q, id, patch);
    if (!updated) throw new NotFoundError('taskNotFound');
    return toAdminTask(updated, deps.config.communityUrl);
  });
}

/** First start of a sandbox: the given tasks, only when the catalogue is empty (true when it seeded). */
export async function seedTasksIfEmpty(deps: Pick<Deps, 'db' | 'config'>, inputs: TaskInput[]): Promise<boolean> {
  return deps.db.tx(async (q) => {
    if ((await lockCatalogue(q)) > 0) return false;
    for (const input of inputs) await insertChecked(q, deps, input);
    return true;
  });
}
