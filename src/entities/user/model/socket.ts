import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { balanceUpdated, collectiveBonusUpdated } from './user';

// Live balances and the collective bonus from the app's socket (SPEC §7).
sample({ clock: appSocket.eventReceived('user:balance'), target: balanceUpdated });
sample({
  clock: appSocket.eventReceived('global:collective_bonus'),
  fn: ({ collective_bonus }) => collective_bonus,
  target: collectiveBonusUpdated,
});
