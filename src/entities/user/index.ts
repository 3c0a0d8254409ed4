export {
  $communityMember,
  $refLevel,
  $user,
  userLoadFailed,
  userLoaded,
  userRequested,
} from './model/user';
export { userDataRefetched } from './model/refetch';
export { chainCommunityMember } from './model/chain-member';
export * as userModel from './model';
