export { $isBlocked, $joinLinkOpened, doneClicked, joinClicked } from './model/community-gate';
export { JoinCommunityModal } from './ui/join-community-modal';
