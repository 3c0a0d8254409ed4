import { sample } from 'effector';
import { mintsRequested } from '@/entities/mint';
import { stakesRequested } from '@/entities/stake';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';

/** The staking screen: the user's stakes, loaded as it opens. */
export const stakingRoute = chainLoad(chainCommunityMember(routes.staking), stakesRequested);
/** Pick a mint to stake: the user's mints (the active ones are offered), loaded as it opens. */
export const selectMintRoute = chainLoad(chainCommunityMember(routes.selectMint), mintsRequested);

// docs/product.md §4: when the user data refetches, the list on screen catches up on pushes missed meanwhile.
sample({ clock: userDataRefetched, filter: stakingRoute.$isOpened, target: stakesRequested });
sample({ clock: userDataRefetched, filter: selectMintRoute.$isOpened, target: mintsRequested });
