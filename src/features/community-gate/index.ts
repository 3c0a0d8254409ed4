import { lazyPage } from '@/shared/ui/lazy-page';

/** The modal's code loads after the first screen (a member never sees it). */
export const JoinCommunityModal = lazyPage(() => import('./ui/join-community-modal').then((m) => m.JoinCommunityModal), {
  fallback: null,
});
export * as communityGateModel from './model/community-gate';
