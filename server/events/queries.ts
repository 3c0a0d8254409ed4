/** The platform's SQL under server/events: the cross-process bus's NOTIFY and its long payloads (pg-bus.ts). */
import type { Queryable } from '../db/index';

/** NOTIFY `channel` with `payload` (delivered when the transaction of `q`, if any, commits). */
export async function notifyChannel(q: Queryable, channel: string, payload: string): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** Stores a payload too long for a NOTIFY; answers its id, which the NOTIFY carries instead. */
export async function insertEventPayload(q: Queryable, body: string): Promise<bigint> {
  const [row] = await q.query<{ id: bigint }>('INSERT INTO event_payloads (body) VALUES ($1) RETURNING id', [body]);
  if (!row) throw new Error('event payload insert returned no row');
  return row.id;
}

/** A stored payload's body (undefined once purged). */
export async function eventPayloadBody(q: Queryable, id: string): Promise<string | undefined> {
  const [row] = await q.query<{ body: string }>('SELECT body FROM event_payloads WHERE id = $1', [id]);
  return row?.body;
}

/** Deletes the payloads older than `keepSeconds`. */
export async function purgeEventPayloads(q: Queryable, keepSeconds: number): Promise<void> {
  await q.query('DELETE FROM event_payloads WHERE created_at < now() - make_interval(secs => $1)', [keepSeconds]);
}
