import type { Queryable } from '../../db/index';

export interface BridgeMessageRow {
  id: bigint;
  to_client: string;
  from_client: string;
  message: string;
  trace_id: string | null;
}

/**
 * Serialises every insert (a transaction-scoped advisory lock, across processes): ids are then handed out
 * in commit order, so a stream that has written id N never later sees a smaller id commit. One lock for
 * all recipients, not one each, because a stream listens to several client ids under one cursor.
 */
const INSERT_LOCK_KEY = 7_402_116_026;

/**
 * Takes the insert lock for the caller's transaction: the caps' counts (unexpiredCounts) then hold until
 * it commits, and ids are handed out in commit order.
 */
export async function lockBridgeInserts(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [INSERT_LOCK_KEY]);
}

/** The unexpired messages for one client id and from one address (the caps, limits.ts). */
export async function unexpiredCounts(
  q: Queryable,
  of: { to: string; senderAddress: string },
): Promise<{ forClientId: number; fromAddress: number }> {
  const [row] = await q.query<{ for_client: number; from_address: number }>(
    `SELECT count(*) FILTER (WHERE to_client = $1)::int AS for_client,
            count(*) FILTER (WHERE sender_address = $2)::int AS from_address
     FROM sandbox_bridge_messages
     WHERE (to_client = $1 OR sender_address = $2) AND expires_at > now()`,
    [of.to, of.senderAddress],
  );
  return { forClientId: row!.for_client, fromAddress: row!.from_address };
}

/** Deletes every expired message; answers how many (the purge's timer, and every insert). */
export async function deleteExpiredBridgeMessages(q: Queryable): Promise<number> {
  return (await q.query('DELETE FROM sandbox_bridge_messages WHERE expires_at <= now() RETURNING 1')).length;
}

/**
 * Stores one message and drops every expired one, inside the caller's transaction under the insert lock
 * (taken here if the caller has not).
 */
export async function insertBridgeMessage(
  q: Queryable,
  message: {
    to: string;
    from: string;
    message: string;
    traceId: string | null;
    ttlSeconds: number;
    senderAddress: string;
  },
): Promise<bigint> {
  await lockBridgeInserts(q);
  await deleteExpiredBridgeMessages(q);
  const [row] = await q.query<{ id: bigint }>(
    `INSERT INTO sandbox_bridge_messages (to_client, from_client, message, trace_id, expires_at, sender_address)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6) RETURNING id`,
    [message.to, message.from, message.message, message.traceId, message.ttlSeconds, message.senderAddress],
  );
  return row!.id;
}

const COLUMNS = 'id, to_client, from_client, message, trace_id';

/** The unexpired messages for these clients past `afterId`, in id order. */
export async function messagesAfter(q: Queryable, clientIds: string[], afterId: bigint): Promise<BridgeMessageRow[]> {
  return q.query<BridgeMessageRow>(
    `SELECT ${COLUMNS} FROM sandbox_bridge_messages
     WHERE to_client = ANY($1) AND id > $2 AND expires_at > now() ORDER BY id`,
    [clientIds, String(afterId)],
  );
}

/** The unexpired messages for these clients up to `upToId` that no stream has written yet, in id order. */
export async function undeliveredUpTo(q: Queryable, clientIds: string[], upToId: bigint): Promise<BridgeMessageRow[]> {
  return q.query<BridgeMessageRow>(
    `SELECT ${COLUMNS} FROM sandbox_bridge_messages
     WHERE to_client = ANY($1) AND id <= $2 AND delivered_at IS NULL AND expires_at > now() ORDER BY id`,
    [clientIds, String(upToId)],
  );
}

/** The newest message id for these clients (0 when none): where a stream without last_event_id starts. */
export async function lastMessageId(q: Queryable, clientIds: string[]): Promise<bigint> {
  const [row] = await q.query<{ id: bigint }>(
    'SELECT coalesce(max(id), 0)::bigint AS id FROM sandbox_bridge_messages WHERE to_client = ANY($1)',
    [clientIds],
  );
  return row!.id;
}

export async function markDelivered(q: Queryable, ids: bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query('UPDATE sandbox_bridge_messages SET delivered_at = now() WHERE id = ANY($1) AND delivered_at IS NULL', [
    ids.map(String),
  ]);
}
