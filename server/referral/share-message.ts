/**
 * Production's share-message preparer: Bot API savePreparedInlineMessage (docs/foundations.md §8). The message
 * is an article whose one button is a `url` button to the referral link (a `web_app` button works
 * only in the bot's own chat), sendable to users and groups.
 */
import { randomBytes } from 'node:crypto';
import type { ShareMessagePreparer } from '../deps';

/** How long one Bot API call may take before the user is told to try again. */
const BOT_API_TIMEOUT_MS = 5_000;

export class BotApiError extends Error {
  override name = 'BotApiError';
}

interface BotApiAnswer {
  ok?: boolean;
  result?: { id?: unknown; expiration_date?: unknown };
  error_code?: number;
  description?: string;
}

export function telegramShareMessagePreparer(options: {
  botToken: string;
  /** The Bot API's origin (BOT_API_URL). */
  baseUrl: string;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}): ShareMessagePreparer {
  const doFetch = options.fetch ?? fetch;
  return {
    async prepare(draft) {
      try {
        const response = await doFetch(`${options.baseUrl}/bot${options.botToken}/savePreparedInlineMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            user_id: draft.telegramId,
            result: {
              type: 'article',
              // 1–64 bytes, unique among this bot's results
              id: randomBytes(16).toString('hex'),
              title: draft.title,
              description: draft.description,
              input_message_content: { message_text: draft.text },
              reply_markup: { inline_keyboard: [[{ text: draft.buttonText, url: draft.buttonUrl }]] },
            },
            allow_user_chats: true,
            allow_group_chats: true,
          }),
          signal: AbortSignal.timeout(BOT_API_TIMEOUT_MS),
        });
        const body = (await response.json()) as BotApiAnswer;
        const id = body.result?.id;
        const expiration = body.result?.expiration_date;
        if (body.ok !== true || typeof id !== 'string' || id === '' || typeof expiration !== 'number') {
          throw new BotApiError(
            `savePreparedInlineMessage failed: ${body.error_code ?? response.status} ${body.description ?? 'unexpected answer'}`,
          );
        }
        return { id, expirationDate: expiration };
      } catch (error) {
        options.onError?.(error);
        throw error;
      }
    },
  };
}
