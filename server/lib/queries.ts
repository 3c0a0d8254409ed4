/** The platform's SQL under server/lib: the periodic jobs' lock across processes (periodic-job.ts). */
import type { Queryable } from '../db/index';

/**
 * Takes `lockKey`'s advisory lock for the transaction of `q`, unless another process holds it; answers
 * whether it did. The transaction only holds the lock while the run works on other connections, so it
 * sits idle for the whole run: exempt from DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, which would end it
 * mid-run.
 */
export async function tryRunLock(q: Queryable, lockKey: number): Promise<boolean> {
  await q.query('SET LOCAL idle_in_transaction_session_timeout = 0');
  const [row] = await q.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [lockKey]);
  return row?.locked === true;
}
