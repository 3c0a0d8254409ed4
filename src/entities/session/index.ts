export {
  $isAuthorized,
  $isLoggedOut,
  identityChanged,
  signInFailed,
  signInRequested,
  signedIn,
  type LaunchIdentity,
} from './model/session';
export { chainAuthorized } from './model/chain-authorized';
