/**
 * compose.yaml's Postgres creates the app's role with deploy/postgres/app-role.sql (docs/deploy.md step 4,
 * docs/security.md "The database role"). Run here as the image runs it — psql, as the superuser, the names
 * and password from the environment — on a real Postgres: the role owns its database and is nothing more
 * (no superuser, no CREATEDB or CREATEROLE), no other role may connect to that database, and the server's
 * migrations run as that role.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/index';
import { migrations, runMigrations } from '../../server/db/migrations';
import { type PostgresServer, findPostgresBinDir, startPostgres } from './support/postgres-server';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../deploy/postgres/app-role.sql', import.meta.url));
/** Not `app`: the test server's own superuser has that name. */
const ROLE = 'ton_app';

let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
}, 60_000);

/** The URL of another role or database on the test server. */
const urlOf = (user: string, database: string) => {
  const url = new URL(postgres.url);
  url.username = user;
  url.pathname = `/${database}`;
  return url.toString();
};

async function asSuperuser<T>(query: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: urlOf(new URL(postgres.url).username, 'postgres') });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('deploy/postgres/app-role.sql', () => {
  it("makes the app's role the owner of its database and nothing more; the server migrates as it", async () => {
    const password = randomBytes(24).toString('hex');
    // As the image runs an init file: psql as the superuser, on the `postgres` database, without psqlrc.
    const { hostname, port, username } = new URL(postgres.url);
    await run(
      join(findPostgresBinDir(), 'psql'),
      [
        '-v',
        'ON_ERROR_STOP=1',
        '--no-psqlrc',
        '-h',
        hostname,
        '-p',
        port,
        '-U',
        username,
        '-d',
        'postgres',
        '-f',
        SCRIPT,
      ],
      { env: { ...process.env, APP_DATABASE_USER: ROLE, APP_DATABASE_NAME: ROLE, APP_DATABASE_PASSWORD: password } },
    );

    const [role] = await asSuperuser<Record<string, boolean>>(
      `SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin,
              rolpassword LIKE 'SCRAM-SHA-256$%' AS has_password
         FROM pg_authid WHERE rolname = $1`,
      [ROLE],
    );
    expect(role).toEqual({
      rolsuper: false,
      rolcreatedb: false,
      rolcreaterole: false,
      rolreplication: false,
      rolbypassrls: false,
      rolcanlogin: true,
      has_password: true,
    });
    const [database] = await asSuperuser<{ owner: string }>(
      'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
      [ROLE],
    );
    expect(database?.owner).toBe(ROLE);
    // No one else may connect to it (PUBLIC's default CONNECT is revoked).
    await asSuperuser('CREATE ROLE stranger LOGIN');
    const [stranger] = await asSuperuser<{ can: boolean }>(
      `SELECT has_database_privilege('stranger', $1, 'CONNECT') AS can`,
      [ROLE],
    );
    expect(stranger?.can).toBe(false);

    // The server's migrations, as that role, on its database; a superuser's power it does not have.
    const db = await createDb({ databaseUrl: urlOf(ROLE, ROLE), dataDir: 'memory://' });
    try {
      expect(await runMigrations(db, migrations)).toHaveLength(migrations.length);
      await expect(db.query('CREATE DATABASE another')).rejects.toThrow(/permission denied/);
      await expect(db.query("COPY (SELECT 1) TO PROGRAM 'true'")).rejects.toThrow(
        /permission denied|must be superuser/,
      );
    } finally {
      await db.close();
    }
  }, 120_000);
});
