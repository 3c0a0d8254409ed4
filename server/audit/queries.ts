/**
 * The operator audit's SQL (server/audit, docs/security.md "Operator actions are final and audited"):
 * `operator_actions` is append-only but for the outcome (`status`), written once — null until the action is
 * answered, and left null when it never was — and the summary completed with it (./summary.ts).
 */
import type { AuditSummary } from '@contract';
import type { Queryable } from '../db/index';

/** One operator action as recorded: every text already bounded by the caller (./hooks.ts). */
export interface OperatorActionEntry {
  method: string;
  /** The route's pattern, never the URL as sent. */
  path: string;
  params: string | null;
  query: string | null;
  body: string | null;
  ip: string;
  /** The named operator; null for the admin token. */
  actorTelegramId: number | null;
  actorName: string | null;
  /** The operator call's name. */
  action: string | null;
  /** What was done to what, in facts (./summary.ts); null when the request was not one the call takes. */
  summary: AuditSummary | null;
  /** The answer's status; null: not answered yet (the row written before the action runs). */
  status: number | null;
}

export interface OperatorActionRow {
  id: bigint;
  actor_telegram_id: string | null;
  actor_name: string | null;
  action: string | null;
  /** As stored (JSONB); the API reads it with the contract's schema. */
  summary: unknown;
  method: string;
  path: string;
  params: string | null;
  query: string | null;
  body: string | null;
  status: number | null;
  ip: string;
  created_at: Date;
}

/** Records an action; returns its row's id (to write its outcome later when `status` is null). */
export async function insertOperatorAction(q: Queryable, entry: OperatorActionEntry): Promise<bigint> {
  const [row] = await q.query<{ id: bigint }>(
    `INSERT INTO operator_actions
       (method, path, params, query, body, status, ip, actor_telegram_id, actor_name, action, summary)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb) RETURNING id`,
    [
      entry.method,
      entry.path,
      entry.params,
      entry.query,
      entry.body,
      entry.status,
      entry.ip,
      entry.actorTelegramId,
      entry.actorName,
      entry.action,
      entry.summary === null ? null : JSON.stringify(entry.summary),
    ],
  );
  return row!.id;
}

/**
 * Writes the outcome of a row written before its action, and its summary as the answer completed it (when
 * given); an outcome already written stays.
 */
export async function settleOperatorAction(
  q: Queryable,
  id: bigint,
  status: number,
  summary?: AuditSummary | null,
): Promise<void> {
  await q.query(
    `UPDATE operator_actions SET status = $2, summary = COALESCE($3::jsonb, summary)
      WHERE id = $1 AND status IS NULL`,
    [id, status, summary ? JSON.stringify(summary) : null],
  );
}

/** The newest actions, of one actor (a Telegram id, or `token`: the admin token's) and one call when asked. */
export async function newestOperatorActions(
  q: Queryable,
  filter: { limit: number; actor?: number | 'token' | undefined; action?: string | undefined },
): Promise<OperatorActionRow[]> {
  return q.query<OperatorActionRow>(
    `SELECT id, actor_telegram_id::text, actor_name, action, summary, method, path, params, query, body, status, ip,
            created_at
       FROM operator_actions
      WHERE ($2::text IS NULL OR ($2 = 'token' AND actor_telegram_id IS NULL) OR actor_telegram_id::text = $2)
        AND ($3::text IS NULL OR action = $3)
      ORDER BY id DESC LIMIT $1`,
    [filter.limit, filter.actor === undefined ? null : String(filter.actor), filter.action ?? null],
  );
}
