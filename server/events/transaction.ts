/**
 * Commands that change state and notify sockets run here: messages queued during the transaction
 * are published only after it commits, so a client never hears about a change that rolled back.
 * (A LISTEN/NOTIFY bus would get this for free, NOTIFY being delivered at commit.)
 */
import type { SocketMessage } from '@/shared/api/contract';
import type { Db, Queryable } from '../db/index';
import type { EventBus } from './bus';

export interface Tx extends Queryable {
  publishToUser(userId: number, message: SocketMessage): void;
  publishGlobal(message: SocketMessage): void;
}

export async function inTransaction<T>(db: Db, bus: EventBus, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const outbox: Array<() => void> = [];
  const result = await db.tx((q) =>
    fn({
      query: <R>(sql: string, params?: unknown[]) => q.query<R>(sql, params),
      exec: (sql) => q.exec(sql),
      publishToUser: (userId, message) => outbox.push(() => bus.publishToUser(userId, message)),
      publishGlobal: (message) => outbox.push(() => bus.publishGlobal(message)),
    }),
  );
  for (const publish of outbox) publish();
  return result;
}
