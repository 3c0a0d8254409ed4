/**
 * Readiness (GET /readyz): may a balancer send this process traffic? Not while it drains (it turns unready
 * first, so the balancer stops sending before the listener closes), nor while the database does not answer
 * or lacks a migration this process needs. Liveness (GET /healthz) asks nothing: a process that answers
 * at all is alive, and a database outage is no reason to restart it.
 */
import type { Queryable } from '../db/index';
import type { Mode } from '../config';
import { migrationsFor } from '../db/migrations';
import { withinMs } from '../lib/timeout';
import { appliedMigrationIds, ping } from './queries';

/** A frozen Postgres answers nothing: /readyz says so after this long instead of hanging. */
export const READY_DB_TIMEOUT_MS = 1_000;

/**
 * Why the process is not ready. At start, before the app serves (server/start.ts): `database` while Postgres
 * is not reachable yet, `starting` while migrations run and the app is built.
 */
export type Unready = 'draining' | 'database' | 'migrations' | 'starting';

/** Postgres' undefined_table: schema_migrations not there yet. */
const UNDEFINED_TABLE = '42P01';

export interface ReadinessOptions {
  db: Queryable;
  /** Whose migrations must be applied: the sandbox's too in the sandbox (server/db/migrations/). */
  mode: Mode;
  isDraining: () => boolean;
  /** Not ready for a reason known without asking the database (the start's phase); null: ask it. */
  startPhase?: () => Unready | null;
  timeoutMs?: number;
}

/**
 * The readiness check: null when ready, else the reason. At most one database check runs at a time, and
 * probes that arrive meanwhile share it, so probes against a frozen database never hold more than one
 * connection (each waits at most `timeoutMs` for it).
 */
export function readiness(options: ReadinessOptions): () => Promise<Unready | null> {
  const { db } = options;
  const timeoutMs = options.timeoutMs ?? READY_DB_TIMEOUT_MS;
  const needed = migrationsFor(options.mode).map((migration) => migration.id);
  // Migrations are never taken back: once all were seen applied, a ping is enough.
  let migrated = false;
  let checking: Promise<Unready | null> | null = null;

  const check = async (): Promise<Unready | null> => {
    if (migrated) {
      await ping(db);
      return null;
    }
    let applied: Set<string>;
    try {
      applied = new Set(await appliedMigrationIds(db));
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === UNDEFINED_TABLE) return 'migrations';
      throw error;
    }
    if (needed.some((id) => !applied.has(id))) return 'migrations';
    migrated = true;
    return null;
  };

  return async () => {
    if (options.isDraining()) return 'draining';
    const phase = options.startPhase?.() ?? null;
    if (phase) return phase;
    checking ??= check().finally(() => {
      checking = null;
    });
    try {
      return await withinMs(checking, timeoutMs);
    } catch {
      return 'database';
    }
  };
}
