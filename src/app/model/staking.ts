import { combine, sample } from 'effector';
import { pendingStakesCleared, stakesRequested, stakeUpdated } from '@/entities/stake';
import { userRequested } from '@/entities/user';
import { transactionFailed } from '@/features/send-transaction';
import { $dashboardOpened, routes } from '@/shared/routing';
import { mainSocket } from './socket';

/* Stakes meet the socket and the wallet here: entities may not import features (FSD). */

// A created, re-rated or completed stake arrives whole on the main socket (SPEC §7).
sample({ clock: mainSocket.eventReceived('user:staking'), target: stakeUpdated });

// SPEC §4: a signing failure clears pending mints and stakes.
sample({ clock: transactionFailed, fn: () => undefined, target: pendingStakesCleared });

// SPEC §4: user data refetches when the tab becomes visible; pushes missed meanwhile are caught up
// on the staking screen and the dashboard the same way.
const $stakesOnScreen = combine(routes.staking.$isOpened, $dashboardOpened, (staking, dashboard) => staking || dashboard);
sample({ clock: userRequested, filter: $stakesOnScreen, target: stakesRequested });
