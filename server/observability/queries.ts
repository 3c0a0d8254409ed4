/** The observability domain's SQL: what /readyz asks the database (health.ts). */
import type { Queryable } from '../db/index';

/** The cheapest statement: the database answers. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** The ids of the migrations applied (throws Postgres' undefined_table before the first migration). */
export async function appliedMigrationIds(db: Queryable): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id);
}
