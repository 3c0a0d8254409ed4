/**
 * The bot's HTTP side: `POST /api/telegram/webhook`, where Telegram delivers updates, and the operator
 * call botSetup (`POST /api/admin/bot/setup`, `npm run operator -- bot setup`).
 *
 * The webhook is Telegram's call, not a user's: its `webhook` flag keeps it answering through
 * maintenance (the bot still opens the app, which shows the maintenance page), and it is behind no
 * community gate and no per-user limit (it carries no access token and no contract call). It is accepted
 * only with X-Telegram-Bot-Api-Secret-Token equal to BOT_WEBHOOK_SECRET, checked before the body is read
 * (in constant time, lib/secret.ts). A wrong or missing secret is 401, and counted per address: past
 * RATE_LIMIT_WEBHOOK_WRONG_SECRET_PER_IP in a window, 429 (server/http/protection.ts), so the secret
 * cannot be guessed at speed; the right one is never counted. Accepted, it always answers 200: a handler's failure is logged, never a 5xx, which Telegram would retry for
 * a day (and hold every later update of the chat behind it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { operatorRoute } from '../lib/call-route';
import { BadRequestError, UnauthorizedError } from '../lib/errors';
import { secretMatcher } from '../lib/secret';
import { type OperatorCheck, WEBHOOK_PATH, handleUpdate, sendReply, setupBot, updateSchema } from './service';

/** Telegram's header carrying the webhook's secret_token. */
export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** An update is a message of at most 4096 characters and its metadata: far below this. */
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

export interface TelegramRouteOptions {
  isOperator: OperatorCheck;
  /** Counts a call refused for its secret; throws 429 past the limit (server/http/protection.ts). */
  limitWrongSecret: (request: FastifyRequest) => Promise<void>;
}

/** The secret header, compared with BOT_WEBHOOK_SECRET (lib/secret.ts); only a refusal is counted. */
function secretCheck(secret: string, limitWrongSecret: TelegramRouteOptions['limitWrongSecret']) {
  const isSecret = secretMatcher(secret);
  return async (request: FastifyRequest): Promise<void> => {
    const given = request.headers[SECRET_HEADER];
    if (isSecret(typeof given === 'string' ? given : undefined)) return;
    await limitWrongSecret(request);
    throw new UnauthorizedError();
  };
}

export function telegramRoutes(deps: Deps, { isOperator, limitWrongSecret }: TelegramRouteOptions) {
  return async (app: FastifyInstance) => {
    app.post(
      WEBHOOK_PATH,
      {
        config: { webhook: true },
        bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
        onRequest: secretCheck(deps.config.botWebhookSecret, limitWrongSecret),
      },
      async (request, reply) => {
        const body = request.body;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw new BadRequestError({ code: 'badRequest', msg: 'An update is a JSON object' });
        }
        const update = updateSchema.safeParse(body);
        if (!update.success) {
          // Nothing the bot reads (another kind of update, a changed shape): answered, so not sent again.
          request.log.warn({ issues: update.error.issues.slice(0, 5) }, 'telegram update not understood');
          return reply.send({});
        }
        try {
          const answer = await handleUpdate(deps, update.data, isOperator);
          if (answer) await sendReply(deps, answer);
        } catch (error) {
          request.log.error({ err: error, update_id: update.data.update_id }, 'telegram update failed');
        }
        return reply.send({});
      },
    );

    operatorRoute(app, 'botSetup', async () => setupBot(deps));
  };
}
