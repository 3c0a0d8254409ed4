/**
 * The bot, in the sandbox: a test user's chat with the bot and the bot's setup, over what the sandbox's Bot
 * API recorded (bot-api.ts).
 *
 * - `GET /sandbox/api/users/:id/bot-chat`: the messages the bot sent to the test user's Telegram id (any
 *   sendMessage: the bot's answers, notifications) and what the user wrote, oldest first.
 * - `POST /sandbox/api/users/:id/bot-chat {text}`: the user writes to the bot. The sandbox does what Telegram
 *   does: it makes an Update of the message and POSTs it to the server's webhook over HTTP with the secret
 *   header, so the bot answers through its real route (its secret check, its once-per-update_id record).
 * - `GET /sandbox/api/bot`: the setup the Bot API last heard (webhook, commands, descriptions, menu button).
 * - `POST /sandbox/api/bot/setup`: the launcher's "Set up the bot", the operator's `bot setup` service.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '@contract';
import type { Deps } from '../deps';
import { parseOr422 } from '../lib/validation';
import { WEBHOOK_PATH, setupBot } from '../telegram/service';
import { SETUP_METHODS } from './bot-api';
import { botChat, insertBotUpdate, latestSetupCalls } from './queries';
import {
  type BotChatMessage,
  type BotChatView,
  type SandboxBotSetup,
  type WebhookDelivery,
  botChatMessageSchema,
} from './schemas';
import { requireSandboxUser } from './service';

/** Telegram's header carrying the webhook's secret_token (server/telegram/routes.ts checks it). */
const SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token';

/** The webhook answers within this, or the delivery counts as failed (Telegram waits about as long). */
const WEBHOOK_TIMEOUT_MS = 15_000;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export async function botChatView(deps: Deps, id: number): Promise<BotChatView> {
  const user = await requireSandboxUser(deps, id);
  const rows = await botChat(deps.db, user.telegram_id);
  const messages = rows.map((row): BotChatMessage => {
    const params = row.params ?? {};
    const markup = params.reply_markup as { inline_keyboard?: unknown } | undefined;
    return {
      message_id: Number(row.message_id),
      from: row.from_bot ? 'bot' : 'user',
      text: row.from_bot ? String(params.text ?? '') : (row.text ?? ''),
      parse_mode: typeof params.parse_mode === 'string' ? params.parse_mode : null,
      inline_keyboard: Array.isArray(markup?.inline_keyboard) ? (markup.inline_keyboard as unknown[][]) : null,
      date: unix(row.created_at),
    };
  });
  return {
    user: {
      id: user.id,
      telegram_id: Number(user.telegram_id),
      first_name: user.first_name,
      language_code: user.language_code,
    },
    messages,
  };
}

/**
 * This server's own address as it listens (a wildcard host reached on loopback): the webhook is posted
 * there, so it arrives whatever PUBLIC_URL is (a tunnel, another port) and in tests listening on port 0.
 */
function ownOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a port');
  const wildcard = { '0.0.0.0': '127.0.0.1', '::': '::1' }[address.address];
  const ip = wildcard ?? address.address;
  const host = ip.includes(':') ? `[${ip}]` : ip;
  return `http://${host}:${address.port}`;
}

/**
 * A test user's message to the bot: recorded for the chat, then delivered as Telegram delivers it. The
 * webhook's answer says how it went (it answers 200 even when the bot failed: that is in the server's log).
 */
export async function sendToBot(
  deps: Deps,
  app: FastifyInstance,
  id: number,
  text: string,
): Promise<{ delivery: WebhookDelivery; chat: BotChatView }> {
  const user = await requireSandboxUser(deps, id);
  const { updateId, messageId, at } = await insertBotUpdate(deps.db, user.telegram_id, text);
  const telegramId = Number(user.telegram_id);
  // Telegram marks a command at the start of the text as a bot_command entity (length in UTF-16 units).
  const command = /^\/\S+/.exec(text);
  const update = {
    update_id: updateId,
    message: {
      message_id: messageId,
      date: at,
      from: {
        id: telegramId,
        is_bot: false,
        first_name: user.first_name,
        ...(user.username ? { username: user.username } : {}),
        language_code: user.language_code,
      },
      chat: {
        id: telegramId,
        type: 'private',
        first_name: user.first_name,
        ...(user.username ? { username: user.username } : {}),
      },
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
  };
  let delivery: WebhookDelivery;
  try {
    const response = await fetch(`${ownOrigin(app)}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SECRET_HEADER]: deps.config.botWebhookSecret },
      body: JSON.stringify(update),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    delivery = {
      update_id: updateId,
      status: response.status,
      error: response.ok ? null : `the webhook answered ${response.status}`,
    };
  } catch (error) {
    delivery = { update_id: updateId, status: 0, error: error instanceof Error ? error.message : String(error) };
  }
  return { delivery, chat: await botChatView(deps, id) };
}

/** The newest setup call of each kind, as the launcher shows it. */
export async function botSetupView(deps: Pick<Deps, 'db'>): Promise<SandboxBotSetup> {
  const rows = await latestSetupCalls(deps.db, SETUP_METHODS);
  const view: SandboxBotSetup = {
    webhook: null,
    commands: {},
    descriptions: {},
    short_descriptions: {},
    menu_button: null,
  };
  const language = (params: Record<string, unknown>) =>
    typeof params.language_code === 'string' && params.language_code !== '' ? params.language_code : 'default';
  const set = rows.find((row) => row.method === 'setWebhook');
  const deleted = rows.find((row) => row.method === 'deleteWebhook');
  // deleteWebhook after the last setWebhook: no webhook.
  if (set && !(deleted && deleted.created_at > set.created_at)) {
    view.webhook = {
      url: String(set.params.url ?? ''),
      allowed_updates: set.params.allowed_updates ?? null,
      // The secret itself stays out of the page.
      secret_token_set: typeof set.params.secret_token === 'string' && set.params.secret_token !== '',
      at: unix(set.created_at),
    };
  }
  for (const row of rows) {
    if (row.method === 'setMyCommands') view.commands[language(row.params)] = row.params.commands ?? [];
    if (row.method === 'setMyDescription')
      view.descriptions[language(row.params)] = String(row.params.description ?? '');
    if (row.method === 'setMyShortDescription') {
      view.short_descriptions[language(row.params)] = String(row.params.short_description ?? '');
    }
    if (row.method === 'setChatMenuButton') view.menu_button = row.params.menu_button ?? null;
  }
  return view;
}

export function botRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.get('/sandbox/api/users/:id/bot-chat', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      return botChatView(deps, id);
    });
    app.post('/sandbox/api/users/:id/bot-chat', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const { text } = parseOr422(botChatMessageSchema, request.body);
      return sendToBot(deps, app, id, text);
    });

    app.get('/sandbox/api/bot', async () => botSetupView(deps));
    // The operator's `bot setup` (POST /api/admin/bot/setup) without the admin token: the sandbox launcher is
    // its caller here, as it is the maintenance switch's; the Bot API it calls is the sandbox's recorder.
    app.post('/sandbox/api/bot/setup', async () => ({ ...(await setupBot(deps)), setup: await botSetupView(deps) }));
  };
}
