export { copyLinkClicked, inviteClicked } from './model/invite';
export { InviteActions, InviteButton } from './ui/invite-actions';
export * as inviteFriendsModel from './model/invite';
