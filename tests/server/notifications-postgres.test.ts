/**
 * The notification sender on a real PostgreSQL server (tests/server/support), two processes' worth of
 * connections on one outbox: two senders running at once (the claim's SKIP LOCKED, without the job's lock)
 * send each row exactly once, and the job's advisory lock lets one of two runs through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackgroundJobs } from '../../server/jobs';
import { createTestContext, type TestContext } from './helpers';
import { botUser, fakeClock, newSender, outbox, queueFor, quietLog, recordingBotApi } from './notification-kit';
import { type PostgresServer, startPostgres } from './support/postgres-server';

const START_TIMEOUT_MS = 120_000;

let server: PostgresServer;
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  server = await startPostgres();
  a = await createTestContext({ databaseUrl: server.url });
  b = await createTestContext({ databaseUrl: server.url });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await server?.stop();
}, START_TIMEOUT_MS);

describe('two senders on one outbox', () => {
  it('running at once, they send each row exactly once between them', async () => {
    await a.db.query('DELETE FROM notifications');
    const users = [];
    for (let i = 0; i < 40; i++) users.push(await botUser(a.db));
    // Two rows for some chats: the second waits for the chat's pace, whichever sender takes it.
    for (const user of users) await queueFor(a.db, user.id);
    for (const user of users.slice(0, 10)) await queueFor(a.db, user.id);

    const clock = fakeClock();
    const botA = recordingBotApi(clock);
    const botB = recordingBotApi(clock);
    const limits = { runBudgetMs: 60_000 };
    const [runA, runB] = await Promise.all([
      newSender({ db: a.db, config: a.config, botApi: botA.api }, clock, { limits }).run(),
      newSender({ db: b.db, config: b.config, botApi: botB.api }, clock, { limits }).run(),
    ]);
    expect(runA.sent + runB.sent).toBe(50);
    const sent = [...botA.sent, ...botB.sent].map((m) => m.text);
    expect(new Set(sent).size).toBe(50);
    expect(sent).toHaveLength(50);
    const rows = await outbox(a.db);
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
  });

  it("the job's lock: of two runs at once, one sends and the other is skipped", async () => {
    await a.db.query('DELETE FROM notifications');
    const user = await botUser(a.db);
    await queueFor(a.db, user.id);
    const botA = recordingBotApi();
    const botB = recordingBotApi();
    const jobsA = createBackgroundJobs({
      config: a.config,
      db: a.db,
      bus: a.bus,
      log: { ...quietLog, info: () => undefined },
      botApi: botA.api,
    });
    const jobsB = createBackgroundJobs({
      config: b.config,
      db: b.db,
      bus: b.bus,
      log: { ...quietLog, info: () => undefined },
      botApi: botB.api,
    });
    const ran = await Promise.all([jobsA.notifications!.runOnce(), jobsB.notifications!.runOnce()]);
    expect(botA.sent.length + botB.sent.length).toBe(1);
    // Either both ran one after the other (the second found nothing) or one was skipped: never two sends.
    expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    await Promise.all([jobsA.stop(), jobsB.stop()]);
  });
});
