/**
 * Every operator action is recorded, or it did not happen (docs/security.md "Operator actions are final and
 * audited"). An operator action is a state-changing call of the operator API (`config.operator` routes,
 * /api/admin/*, anything but GET: treasury resolutions, withdrawal refunds and retries, payouts
 * pause/resume, price set, maintenance, tasks and proof reviews, settings, sign-ins and sign-outs) made by
 * an operator — a named one's session (Telegram id and name) or the admin token. Its row is written BEFORE
 * the action runs, and its outcome (the answer's status, a refusal by the route included) once it is
 * answered:
 * - `before` (preHandler: the operator is authenticated, the body parsed, the handler not yet run) writes
 *   the row with no outcome; when that write fails the call is refused (503 auditUnavailable) and its
 *   handler never runs, so nothing is done that nobody can see;
 * - `after` (onResponse) writes the outcome. When that write fails, or the process stops in between, the
 *   row stays without one: the API, the CLI and the console show it as an action of unknown outcome.
 * - The console's sign-in names its operator only once its handler has verified the launch data:
 *   `auditedWithin` writes its row inside the sign-in's own transaction (server/operators/service.ts), so
 *   a session is never opened without its row; `after` writes the outcome as for the others.
 * - An operator's call refused before its handler could run (a malformed or too large body) did nothing: it
 *   is recorded once answered, with its status, a failed write only logged.
 * What a row holds: who, what (the operator call's name, method, the route's pattern, its path parameters
 * and query), on what (the body), from which address, when, and the outcome — and what was done to what, in
 * facts (`summary`, ./summary.ts): what the request asked when the row is written, completed from the
 * action's answer (captured by `answer`, a preSerialization hook) when its outcome is, so the console and
 * the CLI say it in words (docs/decisions.md "The audit's words"). Calls without the token (or
 * refused before it is checked: the per-address limit) are not operators' actions: they are counted, and
 * the count logged at most once a minute, never a row each — a stranger's flood neither fills the disk nor
 * pushes operators' actions out of the newest entries. Every stored part is bounded: the pattern is one the
 * app registered (never the URL as sent), parameters and query keep at most AUDIT_ARGS_MAX_KEYS keys of
 * AUDIT_ARG_MAX_CHARS, the body BODY_KEPT_CHARS. The sign-in's body (Telegram's launch data) is not kept:
 * it is a credential. The row's id and its summary stay on the request while the action runs (`pending`),
 * so its outcome is written to the same row.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditSummary, OperatorActor } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { DomainError } from '../lib/errors';
import { type OperatorActionEntry, insertOperatorAction, settleOperatorAction } from './queries';
import { answeredSummary, askedSummary } from './summary';

/** The longest body kept per entry (bodies of the operator API are a few fields). */
const BODY_KEPT_CHARS = 2_000;
/** Path parameters and query: the first this many keys are kept… */
export const AUDIT_ARGS_MAX_KEYS = 8;
/** …each key and each value cut to this many characters (ids, flags: a few). */
export const AUDIT_ARG_MAX_CHARS = 64;
/** Refused operator calls are logged at most this often (with their count since start). */
const REFUSALS_LOG_INTERVAL_MS = 60_000;

/** 503: the action's row could not be written, so the action was not done. */
export class AuditUnavailableError extends DomainError {
  constructor() {
    super(503, 'auditUnavailable');
  }
}

/**
 * The row written before a request's action: its id and what its request asked, or NOT_WRITTEN when that
 * write failed (the call refused).
 */
const NOT_WRITTEN = Symbol('not written');
const pending = new WeakMap<FastifyRequest, { id: bigint; summary: AuditSummary | null } | typeof NOT_WRITTEN>();
/** The answer an action sent (an object: every operator action answers JSON), for its summary. */
const answers = new WeakMap<FastifyRequest, unknown>();

const cut = (text: string) => (text.length > AUDIT_ARG_MAX_CHARS ? `${text.slice(0, AUDIT_ARG_MAX_CHARS - 1)}…` : text);

/**
 * Path parameters or a parsed query as bounded JSON text: at most AUDIT_ARGS_MAX_KEYS keys (then `"…"`: how
 * many more), each key and value (a repeated query key's values as JSON) cut to AUDIT_ARG_MAX_CHARS; null
 * when there is none.
 */
export function boundedArgs(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return null;
  const kept: Record<string, string> = {};
  for (const [key, item] of entries.slice(0, AUDIT_ARGS_MAX_KEYS)) {
    kept[cut(key)] = cut(typeof item === 'string' ? item : (JSON.stringify(item) ?? String(item)));
  }
  if (entries.length > AUDIT_ARGS_MAX_KEYS) kept['…'] = `${entries.length - AUDIT_ARGS_MAX_KEYS} more`;
  return JSON.stringify(kept);
}

/** A state-changing call of the operator API (reads are not actions). */
const isOperatorAction = (request: FastifyRequest) =>
  request.routeOptions.config.operator === true && request.method !== 'GET' && request.method !== 'HEAD';

function entryOf(
  request: FastifyRequest,
  actor: OperatorActor,
  status: number | null,
  summary: AuditSummary | null,
): OperatorActionEntry {
  const config = request.routeOptions.config;
  const named = actor.kind === 'operator' ? actor : null;
  return {
    method: request.method,
    path: request.routeOptions.url ?? '',
    params: boundedArgs(request.params),
    query: boundedArgs(request.query),
    body: request.body === undefined || config.ownAuth ? null : JSON.stringify(request.body).slice(0, BODY_KEPT_CHARS),
    ip: request.ip,
    actorTelegramId: named?.telegram_id ?? null,
    actorName: named?.name ?? null,
    action: config.operatorCall ?? null,
    summary,
    status,
  };
}

/** What the request asks for, in facts (null when it is not a request its call takes). */
const askedOf = (request: FastifyRequest) =>
  askedSummary(request.routeOptions.config.operatorCall, request.params, request.body);

/** Writes the row of an action about to run; refuses the call (503) when it cannot. */
async function writeBefore(q: Queryable, request: FastifyRequest, actor: OperatorActor): Promise<void> {
  try {
    const summary = askedOf(request);
    pending.set(request, { id: await insertOperatorAction(q, entryOf(request, actor, null, summary)), summary });
  } catch (error) {
    pending.set(request, NOT_WRITTEN);
    request.log.error(
      { err: error, method: request.method, route: request.routeOptions.url },
      'operator action not audited: refused',
    );
    throw new AuditUnavailableError();
  }
}

/** The preHandler and onResponse hooks of the operator API (registered once in app.ts). */
export function operatorAudit(deps: Pick<Deps, 'db'>) {
  let refused = 0;
  let refusalsLoggedAt = -Infinity;
  return {
    /** preHandler: the row of an operator's action, before its handler runs (the sign-in writes its own). */
    before: async (request: FastifyRequest): Promise<void> => {
      if (!isOperatorAction(request) || !request.operator) return;
      await writeBefore(deps.db, request, request.operator);
    },

    /** preSerialization: the answer of an action whose row was written, kept for its summary. */
    answer: async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
      if (isOperatorAction(request) && pending.has(request)) answers.set(request, payload);
      return payload;
    },

    /** onResponse: the action's outcome; a refusal before the handler, recorded; a stranger's call, counted. */
    after: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!isOperatorAction(request)) return;
      const route = request.routeOptions.url ?? '';
      const row = pending.get(request);
      if (row === NOT_WRITTEN) return;
      if (row !== undefined) {
        const done = reply.statusCode >= 200 && reply.statusCode < 300 && answers.has(request);
        const call = request.routeOptions.config.operatorCall;
        const summary = done ? answeredSummary(call, row.summary, answers.get(request)) : row.summary;
        try {
          await settleOperatorAction(deps.db, row.id, reply.statusCode, summary === row.summary ? undefined : summary);
        } catch (error) {
          // The row stays, without an outcome: shown as an action of unknown outcome.
          request.log.error({ err: error, method: request.method, route }, 'operator action outcome not recorded');
        }
        return;
      }
      if (!request.operator) {
        refused++;
        const now = Date.now();
        if (now - refusalsLoggedAt >= REFUSALS_LOG_INTERVAL_MS) {
          refusalsLoggedAt = now;
          request.log.warn(
            { refused, method: request.method, route, status: reply.statusCode, ip: request.ip },
            'operator calls refused (not audited)',
          );
        }
        return;
      }
      // An operator's call refused before its handler ran (its body malformed or too large): nothing was done.
      try {
        await insertOperatorAction(deps.db, entryOf(request, request.operator, reply.statusCode, askedOf(request)));
      } catch (error) {
        request.log.error({ err: error, method: request.method, route }, 'operator refusal not audited');
      }
    },
  };
}

/**
 * For an action whose operator is known only once its handler verified them (the console's sign-in): writes
 * its row inside the action's own transaction `q`, so the action commits with its row or not at all. Refuses
 * (503) when the row cannot be written; `after` writes the outcome.
 */
export function auditedWithin(request: FastifyRequest) {
  return (q: Queryable, actor: OperatorActor): Promise<void> => writeBefore(q, request, actor);
}
