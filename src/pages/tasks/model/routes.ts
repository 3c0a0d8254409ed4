import { sample } from 'effector';
import { or } from 'patronum';
import { chainAuthorized } from '@/entities/session';
import { tasksRequested } from '@/entities/task';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import { linkProofClosed } from '@/features/task-link-proof';
import { photoProofClosed } from '@/features/task-photo-proof';
import { chainLoad, routes } from '@/shared/routing';

/** The tasks screen: for a community member, reading the list as it opens. */
export const tasksRoute = chainLoad(chainCommunityMember(routes.tasks), [tasksRequested]);
export const tasksFarmingRoute = chainAuthorized(routes.tasksFarming);
/** /tasks/sell: the tasks screen (read as it opens) with the Sell modal over it (./sell.ts). */
export const tasksSellRoute = chainLoad(chainCommunityMember(routes.tasksSell), [tasksRequested]);

// docs/product.md §4: when the user data refetches, the list on screen catches up (a review decided meanwhile).
sample({
  clock: userDataRefetched,
  filter: or(tasksRoute.$isOpened, tasksSellRoute.$isOpened),
  target: tasksRequested,
});
// The proof modals belong to this screen: leaving it closes them (the back button, a navbar item).
sample({ clock: tasksRoute.closed, fn: () => undefined, target: [photoProofClosed, linkProofClosed] });
