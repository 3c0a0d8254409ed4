/** A user as the operator console names and links them (the Users screen shows the rest). */
export { userLabel, type UserNaming } from './lib/user-label';
export { UserLink } from './ui/user-link';
