import type { TASK_KINDS, TaskIcon } from '@contract/constants';
import type { IconName } from '../icon';

type TaskKind = (typeof TASK_KINDS)[number];

/**
 * How the app draws each task icon an operator may name (contract TASK_ICONS): the Mini App's task list
 * and the console's icon picker show the same picture for a name.
 */
export const TASK_ICON_GLYPHS = {
  community: 'community',
  friends: 'referral',
  visit: 'external',
  link: 'link',
  photo: 'camera',
  gift: 'gift',
  coins: 'coins',
  rocket: 'rocket',
} as const satisfies Record<TaskIcon, IconName>;

/** A kind's own picture, for a task whose icon is none the app draws. */
const KIND_GLYPHS = {
  community: 'community',
  referrals: 'referral',
  visit: 'external',
  photo: 'camera',
  link: 'link',
} as const satisfies Record<TaskKind, IconName>;

/** The picture of a task: its icon's, else its kind's. */
export function taskIconGlyph(icon: string | null, kind: TaskKind): IconName {
  if (icon !== null && Object.hasOwn(TASK_ICON_GLYPHS, icon)) return TASK_ICON_GLYPHS[icon as TaskIcon];
  return KIND_GLYPHS[kind] ?? 'tasks';
}
