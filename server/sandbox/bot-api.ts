/**
 * The sandbox's Bot API: the calls the server makes to Telegram, answered as Telegram answers them and
 * recorded instead of sent (no network in the sandbox). sendMessage answers a Message; the setup calls
 * (setWebhook, setMyCommands, …) answer true; anything else is Telegram's 404.
 */
import { BotApiError, type BotApi } from '../lib/bot-api';

export interface RecordedBotCall {
  method: string;
  params: Record<string, unknown>;
  /** Unix seconds. */
  at: number;
}

export interface SandboxBotApi extends BotApi {
  /** Every call so far, oldest first (this process only). */
  readonly calls: readonly RecordedBotCall[];
}

const ANSWERED_TRUE = new Set([
  'setWebhook',
  'deleteWebhook',
  'setMyCommands',
  'setMyDescription',
  'setMyShortDescription',
  'setChatMenuButton',
  'answerCallbackQuery',
]);

export function createSandboxBotApi(): SandboxBotApi {
  const calls: RecordedBotCall[] = [];
  let nextMessageId = 1;
  return {
    calls,
    async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
      const at = Math.floor(Date.now() / 1000);
      calls.push({ method, params, at });
      if (method === 'sendMessage') {
        return {
          message_id: nextMessageId++,
          date: at,
          chat: { id: params.chat_id, type: 'private' },
          text: params.text,
        } as T;
      }
      if (ANSWERED_TRUE.has(method)) return true as T;
      throw new BotApiError(method, 404, 'Not Found');
    },
  };
}
