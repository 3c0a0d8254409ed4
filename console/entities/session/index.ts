/** The operator's console session: sign-in from the launch data, the kept token, 401 → sign in again, the socket. */
export {
  $actor,
  $sessionState,
  $signedIn,
  chainOperator,
  retryClicked,
  sessionStarted,
  signOutClicked,
  type SessionState,
} from './model/session';
export * as consoleSessionModel from './model';
