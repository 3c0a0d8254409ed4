import { TASK_ICONS, type AdminTask, type OperatorBody, type TaskIcon } from '@console/shared/api';
import { inLocaleMark, readAmountInput } from '@shared/lib/amount-input';
import type { FormatLocale } from '@shared/lib/format';

export type TaskKind = AdminTask['kind'];
export const TASK_KIND_LIST: readonly TaskKind[] = ['community', 'referrals', 'visit', 'photo', 'link'];

/** The task form's fields, as typed. */
export interface TaskForm {
  kind: TaskKind;
  reward: string;
  titleEn: string;
  titleRu: string;
  descriptionEn: string;
  descriptionRu: string;
  /** One of the app's task icons; '' for the kind's own. */
  icon: TaskIcon | '';
  url: string;
  count: string;
  minSeconds: string;
  payingOnly: boolean;
  allowedHosts: string;
}
export type TaskFormField = keyof TaskForm;

/** What is wrong with a field, by the console catalogue's key. */
export type TaskFormProblem = 'tasks.required' | 'tasks.rewardInvalid' | 'tasks.countInvalid';
export type TaskFormProblems = Partial<Record<TaskFormField, TaskFormProblem>>;

export const EMPTY_TASK_FORM: TaskForm = {
  kind: 'visit',
  reward: '',
  titleEn: '',
  titleRu: '',
  descriptionEn: '',
  descriptionRu: '',
  icon: '',
  url: '',
  count: '',
  minSeconds: '10',
  payingOnly: false,
  allowedHosts: '',
};

/** A name of the app's task icons (contract TASK_ICONS). */
export const isTaskIcon = (name: string | null): name is TaskIcon =>
  name !== null && (TASK_ICONS as readonly string[]).includes(name);

/** An existing task in the form (editing); its reward in the operator's language's decimal mark (read either). */
export const taskToForm = (task: AdminTask, locale: FormatLocale): TaskForm => ({
  kind: task.kind,
  reward: inLocaleMark(task.reward, locale),
  titleEn: task.title.en,
  titleRu: task.title.ru,
  descriptionEn: task.description.en,
  descriptionRu: task.description.ru,
  // An icon the app no longer draws is not offered: the kind's own stands in until another is picked.
  icon: isTaskIcon(task.icon) ? task.icon : '',
  url: task.settings.url ?? '',
  count: task.settings.count === null ? '' : String(task.settings.count),
  minSeconds: task.settings.min_seconds === null ? '10' : String(task.settings.min_seconds),
  payingOnly: task.settings.paying_only,
  allowedHosts: task.settings.allowed_hosts.join(', '),
});

const WHOLE = /^\d{1,9}$/;
const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The rules the server checks (contract createTaskSchema, the kind's settings), before sending. */
export function taskFormProblems(form: TaskForm): TaskFormProblems {
  const problems: TaskFormProblems = {};
  for (const field of ['titleEn', 'titleRu', 'descriptionEn', 'descriptionRu'] as const) {
    if (form[field].trim() === '') problems[field] = 'tasks.required';
  }
  if (readAmountInput(form.reward).kind !== 'amount') problems.reward = 'tasks.rewardInvalid';
  if (form.kind === 'visit' && !isHttpUrl(form.url.trim())) problems.url = 'tasks.required';
  if (form.kind === 'community' && form.url.trim() !== '' && !isHttpUrl(form.url.trim()))
    problems.url = 'tasks.required';
  if (form.kind === 'referrals' && (!WHOLE.test(form.count.trim()) || Number(form.count) < 1)) {
    problems.count = 'tasks.countInvalid';
  }
  if (form.kind === 'visit' && !WHOLE.test(form.minSeconds.trim())) problems.minSeconds = 'tasks.countInvalid';
  return problems;
}

/** The kind's settings as the server takes them (only the kind's own keys: it refuses others). */
function settingsOf(form: TaskForm): Record<string, unknown> {
  switch (form.kind) {
    case 'community':
      return form.url.trim() ? { url: form.url.trim() } : {};
    case 'referrals':
      return { count: Number(form.count), paying_only: form.payingOnly };
    case 'visit':
      return { url: form.url.trim(), min_seconds: Number(form.minSeconds) };
    case 'link':
      return {
        allowed_hosts: form.allowedHosts
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      };
    case 'photo':
      return {};
  }
}

/** The form as taskCreate's body (valid forms only). */
export function taskFormBody(form: TaskForm): OperatorBody<'taskCreate'> {
  const reward = readAmountInput(form.reward);
  return {
    kind: form.kind,
    title: { en: form.titleEn.trim(), ru: form.titleRu.trim() },
    description: { en: form.descriptionEn.trim(), ru: form.descriptionRu.trim() },
    ...(form.icon ? { icon: form.icon } : {}),
    reward: reward.kind === 'amount' ? reward.amount : form.reward,
    settings: settingsOf(form),
  };
}

/** The form as taskChange's body: everything but the kind (a task keeps its kind). */
export function taskChangeBody(form: TaskForm): OperatorBody<'taskChange'> {
  const { kind: _kind, ...change } = taskFormBody(form);
  return change;
}

/** The catalogue in its order (sort_order, then id). */
export const byOrder = (tasks: AdminTask[]): AdminTask[] =>
  [...tasks].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
