import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { transactionFailed } from '@/shared/ton-connect';
import { pendingStakesCleared, stakeUpdated } from './stake';

// A created, re-rated or completed stake arrives whole on the app's socket (docs/product.md §7).
sample({ clock: appSocket.eventReceived('user:staking'), target: stakeUpdated });

// docs/product.md §4: a signing failure clears pending mints and stakes.
sample({ clock: transactionFailed, fn: () => undefined, target: pendingStakesCleared });
