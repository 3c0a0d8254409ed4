import { lazyModal } from '@/shared/ui/lazy-page';
import { $isBlocked } from './model/community-gate';

/** The modal's code loads only for a user outside the community (or at idle): a member never sees it. */
export const JoinCommunityModal = lazyModal($isBlocked, () =>
  import('./ui/join-community-modal').then((m) => m.JoinCommunityModal),
);
export * as communityGateModel from './model/community-gate';
