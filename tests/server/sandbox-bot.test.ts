/**
 * The bot in the sandbox (server/sandbox/bot.ts, bot-api.ts): the Bot API's calls kept in the database, a
 * test user's bot chat (their message delivered to the webhook over HTTP as Telegram delivers it, the bot's
 * answer with its web_app button), and the launcher's bot setup through the operator's service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotApiError } from '../../server/lib/bot-api';
import { createSandboxBotApi } from '../../server/sandbox/bot-api';
import type { BotChatView, SandboxBotSetup, SandboxUser, WebhookDelivery } from '../../server/sandbox/schemas';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // The sandbox posts a user's message to the webhook at the server's own address.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

async function createUser(language_code: 'en' | 'ru' = 'en'): Promise<SandboxUser> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/api/users',
    payload: { first_name: 'Chat', language_code },
  });
  expect(response.statusCode).toBe(201);
  return response.json<SandboxUser>();
}

const chatOf = async (userId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/sandbox/api/users/${userId}/bot-chat` })).json<BotChatView>();

async function write(userId: number, text: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/sandbox/api/users/${userId}/bot-chat`,
    payload: { text },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ delivery: WebhookDelivery; chat: BotChatView }>();
}

type Button = { text: string; web_app?: { url: string }; url?: string };
const buttonsOf = (chat: BotChatView) =>
  chat.messages.filter((m) => m.from === 'bot').map((m) => (m.inline_keyboard as Button[][] | null)?.[0]?.[0]);

describe('the sandbox Bot API', () => {
  it('keeps every call in the database and answers as Telegram does', async () => {
    const api = createSandboxBotApi(ctx.db);
    const message = await api.call<{ message_id: number; date: number; chat: { id: number }; text: string }>(
      'sendMessage',
      { chat_id: '123456789', text: 'Hi' },
    );
    expect(message).toMatchObject({ chat: { id: 123456789, type: 'private' }, text: 'Hi' });
    expect(message.message_id).toBeGreaterThan(0);
    expect(Math.abs(message.date - Date.now() / 1000)).toBeLessThan(60);
    await expect(api.call('setMyCommands', { commands: [] })).resolves.toBe(true);
    await expect(api.call('getUpdates', {})).rejects.toMatchObject({ errorCode: 404 });
    await expect(api.call('sendMessage', { chat_id: '@channel', text: 'x' })).rejects.toBeInstanceOf(BotApiError);
    await expect(api.call('sendMessage', { chat_id: 1, text: ' ' })).rejects.toMatchObject({ errorCode: 400 });

    const rows = await ctx.db.query<{ method: string; chat_id: bigint | null; params: { text?: string } }>(
      `SELECT method, chat_id, params FROM sandbox_bot_calls WHERE chat_id = 123456789 OR method <> 'sendMessage'`,
    );
    expect(rows.map((row) => row.method)).toEqual(['sendMessage', 'setMyCommands', 'getUpdates']);
    expect(rows[0]).toMatchObject({ chat_id: 123456789n, params: { text: 'Hi' } });
  });
});

describe('the bot chat', () => {
  it("the user's /start reaches the webhook; the bot's welcome appears with its web_app button", async () => {
    const user = await createUser('ru');
    expect((await chatOf(user.id)).messages).toEqual([]);
    const { delivery, chat } = await write(user.id, '/start');
    expect(delivery).toMatchObject({ status: 200, error: null });
    expect(chat.user).toMatchObject({ id: user.id, telegram_id: user.telegram_id, language_code: 'ru' });
    expect(chat.messages.map((m) => [m.from, m.text.split('!')[0]])).toEqual([
      ['user', '/start'],
      ['bot', 'Добро пожаловать в TON Token'],
    ]);
    expect(buttonsOf(chat)[0]).toEqual({ text: 'Открыть TON Token', web_app: { url: `${ctx.config.publicUrl}/` } });
    // The webhook acted as on Telegram's update: the user is marked as having started the bot (once they sign in).
    const [update] = await ctx.db.query<{ update_id: bigint }>(
      'SELECT update_id FROM telegram_updates WHERE update_id = $1',
      [delivery.update_id],
    );
    expect(update).toBeDefined();
    // Oldest first, and the same through GET.
    const { chat: again } = await write(user.id, 'hello?');
    expect(again.messages.map((m) => m.from)).toEqual(['user', 'bot', 'user', 'bot']);
    expect(await chatOf(user.id)).toEqual(again);
    expect(again.messages.map((m) => m.message_id)).toEqual(
      [...again.messages.map((m) => m.message_id)].sort((a, b) => a - b),
    );
  });

  it('/start farm_<code>: the button opens the app with ?farm_code=', async () => {
    const user = await createUser();
    const { chat } = await write(user.id, '/start farm_ABCDEF123');
    expect(chat.messages.at(-1)?.text).toMatch(/farming link/);
    expect(buttonsOf(chat).at(-1)?.web_app?.url).toBe(`${ctx.config.publicUrl}/?farm_code=ABCDEF123`);
  });

  it("shows any sendMessage to the user (notifications too), never another user's chat", async () => {
    const [ann, bob] = [await createUser(), await createUser()];
    await write(ann.id, '/start');
    await createSandboxBotApi(ctx.db).call('sendMessage', {
      chat_id: String(ann.telegram_id),
      text: 'Payout sent: <b>10 TON</b>',
      parse_mode: 'HTML',
      reply_markup: { inline_keyboard: [[{ text: 'History', web_app: { url: `${ctx.config.publicUrl}/history` } }]] },
    });
    const annChat = await chatOf(ann.id);
    expect(annChat.messages.at(-1)).toMatchObject({
      from: 'bot',
      parse_mode: 'HTML',
      text: 'Payout sent: <b>10 TON</b>',
    });
    expect(buttonsOf(annChat).at(-1)?.web_app?.url).toBe(`${ctx.config.publicUrl}/history`);
    expect((await chatOf(bob.id)).messages).toEqual([]);
  });

  it('refuses an empty text and an unknown user', async () => {
    const user = await createUser();
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/api/users/${user.id}/bot-chat`,
      payload: { text: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    expect((await ctx.app.inject({ method: 'GET', url: '/sandbox/api/users/999999/bot-chat' })).statusCode).toBe(404);
  });

  it("a button's launch carries no start parameter (via=web_app_button), the launcher's does", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/api/users',
      payload: { first_name: 'Ref', start_param: 'REFCODE1' },
    });
    const user = response.json<SandboxUser>();
    const launchUrl = async (query: string) =>
      new URLSearchParams(
        (await ctx.app.inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch${query}` }))
          .json<{ url: string }>()
          .url.split('#')[1],
      );
    expect((await launchUrl('')).get('tgWebAppStartParam')).toBe('REFCODE1');
    const viaButton = await launchUrl('?via=web_app_button');
    expect(viaButton.get('tgWebAppStartParam')).toBeNull();
    expect(viaButton.get('tgWebAppData')).not.toContain('start_param');
  });
});

describe('the bot setup', () => {
  it('the launcher sets the bot up through the operator service; GET /sandbox/api/bot shows what is configured', async () => {
    const answer = await ctx.app.inject({ method: 'POST', url: '/sandbox/api/bot/setup' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ webhook_url: string; steps: { ok: boolean }[]; setup: SandboxBotSetup }>();
    expect(body.webhook_url).toBe(`${ctx.config.publicUrl}/api/telegram/webhook`);
    expect(body.steps).toHaveLength(8);
    expect(body.steps.every((step) => step.ok)).toBe(true);

    const setup = (await ctx.app.inject({ method: 'GET', url: '/sandbox/api/bot' })).json<SandboxBotSetup>();
    expect(setup).toEqual(body.setup);
    expect(setup.webhook).toMatchObject({
      url: `${ctx.config.publicUrl}/api/telegram/webhook`,
      allowed_updates: ['message'],
      secret_token_set: true,
    });
    expect(JSON.stringify(setup)).not.toContain(ctx.config.botWebhookSecret);
    expect(Object.keys(setup.commands).sort()).toEqual(['default', 'ru']);
    expect(setup.commands.ru).toContainEqual({ command: 'start', description: 'Открыть приложение' });
    expect(setup.descriptions.default).toMatch(/^TON Token: mint tokens/);
    expect(setup.descriptions.ru).toMatch(/^TON Token: получайте/);
    expect(setup.short_descriptions.ru).toBe('Минт, стейкинг и фарминг токенов за TON');
    expect(setup.menu_button).toEqual({
      type: 'web_app',
      text: 'Open app',
      web_app: { url: `${ctx.config.publicUrl}/` },
    });
    // Kept in the database: what any process (and the launcher) reads.
    const recorded = await ctx.db.query("SELECT 1 FROM sandbox_bot_calls WHERE method = 'setChatMenuButton'");
    expect(recorded).toHaveLength(1);
  });
});
