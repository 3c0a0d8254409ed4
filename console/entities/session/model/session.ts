import { chainRoute, type RouteInstance, type RouteParams, type RouteParamsAndQuery } from 'atomic-router';
import { createEvent, createStore, sample } from 'effector';
import {
  isAuthFailure,
  launchKey,
  operatorSocket,
  operatorTokenReceived,
  operatorTokenRemoved,
  operatorUnauthorized,
  readOperatorTokenFx,
  type ApiError,
  type OperatorActor,
  type OperatorSession,
} from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';

/**
 * Where the operator's session is:
 * - checking: reading a kept token or signing in;
 * - signedIn: the console's screens show;
 * - noLaunchData: opened outside Telegram (no launch data to sign in with): "open the bot, send /admin";
 * - refused: the launch data is not a named operator's (403/401 on sign-in);
 * - reopen: the launch data already signed in once, or is too old (the server's operatorLaunchUsed,
 *   operatorLaunchTooOld): only a new opening from the bot's /admin brings fresh launch data;
 * - failed: sign-in could not reach the server (Try again);
 * - signedOut: the operator signed out.
 */
export type SessionState = 'checking' | 'signedIn' | 'noLaunchData' | 'refused' | 'reopen' | 'failed' | 'signedOut';

/** The sign-in's refusals that a new opening of the console from /admin cures (docs/security.md "Operators"). */
const REOPEN_CODES: ReadonlySet<string | null | undefined> = new Set(['operatorLaunchUsed', 'operatorLaunchTooOld']);

/** The console started with Telegram's launch data ('' outside Telegram). */
export const sessionStarted = createEvent<{ initData: string }>();
export const retryClicked = createEvent();
export const signOutClicked = createEvent();

export const sessionGetFx = operatorCallFx('sessionGet');
export const sessionOpenFx = operatorCallFx('sessionOpen');
export const sessionCloseFx = operatorCallFx('sessionClose');

const $initData = createStore('').on(sessionStarted, (_, { initData }) => initData);
export const $sessionState = createStore<SessionState>('checking');
export const $actor = createStore<OperatorActor | null>(null);
export const $signedIn = $sessionState.map((state) => state === 'signedIn');

/** Sign in (again) from the launch data: the kept token is gone or was refused. */
const signInRequested = createEvent();

// A kept token of this launch (a reload of this tab: the same launch data, which signs in only once): ask
// who it is; none: sign in with the launch data.
sample({ clock: sessionStarted, fn: ({ initData }) => launchKey(initData), target: readOperatorTokenFx });
sample({
  clock: readOperatorTokenFx.doneData,
  filter: (token) => token !== null,
  fn: () => undefined,
  target: sessionGetFx,
});
sample({ clock: readOperatorTokenFx.doneData, filter: (token) => token === null, target: signInRequested });
sample({ clock: sessionGetFx.failData, filter: isAuthFailure, target: signInRequested });
sample({
  clock: sessionGetFx.failData,
  filter: (error: ApiError) => !isAuthFailure(error),
  fn: (): SessionState => 'failed',
  target: $sessionState,
});

// Any call refused for the session while signed in (expired, ended elsewhere) or the socket's 4401.
sample({ clock: [operatorUnauthorized, operatorSocket.unauthorized], filter: $signedIn, target: signInRequested });

sample({ clock: signInRequested, fn: (): SessionState => 'checking', target: $sessionState });
sample({ clock: signInRequested, target: operatorTokenRemoved });
sample({
  clock: signInRequested,
  source: $initData,
  filter: (initData) => initData === '',
  fn: (): SessionState => 'noLaunchData',
  target: $sessionState,
});
sample({
  clock: signInRequested,
  source: $initData,
  filter: (initData) => initData !== '',
  fn: (initData) => ({ body: { init_data: initData } }),
  target: sessionOpenFx,
});
sample({
  clock: sessionOpenFx.doneData,
  source: $initData,
  filter: (_, session: OperatorSession) => Boolean(session.token),
  fn: (initData, session) => ({
    token: session.token as string,
    expiresAt: session.expires_at,
    launch: launchKey(initData),
  }),
  target: operatorTokenReceived,
});
sample({
  clock: sessionOpenFx.failData,
  fn: (error: ApiError): SessionState =>
    isAuthFailure(error) ? (REOPEN_CODES.has(error.code) ? 'reopen' : 'refused') : 'failed',
  target: $sessionState,
});

sample({ clock: [sessionGetFx.doneData, sessionOpenFx.doneData], fn: (session) => session.actor, target: $actor });
sample({
  clock: [sessionGetFx.doneData, sessionOpenFx.doneData],
  fn: (): SessionState => 'signedIn',
  target: $sessionState,
});

sample({ clock: retryClicked, target: signInRequested });

// Signing out ends the session on the server (whatever it answers, the token is dropped here).
sample({ clock: signOutClicked, target: sessionCloseFx });
sample({ clock: sessionCloseFx.finally, target: operatorTokenRemoved });
sample({ clock: sessionCloseFx.finally, fn: (): SessionState => 'signedOut', target: $sessionState });
$actor.reset(sessionCloseFx.finally);

// The operator socket runs while signed in (a new token reconnects it with that token).
sample({ clock: $signedIn, filter: Boolean, target: operatorSocket.connectRequested });
sample({ clock: $signedIn, filter: (signedIn) => !signedIn, target: operatorSocket.disconnectRequested });

/** A console route opens only once the operator is signed in (docs/style.md §3): its data loads then. */
export function chainOperator<Params extends RouteParams>(route: RouteInstance<Params>): RouteInstance<Params> {
  const check = createEvent<RouteParamsAndQuery<Params>>();
  const passed = createEvent<RouteParamsAndQuery<Params>>();
  const $waiting = createStore<RouteParamsAndQuery<Params> | null>(null, { serialize: 'ignore' });
  $waiting.on(check, (_, params) => params).reset(passed, route.closed);
  sample({ clock: check, filter: $signedIn, target: passed });
  sample({
    clock: $signedIn,
    source: $waiting,
    filter: (waiting, signedIn) => signedIn && waiting !== null,
    fn: (waiting) => waiting as RouteParamsAndQuery<Params>,
    target: passed,
  });
  return chainRoute({ route, beforeOpen: check, openOn: passed });
}
