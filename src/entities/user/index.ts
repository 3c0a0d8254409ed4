export {
  $communityMember,
  $refLevel,
  $user,
  balanceUpdated,
  collectiveBonusUpdated,
  loadUserFx,
  userLoadFailed,
  userLoaded,
  userRequested,
} from './model/user';
