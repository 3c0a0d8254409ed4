export {
  $boundWallet,
  $communityMember,
  $newReferralsCount,
  $referralLink,
  $refLevel,
  $user,
  balanceUpdated,
  newReferralsSeen,
  userLoadFailed,
  userLoaded,
  userArrivedWithSignIn,
  userRequested,
  walletBound,
} from './model/user';
export { referralLink } from './lib/referral-link';
export { userDataRefetched } from './model/refetch';
export { chainCommunityMember } from './model/chain-member';
export * as userModel from './model';
