import { createEvent, sample } from 'effector';
import { formClosed, formOpened, linkCreated } from '@/features/create-farming-link';
import { farmLinkShown } from '@/features/share-farm-link';
import { chainCommunityMember } from '@/entities/user';
import { chainLoad } from '@/shared/routing';
import { referralFarmingRoute } from './routes';

const opened = createEvent();

/** The create-a-farming-link screen paid from the referral balance (docs/product.md §2): its plans load as it opens. */
export const referralFarmingFormRoute = chainLoad(chainCommunityMember(referralFarmingRoute), [opened]);

sample({ clock: opened, fn: () => 'referral' as const, target: formOpened });
sample({ clock: referralFarmingFormRoute.closed, target: formClosed });
// The link just made opens in the farm link modal (docs/product.md §2), with its code(s) to copy or share.
sample({ clock: linkCreated, filter: referralFarmingFormRoute.$isOpened, target: farmLinkShown });
