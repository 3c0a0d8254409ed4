/**
 * The gates the client shows, enforced by the server (DESIGN.md §7), as request hooks registered once in
 * app.ts rather than checks in each route:
 * - maintenance: every /api call answers 503 {msg} while it is on, except the status the client polls,
 *   the operator API that turns it off, and the socket's already open connections (see README Decisions);
 * - community: a signed-in non-member gets 403 {msg} on every authenticated call except what the gate
 *   itself needs (/user/me says community_participation) and answers that are the same for everyone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBody, MAINTENANCE_ON_DETAIL } from '@/shared/api/contract';
import { currentUser } from '../auth/authenticate';
import type { Deps } from '../deps';
import { ForbiddenError } from '../lib/errors';
import { isMaintenanceOn } from '../maintenance/service';
import { isCommunityMember } from '../users/service';

export const NOT_A_MEMBER_MSG = 'Join the community to use the product';

/** Route paths (as registered) that keep answering during maintenance; /api/admin/* does too. */
const OPEN_DURING_MAINTENANCE = new Set(['/api/maintenance/']);
/** Authenticated route paths a non-member may call. */
const OPEN_TO_NON_MEMBERS = new Set([
  // The gate's own question: community_participation tells the client to show the join modal.
  '/api/user/me',
  // The same for everyone: no user's data, no money moves.
  '/api/price/current-price',
  '/api/mint/all-plans',
  '/api/mint/calculate',
]);

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';

/** Root hook: runs before every route (and the socket upgrade) of the app. */
export function maintenanceGate(deps: Pick<Deps, 'db'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const path = pathOf(request);
    if (path !== '/api' && !path.startsWith('/api/')) return; // the app itself must load to show the maintenance page
    if (path.startsWith('/api/admin/') || OPEN_DURING_MAINTENANCE.has(request.routeOptions.url ?? '')) return;
    if (!(await isMaintenanceOn(deps.db))) return;
    await reply.code(503).header('retry-after', '10').send({ msg: MAINTENANCE_ON_DETAIL } satisfies ErrorBody);
  };
}

/** Authenticated-scope hook, after `authenticate`. */
export function communityGate(deps: Deps) {
  return async (request: FastifyRequest): Promise<void> => {
    if (OPEN_TO_NON_MEMBERS.has(request.routeOptions.url ?? '')) return;
    if (!(await isCommunityMember(deps, currentUser(request).userId))) throw new ForbiddenError(NOT_A_MEMBER_MSG);
  };
}
