import { createEvent, createStore, sample } from 'effector';
import type { BoundWallet, ReferralTier, UserBalanceEvent, UserMe } from '@/shared/api';
import { callFx } from '@/shared/call';
import { referralLink } from '../lib/referral-link';

/** The signed-in user's profile and balances (docs/product.md §3). `ref.level` is shown 1-based. */
export const $user = createStore<UserMe | null>(null);
export const userRequested = createEvent();
export const userLoaded = createEvent<UserMe>();
export const userLoadFailed = createEvent();
/** The user as the sign-in answered it (the launch needs no GET /user/me). */
export const userArrivedWithSignIn = createEvent<UserMe>();
/** A live `user:balance` push from the server socket. */
export const balanceUpdated = createEvent<UserBalanceEvent>();
export const collectiveBonusUpdated = createEvent<number>();
/** The referral screen has shown every referral so far (its page-1 read): the navbar badge clears. */
export const newReferralsSeen = createEvent();
/** The referral list was read: its tier and count are the user's standing now (the dashboard's level). */
export const referralStandingRead = createEvent<{ tier: ReferralTier; total: number }>();
/** A proof bound this wallet to the user: /user/me's `wallet` until the next read. */
export const walletBound = createEvent<BoundWallet>();

export const loadUserFx = callFx('me');

export const $communityMember = $user.map((user) => user?.community_participation ?? null);
/** The wallet the user proved to hold (ton_proof); null while none is bound. */
export const $boundWallet = $user.map((user) => user?.wallet ?? null);
export const $refLevel = $user.map((user) => (user ? user.ref.level + 1 : null));
/** The navbar badge's count (docs/product.md §2: shown when above 0). */
export const $newReferralsCount = $user.map((user) => user?.ref.new_referrals_count ?? 0);
/** The link that brings friends in as this user's referrals; null before the user is known. */
export const $referralLink = $user.map((user) => (user ? referralLink(user.ref_code) : null));

sample({ clock: userRequested, target: loadUserFx });
sample({ clock: userArrivedWithSignIn, target: userLoaded });
sample({
  clock: loadUserFx.doneData,
  filter: (user): user is UserMe => user !== null,
  target: userLoaded,
});
sample({
  clock: [loadUserFx.fail, loadUserFx.doneData.filter({ fn: (user) => user === null })],
  fn: () => undefined,
  target: userLoadFailed,
});

$user
  .on(userLoaded, (_, user) => user)
  .on(balanceUpdated, (user, balances) => (user ? { ...user, ...balances } : user))
  .on(collectiveBonusUpdated, (user, collective_bonus) => (user ? { ...user, collective_bonus } : user))
  .on(walletBound, (user, wallet) => (user ? { ...user, wallet } : user))
  .on(newReferralsSeen, (user) =>
    user && user.ref.new_referrals_count !== 0 ? { ...user, ref: { ...user.ref, new_referrals_count: 0 } } : user,
  )
  .on(referralStandingRead, (user, { tier: { level, percent, turnover }, total }) =>
    user ? { ...user, ref: { ...user.ref, level, percent, turnover, referrals_count: total } } : user,
  );
