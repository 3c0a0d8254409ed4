/**
 * The bot (server/telegram): POST /api/telegram/webhook behind its secret, once per update_id; /start with
 * a ref code or a farming link, /help and anything else; the kept ref code crediting the referrer at the
 * first sign-in; and the bot's setup through the operator API and `npm run operator -- bot setup`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { BotApiError } from '../../server/lib/bot-api';
import { runOperator } from '../../server/operator';
import { purgeHandledUpdates } from '../../server/telegram/service';
import { TEST_ENV, createTestContext, newTelegramId, register, type TestContext } from './helpers';

let ctx: TestContext;
/** The Bot API calls answered, oldest first (the sandbox's recorder: tests/server/sandbox-bot.test.ts). */
const bot = { calls: [] as { method: string; params: Record<string, unknown> }[] };
let address: string;
/** Bot API calls of these methods fail (403, as for a user who blocked the bot). */
const refusing = new Set<string>();

beforeAll(async () => {
  ctx = await createTestContext({
    botApi: {
      call: async <T>(method: string, params: Record<string, unknown>) => {
        if (refusing.has(method)) throw new BotApiError(method, 403, 'Forbidden: bot was blocked by the user');
        bot.calls.push({ method, params });
        return (method === 'sendMessage' ? { message_id: bot.calls.length } : true) as T;
      },
    },
  });
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => refusing.clear());

let nextUpdateId = 1;
const secretHeaders = () => ({ 'x-telegram-bot-api-secret-token': ctx.config.botWebhookSecret });
const adminHeaders = () => ({ authorization: `Bearer ${ctx.config.adminToken}` });

interface From {
  id: number;
  language_code?: string;
}

function messageUpdate(
  from: From,
  text: string,
  chat: { id: number; type: string } = { id: from.id, type: 'private' },
) {
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat,
      from: {
        id: from.id,
        is_bot: false,
        first_name: 'Test',
        ...(from.language_code ? { language_code: from.language_code } : {}),
      },
      text,
    },
  };
}

const post = (payload: unknown, headers: Record<string, string> = secretHeaders()) =>
  ctx.app.inject({ method: 'POST', url: '/api/telegram/webhook', headers, payload: payload as object });

/** The sendMessage calls made to this chat so far. */
const sentTo = (chatId: number) =>
  bot.calls
    .filter((call) => call.method === 'sendMessage' && call.params.chat_id === chatId)
    .map((call) => call.params);

const buttonOf = (params: Record<string, unknown>) =>
  (params.reply_markup as { inline_keyboard: { text: string; web_app: { url: string } }[][] }).inline_keyboard[0]?.[0];

async function referrerOf(telegramId: number): Promise<number | null> {
  const [row] = await ctx.db.query<{ referrer_id: number | null }>(
    'SELECT referrer_id FROM users WHERE telegram_id = $1',
    [telegramId],
  );
  if (!row) throw new Error(`no user ${telegramId}`);
  return row.referrer_id;
}

async function userOf(telegramId: number): Promise<{ id: number; ref_code: string }> {
  const [row] = await ctx.db.query<{ id: number; ref_code: string }>(
    'SELECT id, ref_code FROM users WHERE telegram_id = $1',
    [telegramId],
  );
  if (!row) throw new Error(`no user ${telegramId}`);
  return row;
}

/** A registered user, who can refer others with their ref code. */
async function newReferrer(): Promise<{ id: number; ref_code: string }> {
  const telegramId = newTelegramId();
  await register(ctx.app, { id: telegramId });
  return userOf(telegramId);
}

describe('POST /api/telegram/webhook: the secret', () => {
  it('refuses a call without the secret or with another one (401 {msg, code}), and takes the right one', async () => {
    const from = { id: newTelegramId() };
    const none = await post(messageUpdate(from, '/start'), {});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ msg: expect.any(String), code: 'notAuthenticated' });
    const wrong = await post(messageUpdate(from, '/start'), { 'x-telegram-bot-api-secret-token': 'not-the-secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'notAuthenticated' });
    expect(sentTo(from.id)).toHaveLength(0);

    const right = await post(messageUpdate(from, '/start'));
    expect(right.statusCode).toBe(200);
    expect(sentTo(from.id)).toHaveLength(1);
  });

  it('refuses a body that is no object (400), and answers 200 to an update it does not read', async () => {
    const notObject = await post([1, 2]);
    expect(notObject.statusCode).toBe(400);
    const other = await post({ update_id: nextUpdateId++, callback_query: { id: 'x' } });
    expect(other.statusCode).toBe(200);
    const malformed = await post({ update: 'nope' });
    expect(malformed.statusCode).toBe(200);
  });
});

describe('POST /api/telegram/webhook: wrong secrets are limited per address', () => {
  const LIMIT = 5;
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      config: loadConfig({ ...TEST_ENV, RATE_LIMIT_WEBHOOK_WRONG_SECRET_PER_IP: String(LIMIT) }),
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const postFrom = (
    remoteAddress: string,
    headers: Record<string, string>,
    update = messageUpdate({ id: 1 }, '/help'),
  ) => limited.app.inject({ method: 'POST', url: '/api/telegram/webhook', remoteAddress, headers, payload: update });
  const rightSecret = () => ({ 'x-telegram-bot-api-secret-token': limited.config.botWebhookSecret });

  it('a flood of wrong or missing secrets is 401 up to the limit, then 429; the right secret from that address still passes', async () => {
    const guesser = '203.0.113.7';
    const flood = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postFrom(guesser, i % 2 === 0 ? { 'x-telegram-bot-api-secret-token': `guess-${i}` } : {}),
      ),
    );
    const statuses = flood.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - LIMIT);
    const refused = flood.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Telegram's deliveries (the right secret) are never counted nor limited, from the same address too.
    for (let i = 0; i < LIMIT + 2; i++) {
      const update = messageUpdate({ id: newTelegramId() }, '/help');
      expect((await postFrom(guesser, rightSecret(), update)).statusCode).toBe(200);
      const handled = await limited.db.query('SELECT 1 FROM telegram_updates WHERE update_id = $1', [update.update_id]);
      expect(handled).toHaveLength(1);
    }
    expect((await postFrom(guesser, { 'x-telegram-bot-api-secret-token': 'still-guessing' })).statusCode).toBe(429);
    // Another address has its own count.
    expect((await postFrom('198.51.100.9', {})).statusCode).toBe(401);
  });

  it('right secrets do not count towards the limit', async () => {
    const telegram = '149.154.167.220';
    for (let i = 0; i < LIMIT * 3; i++) {
      expect(
        (await postFrom(telegram, rightSecret(), messageUpdate({ id: newTelegramId() }, '/help'))).statusCode,
      ).toBe(200);
    }
    for (let i = 0; i < LIMIT; i++) expect((await postFrom(telegram, {})).statusCode).toBe(401);
    expect((await postFrom(telegram, {})).statusCode).toBe(429);
  });

  it('defaults to 20 wrong secrets per address per window', () => {
    expect(loadConfig(TEST_ENV).faults.rateLimitWebhookWrongSecretPerIp).toBe(20);
  });
});

describe('updates', () => {
  it('acts once on an update delivered twice: one reply, one kept ref code', async () => {
    const referrer = await newReferrer();
    const from = { id: newTelegramId() };
    const update = messageUpdate(from, `/start ${referrer.ref_code}`);
    expect((await post(update)).statusCode).toBe(200);
    expect((await post(update)).statusCode).toBe(200);
    expect(sentTo(from.id)).toHaveLength(1);
    const kept = await ctx.db.query('SELECT param FROM bot_start_params WHERE telegram_id = $1', [from.id]);
    expect(kept).toEqual([{ param: referrer.ref_code }]);
    const recorded = await ctx.db.query('SELECT 1 FROM telegram_updates WHERE update_id = $1', [update.update_id]);
    expect(recorded).toHaveLength(1);
  });

  it('/start answers in the user’s language with a web_app button opening PUBLIC_URL', async () => {
    const ru = { id: newTelegramId(), language_code: 'ru' };
    const en = { id: newTelegramId(), language_code: 'en' };
    await post(messageUpdate(ru, '/start'));
    await post(messageUpdate(en, `/start@${ctx.config.botUsername}`));
    const [toRu] = sentTo(ru.id);
    const [toEn] = sentTo(en.id);
    expect(toRu?.text).toMatch(/Добро пожаловать/);
    expect(buttonOf(toRu!)).toEqual({ text: 'Открыть TON Token', web_app: { url: `${ctx.config.publicUrl}/` } });
    expect(toEn?.text).toMatch(/Welcome/);
    expect(buttonOf(toEn!)).toEqual({ text: 'Open TON Token', web_app: { url: `${ctx.config.publicUrl}/` } });
  });

  it('/start <ref_code> then the first sign-in credits that referrer, once; the kept code is used up', async () => {
    const referrer = await newReferrer();
    const telegramId = newTelegramId();
    await post(messageUpdate({ id: telegramId }, `/start ${referrer.ref_code}`));
    // The bot's button opens the app without a start parameter.
    await register(ctx.app, { id: telegramId });
    expect(await referrerOf(telegramId)).toBe(referrer.id);
    expect(await ctx.db.query('SELECT 1 FROM bot_start_params WHERE telegram_id = $1', [telegramId])).toHaveLength(0);
    const [row] = await ctx.db.query<{ bot_started_at: Date | null }>(
      'SELECT bot_started_at FROM users WHERE telegram_id = $1',
      [telegramId],
    );
    // The /start came before the account existed: started_at is set by the next /start.
    expect(row?.bot_started_at).toBeNull();
  });

  it('a launch’s own ref code wins over the kept one', async () => {
    const kept = await newReferrer();
    const launched = await newReferrer();
    const telegramId = newTelegramId();
    await post(messageUpdate({ id: telegramId }, `/start ${kept.ref_code}`));
    await register(ctx.app, { id: telegramId }, { startParam: launched.ref_code });
    expect(await referrerOf(telegramId)).toBe(launched.id);
  });

  it('a second /start with another code changes nothing', async () => {
    const first = await newReferrer();
    const second = await newReferrer();
    const telegramId = newTelegramId();
    await post(messageUpdate({ id: telegramId }, `/start ${first.ref_code}`));
    await post(messageUpdate({ id: telegramId }, `/start ${second.ref_code}`));
    expect(sentTo(telegramId)).toHaveLength(2);
    await register(ctx.app, { id: telegramId });
    expect(await referrerOf(telegramId)).toBe(first.id);
  });

  it('an invalid ref code is ignored: the welcome, nothing kept', async () => {
    const telegramId = newTelegramId();
    await post(messageUpdate({ id: telegramId }, '/start tonconnect-abc'));
    expect(sentTo(telegramId)).toHaveLength(1);
    expect(await ctx.db.query('SELECT 1 FROM bot_start_params WHERE telegram_id = $1', [telegramId])).toHaveLength(0);
  });

  it('/start of a registered user keeps their referrer, and marks them as having started the bot', async () => {
    const original = await newReferrer();
    const other = await newReferrer();
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId }, { ref_code: original.ref_code });
    await ctx.db.query('UPDATE users SET bot_blocked_at = now() WHERE telegram_id = $1', [telegramId]);
    await post(messageUpdate({ id: telegramId }, `/start ${other.ref_code}`));
    expect(await ctx.db.query('SELECT 1 FROM bot_start_params WHERE telegram_id = $1', [telegramId])).toHaveLength(0);
    await register(ctx.app, { id: telegramId });
    expect(await referrerOf(telegramId)).toBe(original.id);
    const [row] = await ctx.db.query<{ bot_started_at: Date | null; bot_blocked_at: Date | null }>(
      'SELECT bot_started_at, bot_blocked_at FROM users WHERE telegram_id = $1',
      [telegramId],
    );
    expect(row?.bot_started_at).toBeInstanceOf(Date);
    expect(row?.bot_blocked_at).toBeNull();
  });

  it('/start farm_<code> opens the app with ?farm_code=<code>; a malformed code opens it plainly', async () => {
    const from = { id: newTelegramId() };
    await post(messageUpdate(from, '/start farm_AbC123xyz'));
    await post(messageUpdate(from, '/start farm_<script>'));
    const [farm, malformed] = sentTo(from.id);
    expect(buttonOf(farm!)?.web_app.url).toBe(`${ctx.config.publicUrl}/?farm_code=AbC123xyz`);
    expect(farm?.text).toMatch(/farming link/);
    expect(buttonOf(malformed!)?.web_app.url).toBe(`${ctx.config.publicUrl}/`);
  });

  it('ignores messages in groups and channels, and from bots', async () => {
    const from = { id: newTelegramId() };
    const group = { id: -1001234567890, type: 'supergroup' };
    expect((await post(messageUpdate(from, '/start', group))).statusCode).toBe(200);
    expect((await post(messageUpdate(from, '/help', { id: -100987, type: 'group' }))).statusCode).toBe(200);
    const fromBot = messageUpdate(from, '/start');
    (fromBot.message.from as { is_bot: boolean }).is_bot = true;
    expect((await post(fromBot)).statusCode).toBe(200);
    expect(
      bot.calls.filter(
        (call) => call.method === 'sendMessage' && [group.id, -100987, from.id].includes(call.params.chat_id as number),
      ),
    ).toHaveLength(0);
  });

  it('answers /help and any other text with the help and the button', async () => {
    const from = { id: newTelegramId(), language_code: 'ru-RU' };
    await post(messageUpdate(from, '/help'));
    await post(messageUpdate(from, 'hello?'));
    await post(messageUpdate(from, '/start@some_other_bot'));
    const sent = sentTo(from.id);
    expect(sent).toHaveLength(3);
    for (const params of sent) {
      expect(params.text).toMatch(/работает в приложении/);
      expect(buttonOf(params)?.web_app.url).toBe(`${ctx.config.publicUrl}/`);
    }
  });

  it('answers 200 when the reply cannot be sent, and the update still counts as handled', async () => {
    const referrer = await newReferrer();
    const from = { id: newTelegramId() };
    refusing.add('sendMessage');
    const update = messageUpdate(from, `/start ${referrer.ref_code}`);
    expect((await post(update)).statusCode).toBe(200);
    refusing.clear();
    expect((await post(update)).statusCode).toBe(200);
    expect(sentTo(from.id)).toHaveLength(0);
    expect(await ctx.db.query('SELECT 1 FROM bot_start_params WHERE telegram_id = $1', [from.id])).toHaveLength(1);
  });

  it('keeps answering during maintenance, and says so in the user’s language instead of a welcome', async () => {
    const referrer = await newReferrer();
    const on = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/maintenance',
      headers: adminHeaders(),
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/program/rules' });
      expect(refused.statusCode).toBe(503);
      const from = { id: newTelegramId() };
      expect((await post(messageUpdate(from, '/start'))).statusCode).toBe(200);
      const [english] = sentTo(from.id);
      expect(english?.text).toMatch(/^TON Token is under maintenance/);
      expect(english?.text).not.toMatch(/Welcome/);
      // The button stays: the app waits on its maintenance page and carries on by itself when it ends.
      expect(buttonOf(english!)).toEqual({ text: 'Open TON Token', web_app: { url: `${ctx.config.publicUrl}/` } });

      const russian = { id: newTelegramId(), language_code: 'ru' };
      await post(messageUpdate(russian, '/help'));
      expect(sentTo(russian.id)[0]?.text).toMatch(/^В TON Token ненадолго идут технические работы/);
      expect(buttonOf(sentTo(russian.id)[0]!)?.text).toBe('Открыть TON Token');

      // A farming link keeps its code in the button, and a ref code is still kept for the first sign-in.
      const farmer = { id: newTelegramId() };
      await post(messageUpdate(farmer, '/start farm_abcdEF12'));
      expect(sentTo(farmer.id)[0]?.text).toMatch(/^TON Token is under maintenance/);
      expect(buttonOf(sentTo(farmer.id)[0]!)?.web_app.url).toBe(`${ctx.config.publicUrl}/?farm_code=abcdEF12`);
      const friend = { id: newTelegramId() };
      await post(messageUpdate(friend, `/start ${referrer.ref_code}`));
      expect(await ctx.db.query('SELECT 1 FROM bot_start_params WHERE telegram_id = $1', [friend.id])).toHaveLength(1);
    } finally {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/maintenance',
        headers: adminHeaders(),
        payload: { enabled: false },
      });
    }
  });
});

describe('handled updates', () => {
  it('are forgotten once no retry can bring them again (older than 2 days), the newer ones kept', async () => {
    const old = nextUpdateId++;
    const recent = nextUpdateId++;
    await ctx.db.query(
      "INSERT INTO telegram_updates (update_id, received_at) VALUES ($1, now() - interval '3 days'), ($2, now() - interval '1 day')",
      [old, recent],
    );
    expect(await purgeHandledUpdates(ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.query<{ update_id: string }>(
      'SELECT update_id::text FROM telegram_updates WHERE update_id = ANY($1::bigint[])',
      [[old, recent]],
    );
    expect(left).toEqual([{ update_id: String(recent) }]);
  });
});

describe('bot setup', () => {
  const setupCalls = (since: number) => bot.calls.slice(since).filter((call) => call.method !== 'sendMessage');

  function expectSetup(calls: { method: string; params: Record<string, unknown> }[]) {
    expect(calls.map((call) => call.method).sort()).toEqual(
      [
        'setWebhook',
        'setMyCommands',
        'setMyCommands',
        'setMyDescription',
        'setMyDescription',
        'setMyShortDescription',
        'setMyShortDescription',
        'setChatMenuButton',
      ].sort(),
    );
    const webhook = calls.find((call) => call.method === 'setWebhook');
    expect(webhook?.params).toEqual({
      url: `${ctx.config.publicUrl}/api/telegram/webhook`,
      secret_token: ctx.config.botWebhookSecret,
      allowed_updates: ['message'],
      drop_pending_updates: false,
    });
    const commands = calls.filter((call) => call.method === 'setMyCommands');
    expect(commands.map((call) => call.params.language_code)).toEqual([undefined, 'ru']);
    for (const call of commands) {
      expect((call.params.commands as { command: string }[]).map((command) => command.command)).toEqual([
        'start',
        'help',
      ]);
    }
    for (const method of ['setMyDescription', 'setMyShortDescription']) {
      expect(calls.filter((call) => call.method === method).map((call) => call.params.language_code)).toEqual([
        undefined,
        'ru',
      ]);
    }
    expect(calls.find((call) => call.method === 'setChatMenuButton')?.params).toEqual({
      menu_button: { type: 'web_app', text: 'Open app', web_app: { url: `${ctx.config.publicUrl}/` } },
    });
  }

  it('POST /api/admin/bot/setup makes every call with the admin token, answers each outcome, and is audited', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/bot/setup' })).statusCode).toBe(401);
    const since = bot.calls.length;
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/admin/bot/setup', headers: adminHeaders() });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ webhook_url: string; steps: { method: string; ok: boolean }[] }>();
    expect(body.webhook_url).toBe(`${ctx.config.publicUrl}/api/telegram/webhook`);
    expect(body.steps).toHaveLength(8);
    expect(body.steps.every((step) => step.ok)).toBe(true);
    expect(JSON.stringify(body)).not.toContain(ctx.config.botWebhookSecret);
    expectSetup(setupCalls(since));
    const audited = await ctx.db.query<{ summary: unknown }>('SELECT summary FROM operator_actions WHERE path = $1', [
      '/api/admin/bot/setup',
    ]);
    // In words: "Set the bot up: 8 Bot API calls, all succeeded" (docs/decisions.md "The audit's words").
    expect(audited).toEqual([{ summary: { kind: 'botSetup', calls: 8, failed: 0 } }]);
  });

  it('npm run operator -- bot setup prints each call; a refused one fails the command after the others ran', async () => {
    const lines: string[] = [];
    const since = bot.calls.length;
    await runOperator(['bot', 'setup'], {
      apiUrl: address,
      adminToken: ctx.config.adminToken,
      print: (line) => lines.push(line),
    });
    expectSetup(setupCalls(since));
    expect(lines).toHaveLength(9);
    expect(lines).toContain('ok     setMyCommands (ru)');
    expect(lines.at(-1)).toBe(`Bot set up: updates go to ${ctx.config.publicUrl}/api/telegram/webhook`);

    refusing.add('setChatMenuButton');
    const failed: string[] = [];
    const again = bot.calls.length;
    await expect(
      runOperator(['bot', 'setup'], {
        apiUrl: address,
        adminToken: ctx.config.adminToken,
        print: (line) => failed.push(line),
      }),
    ).rejects.toThrow(/1 of 8 calls failed/);
    expect(failed.some((line) => line.startsWith('FAILED setChatMenuButton — setChatMenuButton: 403'))).toBe(true);
    expect(setupCalls(again)).toHaveLength(7);
    await expect(runOperator(['bot', 'start'], { apiUrl: address, adminToken: ctx.config.adminToken })).rejects.toThrow(
      /Usage/,
    );
  });
});
