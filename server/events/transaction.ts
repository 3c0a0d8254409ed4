/**
 * Commands that change state and notify sockets (or the server processes: a revoked session) run here:
 * nobody hears about a change that rolled back. On Postgres the messages are NOTIFYed inside the transaction itself, just before it
 * commits (Postgres delivers them on commit, to every server process: ./pg-bus.ts); on PGlite, one
 * process, they are queued and published after the commit.
 */
import type { OperatorSocketMessage, SocketMessage } from '@contract';
import type { Db, Queryable } from '../db/index';
import { type BusEvent, type EventBus, publishEvent } from './bus';
import { isPgEventBus } from './pg-bus';

export interface Tx extends Queryable {
  publishToUser(userId: number, message: SocketMessage): void;
  publishGlobal(message: SocketMessage): void;
  publishSessionsRevoked(sessionIds: string[]): void;
  publishToOperators(message: OperatorSocketMessage): void;
  /** The sandbox bridge stored messages for these client ids (server/sandbox/bridge). */
  publishBridge(clientIds: string[]): void;
}

export async function inTransaction<T>(db: Db, bus: EventBus, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const outbox: BusEvent[] = [];
  const result = await db.tx(async (q) => {
    const value = await fn({
      query: <R>(sql: string, params?: unknown[]) => q.query<R>(sql, params),
      exec: (sql) => q.exec(sql),
      publishToUser: (userId, message) => outbox.push({ userId, message }),
      publishGlobal: (message) => outbox.push({ userId: null, message }),
      publishSessionsRevoked: (sessionIds) => {
        if (sessionIds.length > 0) outbox.push({ revokedSessions: sessionIds });
      },
      publishToOperators: (message) => outbox.push({ operators: message }),
      publishBridge: (clientIds) => {
        if (clientIds.length > 0) outbox.push({ bridge: clientIds });
      },
    });
    if (isPgEventBus(bus) && outbox.length > 0) await bus.notifyWithin(q, outbox.splice(0));
    return value;
  });
  for (const event of outbox) publishEvent(bus, event);
  return result;
}
