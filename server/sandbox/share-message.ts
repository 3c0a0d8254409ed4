/**
 * The sandbox's savePreparedInlineMessage: the message is kept in sandbox_prepared_messages, and the
 * host emulator (frame.html) shows it in a share dialog when the app calls WebApp.shareMessage(id).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index';
import type { ShareMessagePreparer } from '../deps';
import { insertPreparedMessage } from './queries';

/** Telegram's prepared messages expire; the sandbox keeps them a day. */
const PREPARED_MESSAGE_TTL_SECONDS = 24 * 3600;

export function sandboxShareMessagePreparer(db: Db): ShareMessagePreparer {
  return {
    async prepare(draft) {
      const id = randomBytes(12).toString('base64url');
      const expirationDate = Math.floor(Date.now() / 1000) + PREPARED_MESSAGE_TTL_SECONDS;
      await insertPreparedMessage(db, {
        id,
        telegram_id: draft.telegramId,
        title: draft.title,
        description: draft.description,
        message_text: draft.text,
        button_text: draft.buttonText,
        button_url: draft.buttonUrl,
        expires_at: new Date(expirationDate * 1000),
      });
      return { id, expirationDate };
    },
  };
}
