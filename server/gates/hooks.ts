/**
 * The gates the client shows, enforced by the server (docs/foundations.md §7), as request hooks registered once in
 * app.ts rather than checks in each route:
 * - maintenance: every /api call answers 503 {msg} while it is on, except the status the client polls,
 *   the operator API that turns it off, the bot's webhook (Telegram's call), and the socket's already open connections (docs/security.md "Gates").
 *   Decided by the route the request matched (server/http/paths.ts), never by its raw URL: the router
 *   decodes `/%61pi/…` to `/api/…` before matching. A request no /api route matched but whose path reads as
 *   /api in any spelling (`//API/./x`) is refused too, so an unknown or oddly spelled call never answers
 *   otherwise; the app's pages and files keep loading (the maintenance page is one);
 * - community: a signed-in non-member gets 403 {msg} on every authenticated call except what the gate
 *   itself needs (/user/me says community_participation) and answers that are the same for everyone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CallName, type ErrorBody, MAINTENANCE_ON_DETAIL, SERVER_MESSAGES } from '@contract';
import { currentUser } from '../http/auth-context';
import { areaOf } from '../http/paths';
import type { Deps } from '../deps';
import { isDatabaseFault } from '../db/faults';
import { refuse } from '../http/refusals';
import { ForbiddenError } from '../lib/errors';
import { isMaintenanceOn } from '../maintenance/service';
import { isCommunityMember } from '../users/service';

export const NOT_A_MEMBER_MSG = SERVER_MESSAGES.notAMember;

/** Contract calls that keep answering during maintenance; the operator API (`config.operator`) does too. */
const OPEN_DURING_MAINTENANCE = new Set<CallName>(['maintenanceStatus']);
/** Authenticated contract calls a non-member may make. */
const OPEN_TO_NON_MEMBERS = new Set<CallName>([
  // The gate's own question: community_participation tells the client to show the join modal.
  'me',
  // The same for everyone: no user's data, no money moves.
  'currentPrice',
  'mintPlans',
  'mintCalculate',
  // Ending one's own session is never refused.
  'logout',
]);

const callOf = (request: FastifyRequest): CallName | undefined => request.routeOptions.config.call;

/** Root hook: runs before every route (and the socket upgrade) of the app. */
export function maintenanceGate(deps: Pick<Deps, 'db'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (areaOf(request) !== 'api') return; // the app itself must load to show the maintenance page
    if (request.routeOptions.config.probe) return; // health and metrics describe the process, not the app
    if (request.routeOptions.config.operator) return; // or nobody could turn it off
    if (request.routeOptions.config.webhook) return; // Telegram's updates: the bot still opens the app
    const call = callOf(request);
    if (call && OPEN_DURING_MAINTENANCE.has(call)) return;
    let on: boolean;
    try {
      on = await isMaintenanceOn(deps.db);
    } catch (error) {
      // The database cannot say: a socket upgrade goes on to its handshake, which closes it with the
      // retryable SOCKET_CLOSE.unavailable (an HTTP refusal of the upgrade would reach the client as 1006).
      if (isDatabaseFault(error) && request.headers.upgrade?.toLowerCase() === 'websocket') return;
      throw error;
    }
    if (!on) return;
    // An operator's choice, not an error: a refusal (server/http/refusals.ts), a debug line each.
    await refuse(reply, 'maintenance')
      .code(503)
      .header('retry-after', '10')
      .send({ msg: MAINTENANCE_ON_DETAIL, code: 'maintenance' } satisfies ErrorBody);
  };
}

/** For the contract's authenticated calls, after the bearer check (app.ts). */
export function communityGate(deps: Deps) {
  return async (request: FastifyRequest): Promise<void> => {
    const call = callOf(request);
    if (call && OPEN_TO_NON_MEMBERS.has(call)) return;
    if (!(await isCommunityMember(deps, currentUser(request).userId))) throw new ForbiddenError('notAMember');
  };
}
