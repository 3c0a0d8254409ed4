export { JoinCommunityModal } from './ui/join-community-modal';
export * as communityGateModel from './model/community-gate';
