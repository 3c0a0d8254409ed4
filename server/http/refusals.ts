/**
 * Deliberate refusals: a 503 the server chooses to answer, as opposed to one of its errors. The code that
 * refuses marks the reply with its reason (`refuse`), and the request logs and the metrics read the mark
 * (`refusalOf`): a refusal is no error line and no server error, it is counted in
 * `http_refusals_total{reason}` (docs/operations.md "Logs", "Health and metrics").
 *  - draining: the process shuts down (server/http/draining.ts);
 *  - maintenance: an operator turned it on (server/gates/hooks.ts);
 *  - overloaded: load shedding (server/http/protection.ts);
 *  - database: the database cannot answer now (app.ts's error handler, server/db/faults.ts);
 *  - unready: /readyz answering 503 (server/observability/routes.ts), which a balancer reads, not a person.
 */
import type { FastifyReply } from 'fastify';

export const REFUSAL_REASONS = ['draining', 'maintenance', 'overloaded', 'database', 'unready'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface Refusal {
  reason: RefusalReason;
  /** What made the database fault (the `database` reason), for the log line. */
  cause?: unknown;
}

// A WeakMap, not a reply decoration: marked replies are the rare ones, and no plugin order matters.
const refusals = new WeakMap<FastifyReply, Refusal>();

/** Marks `reply` as a deliberate refusal for `reason`; returns it, to chain `.code(503)…`. */
export function refuse(reply: FastifyReply, reason: RefusalReason, cause?: unknown): FastifyReply {
  refusals.set(reply, cause === undefined ? { reason } : { reason, cause });
  return reply;
}

/** The refusal `reply` was marked with, if any. */
export const refusalOf = (reply: FastifyReply): Refusal | undefined => refusals.get(reply);
