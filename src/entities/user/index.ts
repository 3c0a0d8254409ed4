export {
  $boundWallet,
  $communityMember,
  $newReferralsCount,
  $referralLink,
  $refLevel,
  $user,
  balanceUpdated,
  newReferralsSeen,
  referralStandingRead,
  userLoadFailed,
  userLoaded,
  userArrivedWithSignIn,
  userRequested,
  walletBound,
} from './model/user';
export { referralLink } from './lib/referral-link';
export { userDataRefetched } from './model/refetch';
export { referralsChanged } from './model/socket';
export { chainCommunityMember } from './model/chain-member';
export * as userModel from './model';
