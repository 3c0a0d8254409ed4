import { sample } from 'effector';
import { not, or } from 'patronum';
import { chainAuthorized } from '@/entities/session';
import { chainCommunityMember, referralsChanged, userDataRefetched, userRequested } from '@/entities/user';
import { chainLoad, routes } from '@/shared/routing';
import { referralsRequested } from './referrals';
import { transferClosed } from './transfer';

/** The referral screen: for a community member, reading the first page of referrals as it opens. */
export const referralRoute = chainLoad(chainCommunityMember(routes.referral), [referralsRequested]);
export const referralFarmingRoute = chainAuthorized(routes.referralFarming);
/** /referral/sell: the referral screen (read as it opens) with the Sell modal over it (./sell.ts). */
export const referralSellRoute = chainLoad(chainCommunityMember(routes.referralSell), [referralsRequested]);

const $onScreen = or(referralRoute.$isOpened, referralSellRoute.$isOpened);

// docs/product.md §4: when the user data refetches, the list on screen catches up (new referrals, their turnover).
sample({ clock: userDataRefetched, filter: $onScreen, target: referralsRequested });
// A friend joined or paid a mint (`user:referral`): on this screen the list, the earned total and the
// tier are read again (the read also clears the badge and brings the level along); elsewhere the user
// is, for the navbar badge and the dashboard's level. Not both: a /user/me read racing the list's
// "seen" would bring the badge back.
sample({ clock: referralsChanged, filter: $onScreen, target: referralsRequested });
sample({ clock: referralsChanged, filter: not($onScreen), fn: () => undefined, target: userRequested });
// The transfer modal belongs to this screen: leaving it closes the modal.
sample({ clock: referralRoute.closed, fn: () => undefined, target: transferClosed });
