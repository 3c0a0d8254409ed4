import { attach, combine, sample } from 'effector';
import { $payingMint, mintPaymentSettled, mintsRequested, mintUpdated, pendingMintsCleared } from '@/entities/mint';
import { userRequested } from '@/entities/user';
import { transactionFailed, transactionSent } from '@/features/send-transaction';
import { cancelMintFx, type Mint } from '@/shared/api';
import { $dashboardOpened, routes } from '@/shared/routing';
import { mainSocket } from './socket';

/*
 * Mints meet the socket and the wallet here: entities may not import features (FSD), so the app
 * wires them.
 */

// SPEC §4: a user:mint push (paid → active, canceled, completed, moved to staking) updates the list.
sample({ clock: mainSocket.eventReceived('user:mint'), target: mintUpdated });

// The wallet signed: the mint stays pending until the chain confirms it (the push above).
sample({ clock: transactionSent, fn: () => undefined, target: mintPaymentSettled });

// SPEC §4: a signing failure clears pending mints. The mint that was being paid is also canceled on
// the server, so it does not linger unpaid until it expires.
const cancelUnpaidFx = attach({ effect: cancelMintFx });
const signingFailed = sample({ clock: transactionFailed, source: $payingMint, fn: (mint) => mint });
sample({ clock: signingFailed.filterMap((mint) => mint?.id), target: cancelUnpaidFx });
sample({ clock: signingFailed, fn: () => undefined, target: pendingMintsCleared });
sample({ clock: cancelUnpaidFx.doneData, filter: (mint): mint is Mint => mint !== null, target: mintUpdated });

// SPEC §4: user data refetches when the tab becomes visible; pushes missed meanwhile (the socket was
// reconnecting, the wallet app was in front) are caught up on the mint screen the same way.
const $mintsOnScreen = combine(routes.mint.$isOpened, $dashboardOpened, (mint, dashboard) => mint || dashboard);
sample({ clock: userRequested, filter: $mintsOnScreen, target: mintsRequested });
