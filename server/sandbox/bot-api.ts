/**
 * The sandbox's Bot API: the calls the server makes to Telegram, answered as Telegram answers them and
 * recorded instead of sent (no network in the sandbox). Every call is kept in sandbox_bot_calls, so every
 * process, the launcher's bot setup and the host emulator's bot chat (bot.ts) see it. sendMessage answers a
 * Message; the setup calls (setWebhook, setMyCommands, …) answer true; anything else is Telegram's 404.
 */
import type { Db } from '../db/index';
import { BotApiError, type BotApi } from '../lib/bot-api';
import { insertBotCall } from './queries';

export type SandboxBotApi = BotApi;

/** The bot's setup calls (server/telegram's setupBot, and deleteWebhook): the launcher shows their latest. */
export const SETUP_METHODS = [
  'setWebhook',
  'deleteWebhook',
  'setMyCommands',
  'setMyDescription',
  'setMyShortDescription',
  'setChatMenuButton',
] as const;

const ANSWERED_TRUE = new Set<string>([...SETUP_METHODS, 'answerCallbackQuery']);

/**
 * The chat a sendMessage names: Telegram takes an integer or its decimal text (the notification sender sends
 * the BIGINT telegram id as text); a channel's @username is no test user's chat.
 */
export function chatIdOf(value: unknown): bigint | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d{1,19}$/.test(value)) return BigInt(value);
  return null;
}

export function createSandboxBotApi(db: Db): SandboxBotApi {
  return {
    async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
      if (method === 'sendMessage') {
        const chatId = chatIdOf(params.chat_id);
        // Refused as Telegram refuses them, so a caller's mistake shows in the sandbox too.
        if (chatId === null) throw new BotApiError(method, 400, 'Bad Request: chat not found');
        if (typeof params.text !== 'string' || params.text.trim() === '') {
          throw new BotApiError(method, 400, 'Bad Request: message text is empty');
        }
        const { messageId, at } = await insertBotCall(db, { method, params, chatId });
        return {
          message_id: messageId,
          date: at,
          chat: { id: Number(chatId), type: 'private' },
          text: params.text,
        } as T;
      }
      await insertBotCall(db, { method, params, chatId: null });
      if (ANSWERED_TRUE.has(method)) return true as T;
      throw new BotApiError(method, 404, 'Not Found');
    },
  };
}
