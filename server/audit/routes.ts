/**
 * The operator audit's list (docs/security.md "Operator actions are final and audited"): what ./hooks.ts
 * records, newest first. `GET /api/admin/audit?limit=&actor=&action=`; `npm run operator -- audit` prints
 * it (in words, ./words.ts). An action whose outcome was never recorded has `status: null`.
 */
import type { FastifyInstance } from 'fastify';
import { type AuditEntry, type OperatorActor, auditSummarySchema } from '@contract';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';
import { type OperatorActionRow, newestOperatorActions } from './queries';

/** A stored JSON text as a value; a body cut at its bound is no longer JSON: then the text itself. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function actorOf(row: OperatorActionRow): OperatorActor {
  return row.actor_telegram_id === null
    ? { kind: 'token' }
    : { kind: 'operator', telegram_id: Number(row.actor_telegram_id), name: row.actor_name ?? '' };
}

const entryOf = (row: OperatorActionRow): AuditEntry => ({
  id: Number(row.id),
  actor: actorOf(row),
  action: row.action,
  // A summary this server does not read (a newer or an older shape) is left out, never answered as is.
  summary: auditSummarySchema.safeParse(row.summary).data ?? null,
  method: row.method,
  path: row.path,
  params: parsed(row.params),
  query: parsed(row.query),
  body: parsed(row.body),
  status: row.status,
  ip: row.ip,
  created_at: Math.floor(row.created_at.getTime() / 1000),
});

export function auditRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    operatorRoute(app, 'audit', async ({ query }) => (await newestOperatorActions(deps.db, query)).map(entryOf));
  };
}
