/**
 * Server test kit: one migrated in-memory PGlite (a copy of the one the run migrated once) and one app per
 * test file (PGlite costs seconds and hundreds of MB per instance), plus init data signed exactly as Telegram signs it. With `databaseUrl`
 * the app runs on that Postgres server instead (tests/server/postgres.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sign } from '@telegram-apps/init-data-node';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../server/app';
import { type Config, type Mode, SANDBOX_BOT_TOKEN, loadConfig } from '../../server/config';
import { type Db, type DbTimeouts, createDb } from '../../server/db/index';
import { migrationsFor, runMigrations } from '../../server/db/migrations';
import { type EventBus, createInProcessBus } from '../../server/events/bus';
import type { TokenPair } from '@contract';

export interface TestContext {
  config: Config;
  db: Db;
  bus: EventBus;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The tests' settings: the sandbox's, with rate limits far above what any test does from its one address
 * (the limits stay on; tests/server/protection.test.ts sets low ones to see them refuse), and load shedding
 * only past 64 GB of heap, never for event-loop delay: the embedded PGlite runs on the test's own event loop,
 * and @fastify/under-pressure reads a sample interval (1 s) in which the loop never turned as an infinite
 * delay, whatever the threshold, so on a busy machine one long statement answered the next second's calls 503
 * (seen in CI: a sign-in in protection.test.ts). protection.test.ts sees shedding refuse by the heap threshold.
 */
export const TEST_ENV = {
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_SIGN_IN_PER_IP: '100000',
  RATE_LIMIT_MONEY_PER_IP: '100000',
  RATE_LIMIT_MONEY_PER_USER: '100000',
  RATE_LIMIT_TON_PROOF_PER_IP: '100000',
  RATE_LIMIT_TON_PROOF_PER_USER: '100000',
  RATE_LIMIT_SHARE_MESSAGE_PER_IP: '100000',
  RATE_LIMIT_SHARE_MESSAGE_PER_USER: '100000',
  RATE_LIMIT_ADMIN_PER_IP: '100000',
  LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  // The same for memory: a test file holds several embedded databases (and the TON emulator) in its own
  // heap, which the production default (90 % of V8's limit) would read as a server about to run out.
  LOAD_MAX_HEAP_USED_BYTES: String(64 * 1024 ** 3),
} as const;

export function sandboxConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig(TEST_ENV), ...overrides };
}

/**
 * A production app's settings over the test ones (no sandbox routes, the Bot API's community checker
 * unless one is given), for an app built beside a sandbox one on the same database.
 */
export function productionConfig(overrides: Partial<Config> = {}): Config {
  return sandboxConfig({
    mode: 'production',
    botToken: '123456:production-token',
    botUsername: 'real_bot',
    jwtSecret: 'p'.repeat(32),
    adminToken: 'production-admin-token',
    operatorTelegramIds: [],
    communityChatId: '@real',
    communityUrl: 'https://t.me/real',
    publicUrl: 'https://app.example.com',
    tonNodeUrl: 'https://toncenter.com/api/v2/jsonRPC',
    ...overrides,
  });
}

const templates = new Map<Mode, Promise<Blob>>();

/** The database the run migrated once for `mode` (tests/server/global-setup.ts), read once a test file. */
function migratedTemplate(mode: Mode): Promise<Blob> {
  let template = templates.get(mode);
  if (!template) {
    template = readFile(inject('migratedDatabases')[mode]).then((data) => new Blob([data]));
    templates.set(mode, template);
  }
  return template;
}

/**
 * A database migrated for `mode` (the sandbox's by default: its tables too): in-memory PGlite started from
 * the run's migrated one, or the Postgres server at `databaseUrl` (migrated here). runMigrations runs on
 * both: on the copy it finds nothing left to apply.
 */
export async function createTestDb(databaseUrl?: string, timeouts?: DbTimeouts, mode: Mode = 'sandbox'): Promise<Db> {
  const db = await createDb({
    databaseUrl,
    dataDir: 'memory://',
    timeouts,
    template: databaseUrl ? undefined : await migratedTemplate(mode),
  });
  await runMigrations(db, migrationsFor(mode));
  return db;
}

export async function createTestContext(
  options: Partial<Omit<BuildAppOptions, 'db' | 'config'>> & {
    config?: Config;
    databaseUrl?: string;
    timeouts?: DbTimeouts;
  } = {},
): Promise<TestContext> {
  const { databaseUrl, timeouts, ...appOptions } = options;
  const config = options.config ?? sandboxConfig();
  const db = await createTestDb(databaseUrl, timeouts, config.mode);
  const bus = options.bus ?? createInProcessBus();
  const app = await buildApp({ ...appOptions, config, db, bus, logger: false });
  return {
    config,
    db,
    bus,
    app,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

let nextTelegramId = 700_000_000;
export const newTelegramId = () => nextTelegramId++;

export interface TestTelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export function signInitData(
  user: TestTelegramUser | null,
  options: { authDate?: Date; startParam?: string; botToken?: string } = {},
): string {
  return sign(
    {
      ...(user
        ? {
            user: {
              first_name: 'Test',
              language_code: 'en',
              allows_write_to_pm: true,
              ...user,
            },
          }
        : {}),
      // Telegram's is new for every launch, so two launches of one user in one second differ (the console
      // takes each launch data once).
      query_id: `AAH${randomBytes(12).toString('base64url')}`,
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    options.botToken ?? SANDBOX_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

export async function register(
  app: FastifyInstance,
  user: TestTelegramUser,
  extra: { ref_code?: string; startParam?: string } = {},
): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      init_data: signInitData(user, { startParam: extra.startParam }),
      ...(extra.ref_code ? { ref_code: extra.ref_code } : {}),
    },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenPair>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
