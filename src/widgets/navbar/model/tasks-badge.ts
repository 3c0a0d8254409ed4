import { createStore, sample } from 'effector';
import { tasksRequested } from '@/entities/task';
import { $communityMember } from '@/entities/user';

/**
 * The Tasks badge (docs/product.md §2) counts the tasks not claimed yet, on every screen: the list is read once
 * the signed-in user is known to be a community member (the server refuses a non-member, and the join
 * modal covers everything then), whether or not the tasks screen is ever opened. From then on the
 * `user:task` pushes and the screen's own reads keep it current.
 */
const $requested = createStore(false);
const memberKnown = sample({
  clock: $communityMember,
  source: $requested,
  filter: (requested, member) => member === true && !requested,
  fn: () => undefined,
});
$requested.on(memberKnown, () => true);
sample({ clock: memberKnown, target: tasksRequested });
