import { createEvent, sample } from 'effector';
import { formClosed, formOpened, linkCreated } from '@/features/create-farming-link';
import { farmLinkShown } from '@/features/share-farm-link';
import { chainCommunityMember } from '@/entities/user';
import { chainLoad } from '@/shared/routing';
import { tasksFarmingRoute } from './routes';

const opened = createEvent();

/** The create-a-farming-link screen paid from the task balance (docs/product.md §2): its plans load as it opens. */
export const tasksFarmingFormRoute = chainLoad(chainCommunityMember(tasksFarmingRoute), [opened]);

sample({ clock: opened, fn: () => 'task' as const, target: formOpened });
sample({ clock: tasksFarmingFormRoute.closed, target: formClosed });
// The link just made opens in the farm link modal (docs/product.md §2), with its code(s) to copy or share.
sample({ clock: linkCreated, filter: tasksFarmingFormRoute.$isOpened, target: farmLinkShown });
