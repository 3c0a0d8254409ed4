import { sample } from 'effector';
import { or } from 'patronum';
import { chainAuthorized } from '@/entities/session';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';
import { referralsRequested } from './referrals';
import { transferClosed } from './transfer';

/** The referral screen: for a community member, reading the first page of referrals as it opens. */
export const referralRoute = chainLoad(chainCommunityMember(routes.referral), [referralsRequested]);
export const referralFarmingRoute = chainAuthorized(routes.referralFarming);
/** /referral/sell: the referral screen (read as it opens) with the Sell modal over it (./sell.ts). */
export const referralSellRoute = chainLoad(chainCommunityMember(routes.referralSell), [referralsRequested]);

// SPEC §4: when the user data refetches, the list on screen catches up (new referrals, their turnover).
sample({
  clock: userDataRefetched,
  filter: or(referralRoute.$isOpened, referralSellRoute.$isOpened),
  target: referralsRequested,
});
// The transfer modal belongs to this screen: leaving it closes the modal.
sample({ clock: referralRoute.closed, fn: () => undefined, target: transferClosed });
