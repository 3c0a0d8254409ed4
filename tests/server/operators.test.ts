/**
 * Named operators (server/operators): the console's sign-in with Telegram launch data, the operator
 * session's token (its own audience: refused on user calls, a user's refused on operator calls), ending it,
 * the audit naming who acted, the bot's /admin, and the operator socket's events.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, type ErrorBody, type OperatorSession, OPERATOR_SOCKET_PATH } from '@contract';
import { buildApp } from '../../server/app';
import { createInProcessBus } from '../../server/events/bus';
import { loadConfig } from '../../server/config';
import { runOperator } from '../../server/operator';
import { TokenKeys } from '../../server/http/auth-context';
import { purgeOperatorSessions } from '../../server/operators/service';
import { newUser } from './mint-kit';
import { PRODUCTION_ENV } from './production-env';
import { PNG, fileOf, makeTask, taskCall } from './task-kit';
import {
  TEST_ENV,
  type TestContext,
  bearer,
  createTestContext,
  newTelegramId,
  sandboxConfig,
  signInitData,
} from './helpers';

const OPERATOR = newTelegramId();
const SECOND_OPERATOR = newTelegramId();

let ctx: TestContext;
let wsBase: string;
let httpBase: string;
/** What the bot sent (the Bot API stand-in's calls). */
const botCalls: Array<{ method: string; params: Record<string, unknown> }> = [];
beforeAll(async () => {
  ctx = await createTestContext({
    config: sandboxConfig({ operatorTelegramIds: [OPERATOR, SECOND_OPERATOR] }),
    // Its sockets close only by the bus's news here; the periodic check has a test of its own.
    operatorSocketRecheckMs: 600_000,
    botApi: {
      call: async <T>(method: string, params: Record<string, unknown>) => {
        botCalls.push({ method, params });
        return { message_id: botCalls.length } as T;
      },
    },
  });
  httpBase = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = httpBase.replace(/^http/, 'ws');
});
afterAll(async () => {
  await ctx?.close();
});

const signIn = (telegramId: number, extra: { username?: string; first_name?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { init_data: signInitData({ id: telegramId, first_name: 'Olga', ...extra }) },
  });

async function operatorToken(telegramId = OPERATOR): Promise<string> {
  const response = await signIn(telegramId, { username: 'olga_ops' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OperatorSession>().token!;
}

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const audit = async (query = '') =>
  (await call('GET', `/api/admin/audit?limit=50${query}`, ctx.config.adminToken)).json<AuditEntry[]>();

describe('operator sign-in', () => {
  it('an operator signs in with launch data: a token, who they are, when it ends', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await signIn(OPERATOR, { username: 'olga_ops' });
    expect(response.statusCode).toBe(200);
    const session = response.json<OperatorSession>();
    expect(session.actor).toEqual({ kind: 'operator', telegram_id: OPERATOR, name: 'Olga (@olga_ops)' });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 4 * 3600 - 5);
    expect(session.expires_at).toBeLessThanOrEqual(before + 4 * 3600 + 5);
    const me = await call('GET', '/api/admin/session', session.token!);
    expect(me.json()).toEqual({ actor: session.actor, expires_at: session.expires_at });
  });

  it('a Telegram user who is not an operator → 403, and no session is made', async () => {
    const sessions = async () =>
      (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_sessions'))[0]?.n;
    const before = await sessions();
    const response = await signIn(newTelegramId());
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'You are not an operator of this app', code: 'notOperator' });
    expect(await sessions()).toBe(before);
  });

  it('launch data that does not verify → 401 (another bot’s signature, too old)', async () => {
    for (const init_data of [
      signInitData({ id: OPERATOR }, { botToken: '123:other-bot' }),
      signInitData({ id: OPERATOR }, { authDate: new Date(Date.now() - 2 * 86_400_000) }),
      'user=%7B%22id%22%3A1%7D&hash=00',
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/admin/session', payload: { init_data } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('with the console off (no operator ids) nobody signs in', async () => {
    const off = await buildApp({
      config: sandboxConfig({ operatorTelegramIds: [] }),
      db: ctx.db,
      bus: ctx.bus,
      logger: false,
    });
    try {
      const response = await off.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { init_data: signInitData({ id: OPERATOR }) },
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });
});

describe('the console signs in with fresh launch data, once', () => {
  const sessionCount = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_sessions'))[0]!.n;
  const open = (init_data: string, app = ctx.app) =>
    app.inject({ method: 'POST', url: '/api/admin/session', payload: { init_data } });

  it('the same launch data a second time → 401 operatorLaunchUsed, which says to open the console again; no session', async () => {
    const launch = signInitData({ id: OPERATOR });
    expect((await open(launch)).statusCode).toBe(200);
    const before = await sessionCount();
    const again = await open(launch);
    expect(again.statusCode).toBe(401);
    expect(again.json<ErrorBody>()).toEqual({
      msg: 'This opening of the console has already signed in: open the console again from /admin',
      code: 'operatorLaunchUsed',
    });
    // Its fields in another order and encoding are the same launch data (one HMAC).
    const reordered = new URLSearchParams([...new URLSearchParams(launch)].reverse()).toString();
    expect((await open(reordered)).json<ErrorBody>().code).toBe('operatorLaunchUsed');
    expect(await sessionCount()).toBe(before);
  });

  it('launch data older than OPERATOR_INIT_DATA_MAX_AGE_SECONDS (5 min) → 401 operatorLaunchTooOld, however well signed', async () => {
    const before = await sessionCount();
    for (const minutes of [15, 23 * 60, 6]) {
      const response = await open(
        signInitData({ id: OPERATOR }, { authDate: new Date(Date.now() - minutes * 60_000) }),
      );
      expect(response.statusCode, `${minutes} min`).toBe(401);
      expect(response.json<ErrorBody>()).toEqual({
        msg: 'This opening of the console is too old to sign in: open the console again from /admin',
        code: 'operatorLaunchTooOld',
      });
    }
    expect(await sessionCount()).toBe(before);
    // Within the limit: signed 4 minutes ago.
    expect(
      (await open(signInitData({ id: OPERATOR }, { authDate: new Date(Date.now() - 4 * 60_000) }))).statusCode,
    ).toBe(200);
  });

  it('the same launch data twice at once, to two processes → exactly one session', async () => {
    const second = await buildApp({ config: ctx.config, db: ctx.db, bus: ctx.bus, logger: false });
    try {
      for (let round = 0; round < 3; round += 1) {
        const before = await sessionCount();
        const launch = signInitData({ id: OPERATOR });
        const answers = await Promise.all([open(launch), open(launch, second), open(launch), open(launch, second)]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401]);
        expect(answers.filter((answer) => answer.statusCode === 401).map((a) => a.json<ErrorBody>().code)).toEqual([
          'operatorLaunchUsed',
          'operatorLaunchUsed',
          'operatorLaunchUsed',
        ]);
        expect(await sessionCount()).toBe(before + 1);
      }
    } finally {
      await second.close();
    }
  });

  it('a used launch data is forgotten once it is too old to sign in anyway; until then it is kept', async () => {
    await ctx.db.query(
      `INSERT INTO operator_launch_data_used (hash, expires_at) VALUES
         ('old-launch', now() - interval '1 minute'), ('recent-launch', now() + interval '1 minute')`,
    );
    expect((await open(signInitData({ id: OPERATOR }))).statusCode).toBe(200);
    const left = await ctx.db.query<{ hash: string }>(
      "SELECT hash FROM operator_launch_data_used WHERE hash IN ('old-launch', 'recent-launch')",
    );
    expect(left).toEqual([{ hash: 'recent-launch' }]);
    // A used one is kept until its age limit and the clocks' margin have passed.
    const launch = signInitData({ id: OPERATOR });
    await open(launch);
    const hash = new URLSearchParams(launch).get('hash');
    const [kept] = await ctx.db.query<{ seconds: number }>(
      'SELECT extract(epoch FROM expires_at - now())::int AS seconds FROM operator_launch_data_used WHERE hash = $1',
      [hash],
    );
    expect(kept!.seconds).toBeGreaterThanOrEqual(300 + 60 - 5);
    expect(kept!.seconds).toBeLessThanOrEqual(300 + 60 + 1);
  });
});

describe('operator and user tokens each stay where they belong', () => {
  it('a user’s token on an operator call → 403; an operator’s token on a user call → 403', async () => {
    const user = await newUser(ctx);
    const refused = await call('GET', '/api/admin/settings', user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().code).toBe('operatorOnly');

    const token = await operatorToken();
    for (const url of ['/api/user/me', '/api/task/list']) {
      const response = await call('GET', url, token);
      expect(response.statusCode, url).toBe(403);
      expect(response.json<ErrorBody>().code).toBe('usersOnly');
    }
    expect((await call('GET', '/api/admin/settings', token)).statusCode).toBe(200);
  });

  it('an ended session is refused at once (401), and ending it twice is harmless', async () => {
    const token = await operatorToken();
    expect((await call('POST', '/api/admin/session/end', token)).json()).toEqual({ signed_out: true });
    const refused = await call('GET', '/api/admin/settings', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorBody>().code).toBe('operatorSessionEnded');
    expect((await call('POST', '/api/admin/session/end', token)).statusCode).toBe(401);
  });

  it('a forged, an expired or a sessionless operator token is refused', async () => {
    const claims = { telegramId: OPERATOR, name: 'Mallory', sessionId: randomUUID() };
    const forged = await new TokenKeys('x'.repeat(32), 60).signOperator(claims, 60);
    expect((await call('GET', '/api/admin/settings', forged)).statusCode).toBe(401);
    const keys = new TokenKeys(ctx.config.jwtSecret, 60);
    const expired = await call('GET', '/api/admin/settings', await keys.signOperator(claims, -10));
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ErrorBody>().code).toBe('operatorSessionEnded');
    // Signed with the right key, but for no session the server opened.
    const sessionless = await call('GET', '/api/admin/settings', await keys.signOperator(claims, 60));
    expect(sessionless.statusCode).toBe(401);
  });
});

describe('old operator sessions', () => {
  it('are purged a day after they ended or expired; live ones stay', async () => {
    const token = await operatorToken();
    const [old, expired] = [randomUUID(), randomUUID()];
    await ctx.db.query(
      `INSERT INTO operator_sessions (id, telegram_id, name, created_at, expires_at, ended_at) VALUES
         ($1, $3, 'Old', now() - interval '3 days', now() - interval '2 days' + interval '4 hours', now() - interval '2 days'),
         ($2, $3, 'Expired', now() - interval '3 days', now() - interval '2 days', NULL)`,
      [old, expired, OPERATOR],
    );
    await purgeOperatorSessions(ctx.db);
    const left = await ctx.db.query<{ id: string }>('SELECT id FROM operator_sessions WHERE id = ANY($1::uuid[])', [
      [old, expired],
    ]);
    expect(left).toEqual([]);
    expect((await call('GET', '/api/admin/settings', token)).statusCode).toBe(200);
  });
});

describe('the audit names who acted', () => {
  it('an operator’s action is theirs (Telegram id, name, the call); the admin token’s is the token’s; the sign-in is kept without its launch data', async () => {
    const token = await operatorToken();
    expect((await call('POST', '/api/admin/maintenance', token, { enabled: false })).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/maintenance', ctx.config.adminToken, { enabled: false })).statusCode).toBe(
      200,
    );
    const [byToken, byOperator] = await audit('&action=maintenanceSet');
    expect(byToken).toMatchObject({ actor: { kind: 'token' }, action: 'maintenanceSet', status: 200 });
    expect(byOperator).toMatchObject({
      actor: { kind: 'operator', telegram_id: OPERATOR, name: 'Olga (@olga_ops)' },
      action: 'maintenanceSet',
      body: { enabled: false },
    });
    const signIns = await audit(`&actor=${OPERATOR}&action=sessionOpen`);
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns[0]).toMatchObject({ actor: { kind: 'operator', telegram_id: OPERATOR }, body: null, status: 200 });
  });

  it('every state-changing call of an operator’s session is a row naming them, the call and its outcome', async () => {
    const telegramId = newTelegramId();
    const named = await buildApp({
      config: sandboxConfig({ operatorTelegramIds: [telegramId] }),
      db: ctx.db,
      bus: ctx.bus,
      logger: false,
    });
    try {
      const signIn = await named.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { init_data: signInitData({ id: telegramId, first_name: 'Pavel' }) },
      });
      const token = signIn.json<OperatorSession>().token!;
      const act = (method: 'POST' | 'PATCH', url: string, payload: object = {}) =>
        named.inject({ method, url: `/api/admin${url}`, headers: bearer(token), payload });
      const task = await act('POST', '/tasks', {
        kind: 'visit',
        reward: '1',
        title: { en: 'Visit', ru: 'Визит' },
        description: { en: 'Visit it', ru: 'Посетите' },
        settings: { url: 'https://ton.org', min_seconds: 5 },
      });
      // In the order they were made.
      const calls = [
        ['taskCreate', task],
        ['maintenanceSet', await act('POST', '/maintenance', { enabled: false })],
        ['priceSet', await act('POST', '/price', { price: '0.01' })],
        ['payoutsSet', await act('POST', '/payouts', { paused: false })],
        ['taskChange', await act('PATCH', `/tasks/${task.json<{ id: number }>().id}`, { is_active: false })],
        ['settingsSet', await act('PATCH', '/settings', { withdraw_fee_percent: 1 })],
        ['reviewApprove', await act('POST', '/tasks/reviews/999999/approve')],
        ['sessionClose', await act('POST', '/session/end')],
      ] as const;
      const entries = (await call('GET', `/api/admin/audit?limit=50&actor=${telegramId}`, ctx.config.adminToken)).json<
        AuditEntry[]
      >();
      expect(entries.map((entry) => [entry.action, entry.status]).reverse()).toEqual([
        ['sessionOpen', 200],
        ...calls.map(([action, response]) => [action, response.statusCode]),
      ]);
      expect(calls.find(([action]) => action === 'reviewApprove')![1].statusCode).toBe(404);
      expect(entries.every((entry) => entry.actor.kind === 'operator' && entry.actor.name === 'Pavel')).toBe(true);
    } finally {
      await named.close();
    }
  });

  it('the CLI prints who acted on each line', async () => {
    const token = await operatorToken();
    await call('POST', '/api/admin/maintenance', token, { enabled: false });
    await call('POST', '/api/admin/maintenance', ctx.config.adminToken, { enabled: false });
    const lines: string[] = [];
    await runOperator(['audit', '2'], {
      apiUrl: httpBase,
      adminToken: ctx.config.adminToken,
      print: (line) => lines.push(line),
    });
    expect(lines).toHaveLength(2);
    // Who, the outcome, what was done in words, then the call as made.
    expect(lines[0]).toMatch(/^\S+Z token 200 Turned maintenance off — maintenanceSet POST \/api\/admin\/maintenance /);
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\S+Z Olga \\(@olga_ops\\) \\[${OPERATOR}\\] 200 Turned maintenance off — maintenanceSet POST /api/admin/maintenance `,
      ),
    );
  });

  it('filters by operator and by action; a refused sign-in is no operator’s action', async () => {
    await signIn(newTelegramId());
    const onlyOperator = await audit(`&actor=${OPERATOR}`);
    expect(onlyOperator.length).toBeGreaterThan(0);
    expect(onlyOperator.every((entry) => entry.actor.kind === 'operator' && entry.actor.telegram_id === OPERATOR)).toBe(
      true,
    );
    const onlyToken = await audit('&actor=token');
    expect(onlyToken.every((entry) => entry.actor.kind === 'token')).toBe(true);
    expect((await audit('&action=sessionOpen')).every((entry) => entry.status === 200)).toBe(true);
    expect((await call('GET', '/api/admin/audit?actor=-1', ctx.config.adminToken)).statusCode).toBe(422);
    expect((await call('GET', '/api/admin/audit?action=a%20b', ctx.config.adminToken)).statusCode).toBe(422);
  });
});

describe('OPERATOR_INIT_DATA_MAX_AGE_SECONDS', () => {
  it('is 300 unless set; a positive whole number of seconds', () => {
    expect(loadConfig({ ...TEST_ENV }).operatorInitDataMaxAgeSeconds).toBe(300);
    expect(loadConfig({ ...TEST_ENV, OPERATOR_INIT_DATA_MAX_AGE_SECONDS: '120' }).operatorInitDataMaxAgeSeconds).toBe(
      120,
    );
    for (const bad of ['0', '-5', 'soon']) {
      expect(() => loadConfig({ ...TEST_ENV, OPERATOR_INIT_DATA_MAX_AGE_SECONDS: bad }), bad).toThrow(
        /OPERATOR_INIT_DATA_MAX_AGE_SECONDS/,
      );
    }
  });
});

describe('OPERATOR_TELEGRAM_IDS', () => {
  it('reads comma-separated ids; empty turns the console off; anything else is refused', () => {
    expect(loadConfig({ ...TEST_ENV, OPERATOR_TELEGRAM_IDS: '12345, 678,12345' }).operatorTelegramIds).toEqual([
      12345, 678,
    ]);
    expect(loadConfig({ ...TEST_ENV, OPERATOR_TELEGRAM_IDS: '' }).operatorTelegramIds).toEqual([]);
    expect(loadConfig({ ...TEST_ENV }).operatorTelegramIds).toEqual([]);
    for (const bad of ['abc', '12,,3', '-5', '0', '1e5']) {
      expect(() => loadConfig({ ...TEST_ENV, OPERATOR_TELEGRAM_IDS: bad }), bad).toThrow(/OPERATOR_TELEGRAM_IDS/);
    }
  });

  it('production needs it set (empty is a choice: the console off), and it alone does not mean production', () => {
    const { OPERATOR_TELEGRAM_IDS: _unset, ...withoutIt } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutIt)).toThrow(/OPERATOR_TELEGRAM_IDS is required in production/);
    expect(loadConfig(PRODUCTION_ENV).operatorTelegramIds).toEqual([]);
    expect(loadConfig({ ...PRODUCTION_ENV, OPERATOR_TELEGRAM_IDS: '42' }).operatorTelegramIds).toEqual([42]);
    expect(loadConfig({ OPERATOR_TELEGRAM_IDS: '42', DATA_DIR: 'memory://' }).mode).toBe('sandbox');
  });
});

describe("the bot's /admin", () => {
  let updateId = 1;
  const adminCommand = async (telegramId: number) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': ctx.config.botWebhookSecret },
      payload: {
        update_id: updateId++,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: telegramId, type: 'private' },
          from: { id: telegramId, is_bot: false, first_name: 'Olga' },
          text: '/admin',
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const sent = () => botCalls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === telegramId);
    await expect.poll(() => sent().length).toBe(1);
    const { params } = sent()[0]!;
    const markup = params.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] };
    return { text: params.text, button: markup.inline_keyboard[0]![0]! };
  };

  it('answers an operator with the console’s button, anyone else with the help', async () => {
    const operator = await adminCommand(OPERATOR);
    expect(operator.button).toEqual({
      text: 'Open the console',
      web_app: { url: `${ctx.config.publicUrl}/operator/` },
    });
    const stranger = await adminCommand(newTelegramId());
    expect(stranger.button.web_app.url).toBe(`${ctx.config.publicUrl}/`);
    expect(stranger.text).not.toMatch(/console/i);
  });
});

describe('the operator socket', () => {
  function connect(base = wsBase) {
    const socket = new WebSocket(base + OPERATOR_SOCKET_PATH);
    const messages: Array<{ event: string; data: Record<string, unknown> }> = [];
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as (typeof messages)[number]);
      waiters.splice(0).forEach((wake) => wake());
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const next = (event: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const check = () => {
          const found = messages.find((message) => message.event === event);
          if (found) resolve(found.data);
          else waiters.push(check);
        };
        check();
      });
    return { socket, closed, opened, next };
  }

  it('hears a proof sent for review and its verdict, and closes (4401) when the session ends', async () => {
    const token = await operatorToken();
    const live = connect();
    await live.opened;
    live.socket.send(token);
    // Accepted: it starts with the state it shows live.
    expect(await live.next('maintenance:state')).toEqual({ enabled: false });

    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo' });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    await taskCall(ctx, user, 'validate', {
      task_id: taskId,
      photo: { content_type: 'image/png', data: fileOf(PNG, 400).toString('base64') },
    });
    const review = await live.next('review:new');
    expect(review).toMatchObject({ kind: 'photo', content_type: 'image/png', size: 400, task: { id: taskId } });
    await call('POST', `/api/admin/tasks/reviews/${String(review['id'])}/approve`, token);
    expect(await live.next('review:done')).toEqual({ id: review['id'] });

    await call('POST', '/api/admin/session/end', token);
    expect(await live.closed).toBe(4401);
  });

  it('hears the payout worker paused and running again', async () => {
    const token = await operatorToken();
    const live = connect();
    await live.opened;
    live.socket.send(token);
    // The snapshot: maintenance, then the worker as it is.
    await live.next('maintenance:state');
    expect(await live.next('payouts:state')).toMatchObject({ state: 'running', reason: null });
    const states: unknown[] = [];
    live.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { event: string; data: { state: string } };
      if (message.event === 'payouts:state') states.push(message.data.state);
    });
    expect((await call('POST', '/api/admin/payouts', token, { paused: true })).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/payouts', token, { paused: false })).statusCode).toBe(200);
    await expect.poll(() => states).toEqual(['paused', 'running']);
    live.socket.close();
  });

  /** An operator socket on `base` signed in with `token`, its snapshot heard. */
  async function subscribed(token: string, base = wsBase) {
    const live = connect(base);
    await live.opened;
    live.socket.send(token);
    await live.next('maintenance:state');
    return live;
  }

  /** The close code, once the socket closes within `ms` (well under the 5 s check: the bus closed it). */
  const closedWithin = (closed: Promise<number>, ms: number) =>
    Promise.race([
      closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms).unref()),
    ]);

  it('an operator switched off in the launcher: their socket closes at once and their token is refused', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/sandbox/api/users', payload: { first_name: 'Ida' } });
    const user = created.json<{ id: number; telegram_id: number }>();
    const operatorSwitch = (is_operator: boolean) =>
      ctx.app.inject({ method: 'PATCH', url: `/sandbox/api/users/${user.id}`, payload: { is_operator } });
    expect((await operatorSwitch(true)).statusCode).toBe(200);
    const token = await operatorToken(user.telegram_id);
    const live = await subscribed(token);

    expect((await operatorSwitch(false)).statusCode).toBe(200);
    expect(await closedWithin(live.closed, 2_000)).toBe(4401);
    const refused = await call('GET', '/api/admin/settings', token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorBody>().code).toBe('operatorSessionEnded');
  });

  it('a process started with a shorter list ends the sessions of those taken off it, in every process', async () => {
    const token = await operatorToken(SECOND_OPERATOR);
    const live = await subscribed(token);
    const other = await operatorToken(OPERATOR);
    // Another process on the same database and bus, restarted with OPERATOR_TELEGRAM_IDS without SECOND_OPERATOR.
    const restarted = await buildApp({
      config: sandboxConfig({ operatorTelegramIds: [OPERATOR] }),
      db: ctx.db,
      bus: ctx.bus,
      logger: false,
    });
    try {
      await restarted.ready();
      // This process still has the old list, and still closes the socket and refuses the token.
      expect(await closedWithin(live.closed, 2_000)).toBe(4401);
      const refused = await call('GET', '/api/admin/settings', token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<ErrorBody>().code).toBe('operatorSessionEnded');
      const there = await restarted.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
      expect(there.statusCode).toBe(401);
      // An operator still on the list keeps their session.
      expect((await call('GET', '/api/admin/settings', other)).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('a process that heard no event closes the socket by its own check within seconds', async () => {
    // A process on the same database with a bus of its own: it hears nothing the others publish.
    const deaf = await buildApp({
      config: ctx.config,
      db: ctx.db,
      bus: createInProcessBus(),
      logger: false,
      operatorSocketRecheckMs: 50,
    });
    const deafBase = (await deaf.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    try {
      // Its session ended in another process.
      const ended = await operatorToken();
      const first = await subscribed(ended, deafBase);
      await call('POST', '/api/admin/session/end', ended);
      expect(await closedWithin(first.closed, 2_000)).toBe(4401);

      // The operator taken off the launcher's list with no event at all (the row deleted).
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/sandbox/api/users',
        payload: { first_name: 'Lev' },
      });
      const user = created.json<{ id: number; telegram_id: number }>();
      await ctx.app.inject({ method: 'PATCH', url: `/sandbox/api/users/${user.id}`, payload: { is_operator: true } });
      const second = await subscribed(await operatorToken(user.telegram_id), deafBase);
      const kept = await subscribed(await operatorToken(), deafBase);
      await ctx.db.query('DELETE FROM sandbox_operators WHERE telegram_id = $1', [user.telegram_id]);
      expect(await closedWithin(second.closed, 2_000)).toBe(4401);
      // A live operator's socket stays open through the checks.
      expect(kept.socket.readyState).toBe(WebSocket.OPEN);
      kept.socket.close();
    } finally {
      await deaf.close();
    }
  });

  it('refuses a user’s token and a wrong one (4401)', async () => {
    const user = await newUser(ctx);
    for (const token of [user.token, 'nonsense']) {
      const refused = connect();
      await refused.opened;
      refused.socket.send(token);
      expect(await refused.closed).toBe(4401);
    }
  });
});
