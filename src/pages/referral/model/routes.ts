import { sample } from 'effector';
import { chainAuthorized } from '@/entities/session';
import { chainCommunityMember, userDataRefetched } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';
import { referralsRequested } from './referrals';
import { transferClosed } from './transfer';

/** The referral screen: for a community member, reading the first page of referrals as it opens. */
export const referralRoute = chainLoad(chainCommunityMember(routes.referral), [referralsRequested]);
export const referralFarmingRoute = chainAuthorized(routes.referralFarming);
export const referralSellRoute = chainAuthorized(routes.referralSell);

// SPEC §4: when the user data refetches, the list on screen catches up (new referrals, their turnover).
sample({ clock: userDataRefetched, filter: referralRoute.$isOpened, target: referralsRequested });
// The transfer modal belongs to this screen: leaving it closes the modal.
sample({ clock: referralRoute.closed, fn: () => undefined, target: transferClosed });
