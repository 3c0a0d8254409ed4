import { sample } from 'effector';
import { mintsRequested, plansRequested } from '@/entities/mint';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';

/** The mint screen: for a signed-in user, loading the plans and the user's mints as it opens. */
export const mintRoute = chainLoad(chainCommunityMember(routes.mint), [plansRequested, mintsRequested]);

// docs/product.md §4: when the user data refetches, the mints on screen catch up on pushes missed meanwhile.
sample({ clock: userDataRefetched, filter: mintRoute.$isOpened, target: mintsRequested });
