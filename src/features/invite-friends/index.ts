import { lazyPage } from '@/shared/ui/lazy-page';

export { copyLinkClicked, inviteClicked } from './model/invite';
/**
 * The navbar's bar on the referral screen: its code loads when that screen opens (or at idle); the
 * bar keeps its height meanwhile, so nothing moves when the buttons arrive.
 */
export const InviteActions = lazyPage(() => import('./ui/invite-actions').then((m) => m.InviteActions), {
  fallback: null,
});
export * as inviteFriendsModel from './model/invite';
