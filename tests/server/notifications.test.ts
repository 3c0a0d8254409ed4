/**
 * Notifications through the bot (server/notifications): the outbox written in the causing transaction,
 * the sender's limits and outcomes with a fake clock, and who may be written to.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Metrics } from '../../server/observability/metrics';
import { notify } from '../../server/notifications/service';
import { notificationsSettingSchema, userMeSchema } from '@contract';
import { type TestContext, createTestContext, newTelegramId, register, signInitData } from './helpers';
import { newUser } from './mint-kit';
import { botUser, fakeClock, newSender, outbox, queueFor, recordingBotApi } from './notification-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.query('DELETE FROM notifications');
  await ctx.db.query('DELETE FROM notifications_pause');
});

const setup = () => {
  const clock = fakeClock();
  const bot = recordingBotApi(clock);
  const sender = newSender({ db: ctx.db, config: ctx.config, botApi: bot.api }, clock);
  return { clock, bot, sender };
};

describe('the outbox', () => {
  it('a committed event writes one row and the job sends it once', async () => {
    const { bot, sender } = setup();
    const user = await botUser(ctx.db);
    await queueFor(ctx.db, user.id);
    const run = await sender.run();
    expect(run.sent).toBe(1);
    expect(bot.sent.map((m) => m.chat_id)).toEqual([String(user.telegramId)]);
    const [row] = await outbox(ctx.db, user.id);
    expect(row?.sent_at).not.toBeNull();
    expect(row?.attempts).toBe(1);
    // The next run finds nothing: sent once.
    expect((await sender.run()).sent).toBe(0);
    expect(bot.sent).toHaveLength(1);
  });

  it('a rolled-back transaction notifies nobody', async () => {
    const { bot, sender } = setup();
    const user = await botUser(ctx.db);
    await expect(
      ctx.db.tx(async (q) => {
        await notify(q, { userId: user.id, kind: 'referral_joined', params: { name: 'X' }, dedupeKey: 'rollback:1' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox(ctx.db, user.id)).toEqual([]);
    await sender.run();
    expect(bot.sent).toEqual([]);
  });

  it('the same event notified twice is one row', async () => {
    const user = await botUser(ctx.db);
    const event = { userId: user.id, kind: 'referral_joined' as const, params: { name: 'X' }, dedupeKey: 'twice:1' };
    expect(await ctx.db.tx((q) => notify(q, event))).toBe(true);
    expect(await ctx.db.tx((q) => notify(q, event))).toBe(false);
    expect(await outbox(ctx.db, user.id)).toHaveLength(1);
  });
});

describe('a sender that stops mid-send', () => {
  it('leaves its claimed row unsent for good (at most once), closed as failed after 5 minutes; the others go out', async () => {
    const { bot, sender, clock } = setup();
    const cut = await botUser(ctx.db);
    const other = await botUser(ctx.db);
    await queueFor(ctx.db, cut.id);
    await queueFor(ctx.db, other.id);
    // What a process leaves when it stops after the claim, before the Bot API answered.
    await ctx.db.query('UPDATE notifications SET claimed_at = $2, attempts = 1 WHERE user_id = $1', [
      cut.id,
      new Date(clock.now()),
    ]);
    expect((await sender.run()).sent).toBe(1);
    expect(bot.sent.map((m) => m.chat_id)).toEqual([String(other.telegramId)]);

    clock.advance(5 * 60_000 + 1);
    const run = await sender.run();
    expect(run).toMatchObject({ sent: 0, abandoned: 1 });
    const [row] = await outbox(ctx.db, cut.id);
    expect(row?.sent_at).toBeNull();
    expect(row?.failed_at).not.toBeNull();
    expect(row?.last_error).toMatch(/never answered/);
    expect(bot.sent).toHaveLength(1);
  });
});

describe('who is written to', () => {
  it('only users who allowed it: launch data or /start, switch on, not blocked', async () => {
    const { bot, sender } = setup();
    const viaLaunch = await botUser(ctx.db, { allows: true });
    const viaStart = await botUser(ctx.db, { allows: false, started: true });
    const never = await botUser(ctx.db, { allows: false });
    const switchedOff = await botUser(ctx.db, { enabled: false });
    const blocked = await botUser(ctx.db, { blocked: true, started: true });
    for (const user of [viaLaunch, viaStart, never, switchedOff, blocked]) await queueFor(ctx.db, user.id);

    const run = await sender.run();
    expect(run).toMatchObject({ sent: 2, skipped: 3 });
    expect(bot.sent.map((m) => m.chat_id).sort()).toEqual(
      [viaLaunch, viaStart].map((u) => String(u.telegramId)).sort(),
    );
    const reasons = Object.fromEntries(
      await Promise.all(
        [never, switchedOff, blocked].map(async (u) => [u.id, (await outbox(ctx.db, u.id))[0]?.last_error]),
      ),
    );
    expect(reasons[never.id]).toMatch(/did not allow/);
    expect(reasons[switchedOff.id]).toMatch(/switched off/);
    expect(reasons[blocked.id]).toMatch(/blocked/);
    // Closed, never sent later either.
    expect((await sender.run()).sent).toBe(0);
  });
});

describe('Bot API answers', () => {
  it('429: the row waits retry_after, and nothing else is sent until then', async () => {
    const { bot, sender, clock } = setup();
    const a = await botUser(ctx.db);
    const b = await botUser(ctx.db);
    await queueFor(ctx.db, a.id);
    await queueFor(ctx.db, b.id);
    bot.failNext(429, 'Too Many Requests: retry after 7', 7);
    const before = clock.now();
    const run = await sender.run();
    expect(run).toMatchObject({ sent: 0, retried: 1, paused: true });
    expect(bot.sent).toEqual([]);
    const [first] = await outbox(ctx.db, a.id);
    expect(first?.claimed_at).toBeNull();
    expect(first?.send_after.getTime()).toBe(before + 7_000);

    // Still paused a second later: no send at all, in this run or another.
    clock.advance(1_000);
    expect(await sender.run()).toMatchObject({ sent: 0, paused: true });
    expect(bot.sent).toEqual([]);

    clock.advance(6_000);
    expect((await sender.run()).sent).toBe(2);
    expect(bot.sent).toHaveLength(2);
  });

  it('no answer: retried with a doubling backoff, then failed after the last attempt', async () => {
    const { bot, clock } = setup();
    const sender = newSender({ db: ctx.db, config: ctx.config, botApi: bot.api }, clock, {
      limits: { maxAttempts: 3, backoffBaseMs: 5_000 },
    });
    const user = await botUser(ctx.db);
    await queueFor(ctx.db, user.id);
    for (let i = 0; i < 3; i++) bot.failNext(0, 'fetch failed');

    const t0 = clock.now();
    expect((await sender.run()).retried).toBe(1);
    let [row] = await outbox(ctx.db, user.id);
    expect(row?.send_after.getTime()).toBe(t0 + 5_000);
    expect(row?.claimed_at).toBeNull();

    clock.advance(5_000);
    expect((await sender.run()).retried).toBe(1);
    [row] = await outbox(ctx.db, user.id);
    expect(row?.send_after.getTime()).toBe(t0 + 5_000 + 10_000);

    clock.advance(10_000);
    expect((await sender.run()).failed).toBe(1);
    [row] = await outbox(ctx.db, user.id);
    expect(row?.failed_at).not.toBeNull();
    expect(row?.attempts).toBe(3);
    expect(row?.last_error).toMatch(/gave up after 3 attempts/);
    expect(bot.sent).toEqual([]);
  });

  it('no answer then success: sent once', async () => {
    const { bot, sender, clock } = setup();
    const user = await botUser(ctx.db);
    await queueFor(ctx.db, user.id);
    bot.failNext(0, 'timeout');
    await sender.run();
    clock.advance(60_000);
    expect((await sender.run()).sent).toBe(1);
    expect(bot.sent).toHaveLength(1);
    expect((await outbox(ctx.db, user.id))[0]?.attempts).toBe(2);
  });

  it('403: the user is marked blocked and gets nothing more, until /start clears it', async () => {
    const { bot, sender, clock } = setup();
    const user = await botUser(ctx.db);
    await queueFor(ctx.db, user.id);
    await queueFor(ctx.db, user.id);
    bot.failNext(403, 'Forbidden: bot was blocked by the user');
    const run = await sender.run();
    expect(run).toMatchObject({ sent: 0, failed: 1, skipped: 1 });
    const [blocked] = await ctx.db.query<{ bot_blocked_at: Date | null }>(
      'SELECT bot_blocked_at FROM users WHERE id = $1',
      [user.id],
    );
    expect(blocked?.bot_blocked_at).not.toBeNull();

    await queueFor(ctx.db, user.id);
    clock.advance(2_000);
    expect((await sender.run()).sent).toBe(0);
    expect(bot.sent).toEqual([]);

    // What the webhook's /start does.
    await ctx.db.query('UPDATE users SET bot_blocked_at = NULL, bot_started_at = now() WHERE id = $1', [user.id]);
    await queueFor(ctx.db, user.id);
    clock.advance(2_000);
    expect((await sender.run()).sent).toBe(1);
    expect(bot.sent).toHaveLength(1);
  });

  it('another 4xx fails the row, and the next one is sent', async () => {
    const { bot, sender } = setup();
    const a = await botUser(ctx.db);
    const b = await botUser(ctx.db);
    await queueFor(ctx.db, a.id);
    await queueFor(ctx.db, b.id);
    bot.failNext(400, 'Bad Request: chat not found');
    expect(await sender.run()).toMatchObject({ sent: 1, failed: 1 });
    expect((await outbox(ctx.db, a.id))[0]?.last_error).toBe('400 Bad Request: chat not found');
  });

  it('counts each outcome in notifications_sent_total', async () => {
    const { bot, clock } = setup();
    const metrics = new Metrics();
    const sender = newSender({ db: ctx.db, config: ctx.config, botApi: bot.api }, clock, {
      onOutcome: metrics.notificationSent,
    });
    await queueFor(ctx.db, (await botUser(ctx.db)).id);
    await queueFor(ctx.db, (await botUser(ctx.db, { allows: false })).id);
    await sender.run();
    const text = (await metrics.scrape()).text;
    expect(text).toContain('notifications_sent_total{kind="referral_joined",outcome="sent"} 1');
    expect(text).toContain('notifications_sent_total{kind="referral_joined",outcome="skipped"} 1');
  });
});

describe('pace', () => {
  it('at most one message per second to a chat', async () => {
    const { bot, sender } = setup();
    const user = await botUser(ctx.db);
    for (let i = 0; i < 3; i++) await queueFor(ctx.db, user.id);
    expect((await sender.run()).sent).toBe(3);
    const times = bot.sent.map((m) => m.at);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1_000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1_000);
    // And not much more: the run waits only as long as the pace asks.
    expect(times[2]! - times[0]!).toBeLessThan(2_100);
  });

  it('the chat pace holds across runs', async () => {
    const { bot, sender, clock } = setup();
    const user = await botUser(ctx.db);
    await queueFor(ctx.db, user.id);
    await sender.run();
    await queueFor(ctx.db, user.id);
    clock.advance(300);
    // A run with too little budget left to wait for it sends nothing yet.
    const short = newSender({ db: ctx.db, config: ctx.config, botApi: bot.api }, clock, {
      limits: { runBudgetMs: 500 },
    });
    expect((await short.run()).sent).toBe(0);
    clock.advance(700);
    expect((await short.run()).sent).toBe(1);
    expect(bot.sent[1]!.at - bot.sent[0]!.at).toBeGreaterThanOrEqual(1_000);
  });

  it('at most 25 messages in any second in all', async () => {
    const { bot, sender } = setup();
    const users = [];
    for (let i = 0; i < 60; i++) users.push(await botUser(ctx.db));
    for (const user of users) await queueFor(ctx.db, user.id);
    const run = await sender.run();
    expect(run.sent).toBe(60);
    const times = bot.sent.map((m) => m.at).sort((a, b) => a - b);
    for (let i = 0; i + 25 < times.length; i++) {
      // The 26th send after any send comes a full second later.
      expect(times[i + 25]! - times[i]!).toBeGreaterThanOrEqual(1_000);
    }
    // Paced, not stalled: 60 sends in a little over two seconds.
    expect(times.at(-1)! - times[0]!).toBeLessThan(2_100);
  });
});

describe('consent and the switch', () => {
  const allowsOf = async (telegramId: number) =>
    (
      await ctx.db.query<{ allows_write_to_pm: boolean }>(
        'SELECT allows_write_to_pm FROM users WHERE telegram_id = $1',
        [telegramId],
      )
    )[0]?.allows_write_to_pm;

  it("stores the launch data's allows_write_to_pm at every sign-in", async () => {
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId });
    expect(await allowsOf(telegramId)).toBe(true);
    // A later launch without the permission (the field absent) takes it back.
    const user = { id: telegramId, allows_write_to_pm: false };
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { init_data: signInitData(user) },
    });
    expect(response.statusCode).toBe(200);
    expect(await allowsOf(telegramId)).toBe(false);
  });

  it('PATCH /user/notifications turns them off and on; /user/me shows it; off → nothing sent', async () => {
    const { bot, sender, clock } = setup();
    const user = await newUser(ctx);
    const me = async () =>
      userMeSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })).json());
    const patch = (enabled: unknown) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/user/notifications', headers: user.headers, payload: { enabled } });
    expect((await me()).notifications_enabled).toBe(true);

    const off = await patch(false);
    expect(off.statusCode).toBe(200);
    expect(notificationsSettingSchema.parse(off.json())).toEqual({ notifications_enabled: false });
    expect((await me()).notifications_enabled).toBe(false);
    await queueFor(ctx.db, user.userId);
    expect(await sender.run()).toMatchObject({ sent: 0, skipped: 1 });
    expect(bot.sent).toEqual([]);

    expect((await patch(true)).json()).toEqual({ notifications_enabled: true });
    await queueFor(ctx.db, user.userId);
    clock.advance(2_000);
    expect((await sender.run()).sent).toBe(1);
    expect(bot.sent.map((m) => m.chat_id)).toEqual([String((await me()).telegram_id)]);
  });

  it('refuses a body that is no boolean (422) and a call without a token (401)', async () => {
    const user = await newUser(ctx);
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/notifications',
      headers: user.headers,
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
    const anonymous = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/notifications',
      payload: { enabled: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
