/**
 * The sandbox's TON Connect HTTP bridge: messages posted for a client id are stored until their TTL (within
 * the caps of limits.ts) and written to that client's open streams, on every process (the bus's bridge kind
 * says which client ids have news; each stream then reads the database past its cursor). Expired ones go
 * with the next insert, or the sandbox's purge (../purge.ts), whichever comes first.
 */
import type { Deps } from '../../deps';
import { inTransaction } from '../../events/transaction';
import { BRIDGE_MAX_MESSAGES_PER_ADDRESS, BRIDGE_MAX_MESSAGES_PER_CLIENT_ID } from './constants';
import { tooManyMessages } from './limits';
import {
  type BridgeMessageRow,
  insertBridgeMessage,
  lastMessageId,
  lockBridgeInserts,
  markDelivered,
  messagesAfter,
  undeliveredUpTo,
  unexpiredCounts,
} from './queries';

/**
 * Stores a message for `to` (as if `from` POSTed it to the bridge) and tells every process's streams;
 * 429 `bridgeTooManyMessages` and nothing stored when `to` or the sender's address holds its cap of
 * unexpired messages already (limits.ts).
 */
export async function postBridgeMessage(
  deps: Deps,
  input: {
    from: string;
    to: string;
    ttlSeconds: number;
    message: string;
    traceId?: string;
    /** Who posted it: the caller's address (server/http/protection.ts addressKey), for the cap per address. */
    senderAddress: string;
  },
): Promise<{ id: string }> {
  const to = input.to.toLowerCase();
  const { senderAddress } = input;
  return inTransaction(deps.db, deps.bus, async (tx) => {
    await lockBridgeInserts(tx);
    const stored = await unexpiredCounts(tx, { to, senderAddress });
    if (stored.forClientId >= BRIDGE_MAX_MESSAGES_PER_CLIENT_ID) {
      throw tooManyMessages('for this client id', BRIDGE_MAX_MESSAGES_PER_CLIENT_ID);
    }
    if (stored.fromAddress >= BRIDGE_MAX_MESSAGES_PER_ADDRESS) {
      throw tooManyMessages('from this address', BRIDGE_MAX_MESSAGES_PER_ADDRESS);
    }
    const id = await insertBridgeMessage(tx, {
      to,
      from: input.from.toLowerCase(),
      message: input.message,
      traceId: input.traceId ?? null,
      ttlSeconds: input.ttlSeconds,
      senderAddress,
    });
    tx.publishBridge([to]);
    return { id: String(id) };
  });
}

/** One message as a stream writes it: the SSE event id and its data (the SDK's BridgeIncomingMessage). */
export interface BridgeEvent {
  id: string;
  data: { from: string; message: string; trace_id?: string };
}

const eventOf = (row: BridgeMessageRow): BridgeEvent => ({
  id: String(row.id),
  data: {
    from: row.from_client,
    message: row.message,
    ...(row.trace_id !== null ? { trace_id: row.trace_id } : {}),
  },
});

export interface BridgeReader {
  /** The messages this stream has not written yet, in id order; `written` must be called once they are. */
  read(): Promise<BridgeEvent[]>;
  /** Marks these messages delivered (a later stream without last_event_id skips them). */
  written(events: BridgeEvent[]): Promise<void>;
}

/**
 * What one stream reads. With `lastEventId` (the client says what it has): every unexpired message past it,
 * delivered or not. Without: every unexpired message not delivered yet up to the newest one now, and from
 * then on everything past that. Either way the cursor then moves past each message read, so a stream writes
 * each message once; ids follow commit order (queries.ts), so nothing commits behind the cursor.
 */
export function bridgeReader(
  deps: Pick<Deps, 'db'>,
  clientIds: string[],
  lastEventId: string | undefined,
): BridgeReader {
  let cursor: bigint | null = lastEventId === undefined ? null : BigInt(lastEventId);
  return {
    async read() {
      let rows: BridgeMessageRow[];
      if (cursor === null) {
        const upTo = await lastMessageId(deps.db, clientIds);
        rows = await undeliveredUpTo(deps.db, clientIds, upTo);
        cursor = upTo;
      } else {
        rows = await messagesAfter(deps.db, clientIds, cursor);
      }
      for (const row of rows) if (row.id > cursor) cursor = row.id;
      return rows.map(eventOf);
    },
    async written(events) {
      await markDelivered(
        deps.db,
        events.map((event) => BigInt(event.id)),
      );
    },
  };
}
