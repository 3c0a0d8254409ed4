/**
 * Operator actions are audited (issue #15): every state-changing call of the operator API
 * (`/api/admin/*`, anything but GET: treasury resolutions, withdrawal refunds and retries, payouts
 * pause/resume, price set, maintenance, tasks and proof reviews) is recorded once it is answered —
 * what (method and path), on what (the body), by whom (the admin token's holder, from which address),
 * when, and the outcome (status). Refused actions are recorded too: an audit shows attempts.
 * `GET /api/admin/audit?limit=` lists the newest; `npm run operator -- audit` prints them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/auth-context';
import { parseOr422 } from '../lib/validation';

const ADMIN_PREFIX = '/api/admin/';
/** The longest body kept per entry (bodies of the operator API are a few fields). */
const BODY_KEPT_CHARS = 2_000;

const auditQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(50) });

interface AuditRow {
  id: bigint;
  method: string;
  path: string;
  body: string | null;
  status: number;
  ip: string;
  created_at: Date;
}

/** onResponse hook: records an answered state-changing operator call. */
export function auditOperatorActions(deps: Pick<Deps, 'db'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith(ADMIN_PREFIX)) return;
    const body = request.body === undefined ? null : JSON.stringify(request.body).slice(0, BODY_KEPT_CHARS);
    try {
      await deps.db.query('INSERT INTO operator_actions (method, path, body, status, ip) VALUES ($1, $2, $3, $4, $5)', [
        request.method,
        request.url,
        body,
        reply.statusCode,
        request.ip,
      ]);
    } catch (error) {
      // The action itself is done (or refused) already; a lost audit line is reported, loudly.
      request.log.error({ err: error, method: request.method, path: request.url }, 'operator action not audited');
    }
  };
}

export function auditRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const admin = { preHandler: requireAdmin(deps.config.adminToken) };
    app.get('/api/admin/audit', admin, async (request) => {
      const { limit } = parseOr422(auditQuerySchema, request.query);
      const rows = await deps.db.query<AuditRow>(
        'SELECT id, method, path, body, status, ip, created_at FROM operator_actions ORDER BY id DESC LIMIT $1',
        [limit],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        method: row.method,
        path: row.path,
        body: row.body === null ? null : (JSON.parse(row.body) as unknown),
        status: row.status,
        ip: row.ip,
        created_at: Math.floor(row.created_at.getTime() / 1000),
      }));
    });
  };
}
