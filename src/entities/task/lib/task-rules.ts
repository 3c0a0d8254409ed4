import type { Task } from '@/shared/api';
import { appConfig } from '@/shared/config';
import type { Locale } from '@/shared/i18n';

/**
 * What the user can do next with a task (docs/product.md §4: start, then validate, then claim):
 * - new → start (community and visit tasks also open their link);
 * - started → check: community, referrals and visit are validated at once; a photo task asks for a
 *   photo (the add photo modal), a link task for a link (the link verification modal);
 * - pending_review → nothing: the operator reviews the proof;
 * - rejected → send a new proof (the same modal again);
 * - validated → claim; claimed → done.
 */
export type TaskAction = 'start' | 'check' | 'add_photo' | 'send_link' | 'in_review' | 'claim' | 'done';

export function nextTaskAction(task: Pick<Task, 'kind' | 'status'>): TaskAction {
  switch (task.status) {
    case 'new':
      return 'start';
    case 'started':
    case 'rejected':
      if (task.kind === 'photo') return 'add_photo';
      if (task.kind === 'link') return 'send_link';
      return 'check';
    case 'pending_review':
      return 'in_review';
    case 'validated':
      return 'claim';
    case 'claimed':
      return 'done';
  }
}

/** The page a task sends the user to: the visit task's link, the community's chat; null for the others. */
export function taskLink(task: Pick<Task, 'kind' | 'settings'>): string | null {
  if (task.kind === 'visit') return task.settings.url;
  if (task.kind === 'community') return task.settings.url ?? appConfig.communityUrl;
  return null;
}

/** The docs/product.md §2 badge counts the tasks whose status is not claimed. */
export const unclaimedCount = (tasks: ReadonlyArray<Pick<Task, 'status'>>): number =>
  tasks.filter((task) => task.status !== 'claimed').length;

/** An operator-written text in the user's language (English when the Russian one is missing). */
export const taskText = (text: Task['title'], locale: Locale): string =>
  locale === 'ru' && text.ru ? text.ru : text.en;
