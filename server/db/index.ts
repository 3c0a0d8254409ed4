/**
 * The one database module: embedded PGlite by default, a Postgres server when DATABASE_URL is set.
 * Both return BIGINT as `bigint` (money is never a float) and NUMERIC as text.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import { DatabaseUnavailableError, classifyDatabaseError } from './faults';

export interface Queryable {
  /** One statement with `$1…` parameters; returns the rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction: commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'pg';
  /** Postgres: the pool's connections now (the metrics); PGlite has no pool. */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection (every one is busy and the pool is at its size). */
  waiting: number;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /**
   * Postgres: connections the pool opens at most (default 10). A request holds one for a statement or a
   * transaction; more connections than Postgres has cores mostly queue inside Postgres instead.
   */
  poolSize?: number | undefined;
  /** Postgres timeouts (docs/operations.md "Settings"); absent: node-postgres' and the server's defaults (none). */
  timeouts?: DbTimeouts | undefined;
  /**
   * Postgres at start: an unreachable server (DatabaseUnavailableError: refused, unresolved, starting up) is
   * tried again with backoff for this long before createDb gives up (absent or 0: one try). Any other
   * refusal (a wrong password, no such database) fails at once: waiting would not change it.
   */
  startWait?: StartWait | undefined;
  /**
   * PGlite: the data directory to start from, as `PGlite.dumpDataDir` wrote it. The tests start each
   * database from one migrated once (tests/server/global-setup.ts) instead of running every migration again.
   */
  template?: Blob | undefined;
}

export interface StartWait {
  timeoutMs: number;
  /** Hears each failed try before the wait that follows it (server/start.ts logs it and answers the probes). */
  onUnavailable(attempt: UnavailableAttempt): Promise<void> | void;
}

export interface UnavailableAttempt {
  /** 1 for the first try. */
  attempt: number;
  error: DatabaseUnavailableError;
  /** The wait before the next try. */
  retryInMs: number;
  /** What is left of the start's wait. */
  leftMs: number;
}

export interface DbTimeouts {
  /** Waiting for a connection: a new one, or a free one of the pool. */
  connectMs: number;
  /** statement_timeout; the client gives up on an unanswered statement STATEMENT_GRACE_MS later. */
  statementMs: number;
  /** idle_in_transaction_session_timeout. */
  idleInTransactionMs: number;
}

/** The client's read timeout is this much longer than statement_timeout, so a live server cancels first. */
const STATEMENT_GRACE_MS = 1_000;

const INT8_OID = 20;

export async function createDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? createPgDb(options.databaseUrl, options.poolSize ?? 10, options.timeouts, options.startWait)
    : createPgliteDb(options.dataDir, options.template);
}

/** The waits between tries of an unreachable Postgres at start: 0.5 s, doubling, at most 10 s. */
const START_RETRY_FIRST_MS = 500;
const START_RETRY_MAX_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first statement, tried again while the server is unreachable and the start's wait lasts. */
async function firstAnswer(pool: pg.Pool, wait: StartWait | undefined): Promise<void> {
  const deadline = performance.now() + (wait?.timeoutMs ?? 0);
  for (let attempt = 1; ; attempt++) {
    try {
      await classified(pool.query('SELECT 1'));
      return;
    } catch (error) {
      const leftMs = deadline - performance.now();
      if (!(error instanceof DatabaseUnavailableError) || !wait || leftMs <= 0) throw error;
      const retryInMs = Math.min(START_RETRY_FIRST_MS * 2 ** (attempt - 1), START_RETRY_MAX_MS, leftMs);
      await wait.onUnavailable({ attempt, error, retryInMs, leftMs });
      await sleep(retryInMs);
    }
  }
}

async function createPgliteDb(dataDir: string, template: Blob | undefined): Promise<Db> {
  // PGlite creates the data directory itself but not its parents (.data/ on a fresh clone).
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  return pgliteDb(await openPglite(dataDir, template));
}

/** An embedded database with the server's type parsers (BIGINT as bigint), optionally from a dump. */
export function openPglite(dataDir: string, template?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir, {
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
    ...(template ? { loadDataDir: template } : {}),
  });
}

/** The Db over an open PGlite (closing it closes the PGlite). */
export function pgliteDb(lite: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    // PGlite has one connection: a transaction holds it, so other queries wait until it ends.
    tx: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: () => lite.close(),
  };
}

/** At most this many distinct statement texts are prepared by name (a bound on a runaway of generated SQL). */
const MAX_NAMED_STATEMENTS = 1000;
/** Postgres: "cached plan must not change result type" (a table a prepared `SELECT *` reads was altered). */
const PLAN_CHANGED_RESULT_TYPE = '0A000';

/**
 * Names for the statements run outside transactions (the read paths): Postgres parses and plans a
 * named statement once per connection instead of on every call, which was most of a simple read's
 * cost (GET /user/me's statement 3 400 → 11 000 a second). When a migration run by another
 * process alters a table under a prepared `SELECT *`, Postgres refuses the old plan once: the call is
 * run again unnamed and every name changes, so each connection prepares afresh.
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private generation = 0;

  nameOf(sql: string): string | undefined {
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= MAX_NAMED_STATEMENTS) return known;
    const name = `s${this.generation}_${this.names.size}`;
    this.names.set(sql, name);
    return name;
  }

  renameAll(): void {
    this.generation++;
    this.names.clear();
  }
}

/** Rethrows a database fault as DatabaseUnavailableError (503), anything else as it is. */
async function classified<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw classifyDatabaseError(error);
  }
}

/** A fault of the connection itself (lost, timed out): nothing more can be sent on it, not even ROLLBACK. */
const connectionLost = (error: unknown): boolean =>
  error instanceof DatabaseUnavailableError && typeof (error.cause as { code?: unknown } | null)?.code !== 'string';

async function createPgDb(
  connectionString: string,
  poolSize: number,
  timeouts: DbTimeouts | undefined,
  startWait: StartWait | undefined,
): Promise<Db> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => BigInt(value));
  // A stopped server refuses at once; a frozen one answers nothing, so every wait has a bound: getting a
  // connection (connectionTimeoutMillis, also while queued for a free one), a statement (statement_timeout
  // on the server, query_timeout on the client), a transaction left open (idle_in_transaction_session_timeout).
  // A connection whose statement timed out on the client is dropped (pg-pool destroys a client released
  // with an error), so a frozen server's sockets never come back into use.
  const pool = new pg.Pool({
    connectionString,
    types,
    max: poolSize,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          query_timeout: timeouts.statementMs + STATEMENT_GRACE_MS,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }
      : {}),
  });
  // An idle pooled connection that dies (Postgres restart or failover, pg_terminate_backend) is an
  // 'error' event on the pool; unhandled, it would crash the process. The pool has already dropped
  // that connection and opens a new one on the next query, which reports a real outage itself.
  pool.on('error', () => undefined);
  const names = new StatementNames();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await classified(q.query(sql, params))).rows as T[];
    },
    async exec(sql: string) {
      await classified(q.query(sql));
    },
  });
  /**
   * A transaction's connection runs one statement at a time, and a service may start several at once
   * in it (Promise.all over reads). pg queues them itself but deprecates that (gone in pg@9), so they
   * queue here, in the order they were started; one that fails does not stop the next from being sent
   * (Postgres then refuses it: the transaction is aborted), as pg's own queue did.
   */
  const oneAtATime = (q: Queryable): Queryable => {
    let last: Promise<unknown> = Promise.resolve();
    const run = <R>(statement: () => Promise<R>): Promise<R> => {
      const next = last.then(statement, statement);
      last = next.catch(() => undefined);
      return next;
    };
    return {
      query: <T>(sql: string, params?: unknown[]) => run(() => q.query<T>(sql, params)),
      exec: (sql: string) => run(() => q.exec(sql)),
    };
  };
  const outside: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      const name = names.nameOf(sql);
      if (name === undefined) return (await classified(pool.query(sql, params))).rows as T[];
      try {
        return (await pool.query({ name, text: sql, values: params })).rows as T[];
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (code !== PLAN_CHANGED_RESULT_TYPE || !message?.includes('cached plan')) throw classifyDatabaseError(error);
        names.renameAll();
        return (await classified(pool.query(sql, params))).rows as T[];
      }
    },
    exec: wrap(pool).exec,
  };
  // Fail at start, not on the first request, when the server stays unreachable (or refuses this client).
  try {
    await firstAnswer(pool, startWait);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    kind: 'pg',
    ...outside,
    async tx(fn) {
      const client = await classified(pool.connect());
      const q = oneAtATime(wrap(client));
      // Released with an error, pg-pool destroys the connection instead of reusing it.
      let broken: Error | undefined;
      // A checked-out connection that dies between statements (a Postgres shutdown, pg_terminate_backend)
      // emits 'error' on the client; unheard, it would crash the process. The next statement fails itself.
      const onLost = (error: Error) => {
        broken = error;
      };
      client.on('error', onLost);
      try {
        await q.exec('BEGIN');
        const result = await fn(q);
        await q.exec('COMMIT');
        return result;
      } catch (error) {
        // A lost connection is rolled back by the server when it goes; on a live one, ROLLBACK — queued
        // behind the statements still running (Promise.all rejects at the first failure while the others
        // are under way), never sent beside them.
        if (connectionLost(error)) broken = error as Error;
        else await q.exec('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(broken);
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
