/**
 * Operator actions are audited: every state-changing call of the operator API
 * (`config.operator` routes, /api/admin/*, anything but GET: treasury resolutions, withdrawal refunds and
 * retries, payouts pause/resume, price set, maintenance, tasks and proof reviews, settings, sign-ins)
 * made by an operator — a named one's session (Telegram id and name) or the admin token — is recorded
 * once it is answered: who, what (the operator call's name, method, the route's pattern, its path
 * parameters and query), on what (the body), from which address, when, and the outcome (status, a
 * refusal by the route included). Calls without the token (or refused before it is checked: the per-address limit) are not
 * operators' actions: they are counted, and the count logged at most once a minute, never a row each —
 * a stranger's flood neither fills the disk nor pushes operators' actions out of the newest entries.
 * Every stored part is bounded: the pattern is one the app registered (never the URL as sent), parameters
 * and query keep at most AUDIT_ARGS_MAX_KEYS keys of AUDIT_ARG_MAX_CHARS, the body BODY_KEPT_CHARS.
 * The sign-in's body (Telegram's launch data) is not kept: it is a credential.
 * `GET /api/admin/audit?limit=&actor=&action=` lists the newest; `npm run operator -- audit` prints them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperatorActor } from '@/shared/api/contract';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';

/** The longest body kept per entry (bodies of the operator API are a few fields). */
const BODY_KEPT_CHARS = 2_000;
/** Path parameters and query: the first this many keys are kept… */
export const AUDIT_ARGS_MAX_KEYS = 8;
/** …each key and each value cut to this many characters (ids, flags: a few). */
export const AUDIT_ARG_MAX_CHARS = 64;
/** Refused operator calls are logged at most this often (with their count since start). */
const REFUSALS_LOG_INTERVAL_MS = 60_000;

interface AuditRow {
  id: bigint;
  actor_telegram_id: string | null;
  actor_name: string | null;
  action: string | null;
  method: string;
  path: string;
  params: string | null;
  query: string | null;
  body: string | null;
  status: number;
  ip: string;
  created_at: Date;
}

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

/** onResponse hook: records an answered state-changing call of an operator (the admin token accepted). */
export function auditOperatorActions(deps: Pick<Deps, 'db'>) {
  let refused = 0;
  let refusalsLoggedAt = -Infinity;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.routeOptions.config.operator || request.method === 'GET' || request.method === 'HEAD') return;
    const route = request.routeOptions.url ?? '';
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
    const config = request.routeOptions.config;
    const body =
      request.body === undefined || config.ownAuth ? null : JSON.stringify(request.body).slice(0, BODY_KEPT_CHARS);
    const actor = request.operator.kind === 'operator' ? request.operator : null;
    try {
      await deps.db.query(
        `INSERT INTO operator_actions (method, path, params, query, body, status, ip, actor_telegram_id, actor_name, action)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          request.method,
          route,
          boundedArgs(request.params),
          boundedArgs(request.query),
          body,
          reply.statusCode,
          request.ip,
          actor?.telegram_id ?? null,
          actor?.name ?? null,
          config.operatorCall ?? null,
        ],
      );
    } catch (error) {
      // The action itself is done (or refused) already; a lost audit line is reported, loudly.
      request.log.error({ err: error, method: request.method, route }, 'operator action not audited');
    }
  };
}

/** A stored JSON text as a value; a body cut at BODY_KEPT_CHARS is no longer JSON: then the text itself. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function actorOf(row: AuditRow): OperatorActor {
  return row.actor_telegram_id === null
    ? { kind: 'token' }
    : { kind: 'operator', telegram_id: Number(row.actor_telegram_id), name: row.actor_name ?? '' };
}

export function auditRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    operatorRoute(app, 'audit', async ({ query: { limit, actor, action } }) => {
      const rows = await deps.db.query<AuditRow>(
        `SELECT id, actor_telegram_id::text, actor_name, action, method, path, params, query, body, status, ip, created_at
           FROM operator_actions
          WHERE ($2::text IS NULL OR ($2 = 'token' AND actor_telegram_id IS NULL) OR actor_telegram_id::text = $2)
            AND ($3::text IS NULL OR action = $3)
          ORDER BY id DESC LIMIT $1`,
        [limit, actor === undefined ? null : String(actor), action ?? null],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        actor: actorOf(row),
        action: row.action,
        method: row.method,
        path: row.path,
        params: parsed(row.params),
        query: parsed(row.query),
        body: parsed(row.body),
        status: row.status,
        ip: row.ip,
        created_at: Math.floor(row.created_at.getTime() / 1000),
      }));
    });
  };
}
