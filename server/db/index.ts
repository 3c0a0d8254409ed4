/**
 * The one database module: embedded PGlite by default, a Postgres server when DATABASE_URL is set.
 * Both return BIGINT as `bigint` (money is never a float) and NUMERIC as text.
 */
import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

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
}

const INT8_OID = 20;

export async function createDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? createPgDb(options.databaseUrl, options.poolSize ?? 10) : createPgliteDb(options.dataDir);
}

async function createPgliteDb(dataDir: string): Promise<Db> {
  // PGlite creates the data directory itself but not its parents (.data/ on a fresh clone).
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir, {
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
  });
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
 * cost (issue #14: GET /user/me's statement 3 400 → 11 000 a second). When a migration run by another
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

async function createPgDb(connectionString: string, poolSize: number): Promise<Db> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, (value: string) => BigInt(value));
  const pool = new pg.Pool({ connectionString, types, max: poolSize });
  // An idle pooled connection that dies (Postgres restart or failover, pg_terminate_backend) is an
  // 'error' event on the pool; unhandled, it would crash the process. The pool has already dropped
  // that connection and opens a new one on the next query, which reports a real outage itself.
  pool.on('error', () => undefined);
  const names = new StatementNames();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      return (await q.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const outside: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      const name = names.nameOf(sql);
      if (name === undefined) return (await pool.query(sql, params)).rows as T[];
      try {
        return (await pool.query({ name, text: sql, values: params })).rows as T[];
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        if (code !== PLAN_CHANGED_RESULT_TYPE || !message?.includes('cached plan')) throw error;
        names.renameAll();
        return (await pool.query(sql, params)).rows as T[];
      }
    },
    exec: wrap(pool).exec,
  };
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'pg',
    ...outside,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
