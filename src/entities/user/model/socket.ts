import { sample } from 'effector';
import { appSocket } from '@/shared/api';
import { balanceUpdated, collectiveBonusUpdated } from './user';

/**
 * `user:referral`: a friend joined with the user's code, or a friend's paid mint moved the turnover
 * and the reward. The referral screen reads its list again; elsewhere the user is read (level, badge).
 */
export const referralsChanged = appSocket.eventReceived('user:referral');

// Live balances and the collective bonus from the app's socket (docs/product.md §7).
sample({ clock: appSocket.eventReceived('user:balance'), target: balanceUpdated });
sample({
  clock: appSocket.eventReceived('global:collective_bonus'),
  fn: ({ collective_bonus }) => collective_bonus,
  target: collectiveBonusUpdated,
});
