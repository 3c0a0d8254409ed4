/**
 * The server on a real PostgreSQL server (started here in a temp dir, tests/server/support): the `pg`
 * pool path of server/db, the advisory locks, and the money races, which on PGlite's one connection
 * never truly overlap. Two app instances with their own pools share the database, as two processes do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserMe, userMeSchema } from '@contract';
import { type Db, createDb } from '../../server/db/index';
import { migrations, runMigrations } from '../../server/db/migrations';
import { createBackgroundJobs } from '../../server/jobs';
import { createPeriodicJob } from '../../server/lib/periodic-job';
import { loadConfig } from '../../server/config';
import { TEST_ENV, bearer, createTestContext, register, type TestContext } from './helpers';
import {
  expectCancelRacingPaymentHasOneOutcome,
  expectConcurrentChangesSumExactly,
  expectConcurrentCreatesNeverOverdraw,
  expectConcurrentDebitsExact,
  expectConcurrentSalesNeverOverdraw,
  expectCreateAndCancelConsistent,
  expectMoneyLimitHoldsAcrossApps,
  expectMultilinkActivationsExact,
  expectSameUserActivatesOnce,
  expectOneStakePerMint,
  expectQuotesHonouredWhilePriceMoves,
  expectPaymentCreditedOnce,
  expectPayoutsPaidOnce,
  expectPendingMintLimitHolds,
  expectRefundedOnce,
  expectReferralTransfersExact,
  expectSettlementPaysOnce,
  expectTaskClaimedOnce,
} from './race-kit';
import { chainClient } from './payout-kit';
import { CANDLE_INTERVALS, CANDLE_INTERVAL_SECONDS } from '@contract';
import { candles, liveCandle } from '../../server/price/service';
import { financialStats } from '../../server/stats/service';
import { T0, randomTicks, referenceCandles, storeTicks } from './candle-kit';
import { type PostgresServer, startPostgres } from './support/postgres-server';

const START_TIMEOUT_MS = 120_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, START_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
}, START_TIMEOUT_MS);

describe('migrations', () => {
  it('two processes migrating one fresh database at once apply each migration once (advisory lock)', async () => {
    const dbs: Db[] = [];
    try {
      dbs.push(await createDb({ databaseUrl: server.url, dataDir: 'memory://' }));
      dbs.push(await createDb({ databaseUrl: server.url, dataDir: 'memory://' }));
      expect(dbs.map((db) => db.kind)).toEqual(['pg', 'pg']);
      const applied = await Promise.all(dbs.map((db) => runMigrations(db, migrations)));
      const all = migrations.map((m) => m.id);
      // one of them applied everything, the other found it done
      expect(applied.map((ids) => ids.length).sort()).toEqual([0, all.length]);
      expect(applied.flat()).toEqual(all);
      const rows = await dbs[0]!.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual(all);
      expect(await runMigrations(dbs[1]!, migrations)).toEqual([]);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });

  it('returns BIGINT as bigint, past 2^53, and NUMERIC as text', async () => {
    const db = await createDb({ databaseUrl: server.url, dataDir: 'memory://' });
    try {
      const [row] = await db.query<{ big: unknown; count: unknown; numeric: unknown }>(
        `SELECT 9007199254740993::bigint AS big, COUNT(*) AS count, 1.5::numeric(12, 6) AS numeric FROM schema_migrations`,
      );
      expect(row).toEqual({ big: 9_007_199_254_740_993n, count: BigInt(migrations.length), numeric: '1.500000' });
      const [tx] = await db.tx((q) => q.query<{ big: unknown }>('SELECT $1::bigint AS big', [2n ** 62n]));
      expect(tx?.big).toBe(2n ** 62n);
    } finally {
      await db.close();
    }
  });
});

describe('connections', () => {
  it('survives its idle connections being killed (server restart, admin terminate): the next query reconnects', async () => {
    const db = await createDb({ databaseUrl: server.url, dataDir: 'memory://' });
    const admin = await createDb({ databaseUrl: server.url, dataDir: 'memory://' });
    try {
      // a few idle pooled connections
      await Promise.all(Array.from({ length: 3 }, () => db.query('SELECT pg_sleep(0.05)')));
      const [killed] = await admin.query<{ n: number }>(
        `SELECT COUNT(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      expect(killed?.n).toBeGreaterThanOrEqual(3);
      // The pool hears of it while idle: each killed connection errors and leaves the pool.
      await expect.poll(() => db.poolStats?.().total, { timeout: 5_000 }).toBe(0);
      expect(await db.query<{ ok: number }>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await Promise.all([db.close(), admin.close()]);
    }
  });

  it('statements started together in a transaction run one at a time, in order, without pg’s deprecated queue', async () => {
    const db = await createDb({ databaseUrl: server.url, dataDir: 'memory://' });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await db.tx((tx) =>
        Promise.all([
          tx.query<{ n: number }>('SELECT 1 AS n, pg_sleep(0.02)'),
          tx.query<{ n: number }>('SELECT 2 AS n'),
          tx.query<{ n: number }>('SELECT 3 AS n'),
        ]),
      );
      expect(answers.map(([row]) => row?.n)).toEqual([1, 2, 3]);
      // A failed statement aborts the transaction: the ones queued after it are refused, and it rolls back.
      await expect(db.tx((tx) => Promise.all([tx.query('SELECT 1 / 0'), tx.query('SELECT 1')]))).rejects.toThrow(
        /division by zero/,
      );
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await db.close();
    }
  });
});

describe('prepared statements', () => {
  it('reads outside a transaction are prepared once per connection, and survive another process altering the table', async () => {
    const db = await createDb({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 1 });
    const other = await createDb({ databaseUrl: server.url, dataDir: 'memory://' });
    try {
      await other.exec('CREATE TABLE prepared_probe (id int PRIMARY KEY); INSERT INTO prepared_probe VALUES (1)');
      const read = 'SELECT * FROM prepared_probe WHERE id = $1';
      expect(await db.query(read, [1])).toEqual([{ id: 1 }]);
      const prepared = await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
      expect(prepared.map((row) => row.statement)).toContain(read);
      // A migration elsewhere changes what `*` means: the old plan is refused once, the call still answers.
      await other.exec('ALTER TABLE prepared_probe ADD COLUMN note text');
      expect(await db.query(read, [1])).toEqual([{ id: 1, note: null }]);
      expect(await db.query(read, [1])).toEqual([{ id: 1, note: null }]);
      // A real error is still an error.
      await expect(db.query('SELECT * FROM no_such_table')).rejects.toThrow(/does not exist/);
    } finally {
      await other.exec('DROP TABLE IF EXISTS prepared_probe');
      await Promise.all([db.close(), other.close()]);
    }
  });
});

describe('the app on Postgres', () => {
  // Two app instances, two pools, one database: two server processes.
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    // started at once, as two processes do: both migrate and set up the sandbox treasury
    [a, b] = await Promise.all([
      createTestContext({ databaseUrl: server.url }),
      createTestContext({ databaseUrl: server.url }),
    ]);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('registers a user from signed init data; /api/user/me answers on either instance', async () => {
    expect(a.db.kind).toBe('pg');
    const telegramId = 7_123_456_789; // past 2^32: telegram_id is a BIGINT
    const tokens = await register(a.app, { id: telegramId, first_name: 'Pg', username: 'pg_user' });
    for (const ctx of [a, b]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(tokens.token) });
      expect(response.statusCode).toBe(200);
      const me = userMeSchema.parse(response.json<UserMe>());
      expect(me).toMatchObject({ telegram_id: telegramId, first_name: 'Pg', username: 'pg_user', balance_token: '0' });
    }
    const [row] = await b.db.query<{ telegram_id: unknown }>('SELECT telegram_id FROM users WHERE telegram_id = $1', [
      telegramId,
    ]);
    expect(row?.telegram_id).toBe(BigInt(telegramId));
  });

  describe('races that truly overlap here', () => {
    it('concurrent mint requests, over two instances, stop at the pending-mint limit', async () => {
      await expectPendingMintLimitHolds([a, b]);
    });

    it('mints confirmed at a quote while the operator moves the price, over two instances: honoured or refused, never repriced', async () => {
      await expectQuotesHonouredWhilePriceMoves([a, b]);
    });

    it('200 concurrent stake requests for one mint, over two instances, create exactly one stake', async () => {
      await expectOneStakePerMint([a, b]);
    });

    it('four bare watchers over two pools reading one new payment credit it once', async () => {
      await expectPaymentCreditedOnce([a, b]);
    });

    it('the background watcher job run twice at once on each instance credits a payment once', async () => {
      // pollers 4 over [a, b]: two jobs per instance, each its own runOnce under the advisory lock
      await expectPaymentCreditedOnce([a, b], {
        pollers: 4,
        poll: (ctx, node) =>
          createBackgroundJobs({ config: ctx.config, db: ctx.db, bus: ctx.bus, node, log: quiet }).watcher!.runOnce(),
      });
    });

    it('cancel racing the payment has exactly one outcome', async () => {
      await expectCancelRacingPaymentHasOneOutcome([a, b], 20);
    });

    it('50 concurrent debits from a 20-token balance succeed exactly 20 times', async () => {
      await expectConcurrentDebitsExact([a, b]);
    });

    it('100 concurrent credits and debits on one balance sum exactly', async () => {
      await expectConcurrentChangesSumExactly([a, b]);
    });

    it('20 concurrent 1-token transfers from a 10-token referral balance succeed exactly 10 times', async () => {
      await expectReferralTransfersExact([a, b]);
    });

    it('200 concurrent sales of 20 tokens from a 1000-token balance, over two instances, never overdraw: exactly 50', async () => {
      await expectConcurrentSalesNeverOverdraw([a, b], 200);
    });

    it('20 operator refunds of one failed withdrawal at once, over two instances, credit it once', async () => {
      await expectRefundedOnce([a, b], 20);
    });

    it('four settlement runs at once pay a matured mint and a finished stake once', async () => {
      await expectSettlementPaysOnce([a, b]);
    });

    it('200 users activating a 10-use multilink at once, over two instances, get exactly 10 mints', async () => {
      await expectMultilinkActivationsExact([a, b], 200, 10);
    });

    it('one user activating one code 20 times at once, over two instances, gets one mint', async () => {
      await expectSameUserActivatesOnce([a, b], 20);
    });

    it('creating a link while cancelling another (twice at once) keeps holds and refunds exact', async () => {
      await expectCreateAndCancelConsistent([a, b], 10);
    });

    it('two links created at once that together exceed the balance: one is refused, never overdrawn', async () => {
      await expectConcurrentCreatesNeverOverdraw([a, b], 10);
    });

    it('four payout workers stepping at once over two instances, without the advisory lock, pay each withdrawal once', async () => {
      // the dev chain served by instance a, read with TonClient; the workers' database work spread over a and b
      await expectPayoutsPaidOnce([a, b], await chainClient(a), 4);
    });

    it('the payout job run at once on both instances: one sender at a time (advisory lock), each withdrawal paid once', async () => {
      const client = await chainClient(a);
      await expectPayoutsPaidOnce([a, b], client, 4, (ctx, keys) =>
        createBackgroundJobs({
          config: ctx.config,
          db: ctx.db,
          bus: ctx.bus,
          log: quiet,
          hotWallet: keys,
          payoutNode: client,
        }).payouts!.runOnce(),
      );
    });

    it('100 concurrent claims of one validated task, over two instances, credit the reward once', async () => {
      await expectTaskClaimedOnce([a, b], 100);
    });
  });

  describe('rate limits', () => {
    it('100 concurrent money calls of one user over two instances with their own pools: exactly the limit pass', async () => {
      const config = loadConfig({ ...TEST_ENV, RATE_LIMIT_MONEY_PER_USER: '30' });
      const apps = await Promise.all([0, 1].map(() => createTestContext({ databaseUrl: server.url, config })));
      try {
        await expectMoneyLimitHoldsAcrossApps([apps[0]!, apps[1]!], 30);
      } finally {
        await Promise.all(apps.map((ctx) => ctx.close()));
      }
    });
  });

  describe('periodic job advisory lock', () => {
    it('two jobs with one lock key on two pools: only one runs a given round', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const runs = { a: 0, b: 0 };
      const job = (ctx: TestContext, name: 'a' | 'b', run: () => Promise<void>) =>
        createPeriodicJob({
          name,
          intervalMs: 60_000,
          db: ctx.db,
          lockKey: 7_402_116_999,
          run,
          onError: () => undefined,
        });
      const jobA = job(a, 'a', async () => {
        runs.a++;
        entered();
        await gate;
      });
      const jobB = job(b, 'b', async () => {
        runs.b++;
      });

      const first = jobA.runOnce();
      await inside; // A holds the lock and is running
      expect(await jobB.runOnce()).toBe(false);
      expect(await jobB.runOnce()).toBe(false);
      release();
      expect(await first).toBe(true);
      expect(runs).toEqual({ a: 1, b: 0 });
      // the lock ends with A's run: the next round is B's to take
      expect(await jobB.runOnce()).toBe(true);
      expect(runs).toEqual({ a: 1, b: 1 });
    });
  });
});

describe('candles on Postgres', () => {
  // A database of its own: the random ticks must not move the price the app tests above mint at.
  let db: Db;
  beforeAll(async () => {
    const admin = await createDb({ databaseUrl: server.url, dataDir: 'memory://' });
    try {
      await admin.query('CREATE DATABASE candles_check');
    } finally {
      await admin.close();
    }
    db = await createDb({ databaseUrl: server.url.replace(/\/[^/]+$/, '/candles_check'), dataDir: 'memory://' });
    await runMigrations(db, migrations);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await db?.close();
  });

  it('the SQL aggregation matches the naive reference for every interval, with gaps, carry-in, cap and the first tick', async () => {
    const ticks = randomTicks(15, 300);
    await storeTicks(db, ticks);
    const last = Math.floor(ticks.reduce((a, b) => (b.at > a.at ? b : a)).at);
    const now = last + 2 * 86_400 + 5;
    for (const interval of CANDLE_INTERVALS) {
      const seconds = CANDLE_INTERVAL_SECONDS[interval];
      const ranges = [
        {},
        { from: 0 },
        { to: T0 - 1 },
        { from: T0 + 7 * seconds + 1, to: last },
        { from: last - seconds, to: now + 999 },
        { from: T0 + 3600, to: T0 + 3600 },
      ];
      for (const range of ranges) {
        const got = await candles(db, { interval, from_timestamp: range.from, to_timestamp: range.to }, now);
        expect(got.candles, `${interval} ${JSON.stringify(range)}`).toEqual(
          referenceCandles(ticks, seconds, range, now),
        );
      }
      const at = T0 + 5 * 3600 + 17;
      expect(await liveCandle(db, interval, at)).toEqual(
        referenceCandles(ticks, seconds, { from: at, to: at }, now)[0] ?? null,
      );
    }
  });

  it('the financial figures read on Postgres', async () => {
    expect(await financialStats(db, 7)).toMatchObject({ users: 0, circulating: '0', ton_paid_out: '0', updated_at: 7 });
  });
});
