export { signInFailed, signInRequested, signedIn, signedInAs, type LaunchIdentity } from './model/session';
export { chainAuthorized } from './model/chain-authorized';
export * as sessionModel from './model';
