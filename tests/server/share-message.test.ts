/**
 * POST /api/user/share-message. Production asks the Bot API's savePreparedInlineMessage; here a local
 * HTTP server answers as the Bot API documents it (https://core.telegram.org/bots/api#savepreparedinlinemessage:
 * `{ok: true, result: PreparedInlineMessage{id, expiration_date}}`, or `{ok: false, error_code, description}`).
 * The sandbox keeps the message for the host emulator's share dialog.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, type ShareMessage, type TokenPair, shareMessageSchema, userMeSchema } from '@contract';
import { buildApp } from '../../server/app';
import { telegramShareMessagePreparer } from '../../server/referral/share-message';
import { bearer, createTestContext, newTelegramId, sandboxConfig, signInitData, type TestContext } from './helpers';
import { newUser } from './mint-kit';

const PRODUCTION_BOT_TOKEN = '123456:production-token';

/** What the fake Bot API received, and how it answers next. */
interface BotApiCall {
  path: string;
  contentType: string | undefined;
  body: unknown;
}
let answer: (res: ServerResponse) => void;
const calls: BotApiCall[] = [];
let botApi: Server;
let botApiUrl: string;

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const prepared = json(200, { ok: true, result: { id: 'prep-id-1', expiration_date: 1_900_000_000 } });

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

let ctx: TestContext;
let production: FastifyInstance;
beforeAll(async () => {
  botApi = createServer((req, res) => {
    void readBody(req).then((text) => {
      calls.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: text ? JSON.parse(text) : null,
      });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => botApi.listen(0, '127.0.0.1', resolve));
  botApiUrl = `http://127.0.0.1:${(botApi.address() as AddressInfo).port}`;

  ctx = await createTestContext();
  // Same database, production settings: the Bot API preparer, a member-only community stub.
  production = await buildApp({
    db: ctx.db,
    bus: ctx.bus,
    logger: false,
    community: { isMember: async () => true, recheckIntervalMs: 30_000 },
    config: sandboxConfig({
      mode: 'production',
      botToken: PRODUCTION_BOT_TOKEN,
      botUsername: 'real_bot',
      miniAppName: 'tonapp',
      botApiUrl,
      jwtSecret: 'p'.repeat(32),
      adminToken: 'production-admin-token',
      communityChatId: '@real',
      communityUrl: 'https://t.me/real',
      publicUrl: 'https://app.example.com',
    }),
  });
});
afterAll(async () => {
  await production?.close();
  await ctx?.close();
  // fetch keeps its connections alive: end them, or close() waits for their timeout
  botApi?.closeAllConnections();
  await new Promise((resolve) => botApi?.close(resolve));
});

/** A user signed in to the production app (init data signed with the production bot token). */
async function productionUser(languageCode = 'en') {
  const telegramId = newTelegramId();
  const response = await production.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      init_data: signInitData({ id: telegramId, language_code: languageCode }, { botToken: PRODUCTION_BOT_TOKEN }),
    },
  });
  const tokens = response.json<TokenPair>();
  const meResponse = await production.inject({ method: 'GET', url: '/api/user/me', headers: bearer(tokens.token) });
  const me = userMeSchema.parse(meResponse.json());
  return { telegramId, headers: bearer(tokens.token), refCode: me.ref_code };
}

const share = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/user/share-message', headers });

describe('share message in production (Bot API savePreparedInlineMessage)', () => {
  it('prepares an article with a url button to the referral link for this user, and answers its id', async () => {
    const user = await productionUser();
    answer = prepared;
    calls.length = 0;
    const response = await share(production, user.headers);
    expect(response.statusCode).toBe(200);
    const link = `https://t.me/real_bot/tonapp?startapp=${user.refCode}`;
    expect(shareMessageSchema.parse(response.json<ShareMessage>())).toEqual({ inline_message_id: 'prep-id-1', link });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.path).toBe(`/bot${PRODUCTION_BOT_TOKEN}/savePreparedInlineMessage`);
    expect(call!.contentType).toBe('application/json');
    expect(call!.body).toEqual({
      user_id: user.telegramId,
      result: {
        type: 'article',
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        title: 'TON Token',
        description: expect.any(String),
        input_message_content: { message_text: expect.stringContaining(link) },
        reply_markup: { inline_keyboard: [[{ text: 'Open TON Token', url: link }]] },
      },
      allow_user_chats: true,
      allow_group_chats: true,
    });
  });

  it('writes the message in the sharing user’s language', async () => {
    const user = await productionUser('ru');
    answer = prepared;
    calls.length = 0;
    expect((await share(production, user.headers)).statusCode).toBe(200);
    const body = calls[0]!.body as {
      result: { input_message_content: { message_text: string }; reply_markup: unknown };
    };
    expect(body.result.input_message_content.message_text).toMatch(/^Присоединяйся ко мне в TON Token/);
    expect(body.result.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Открыть TON Token', url: `https://t.me/real_bot/tonapp?startapp=${user.refCode}` }]],
    });
  });

  it.each([
    [
      'an error answer (400 Bad Request)',
      json(400, { ok: false, error_code: 400, description: 'Bad Request: USER_ID_INVALID' }),
    ],
    [
      'a 429 flood wait',
      json(429, {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 5',
        parameters: { retry_after: 5 },
      }),
    ],
    ['ok without a result id', json(200, { ok: true, result: {} })],
    [
      'a garbled answer',
      (res: ServerResponse) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>502</html>');
      },
    ],
  ])('%s → 502 with the share text', async (_name, reply) => {
    const user = await productionUser();
    answer = reply;
    const response = await share(production, user.headers);
    expect(response.statusCode).toBe(502);
    expect(response.json<ErrorBody>()).toEqual({
      msg: 'Could not prepare the message to share. Try again.',
      code: 'shareMessageFailed',
    });
  });

  it('an unreachable Bot API → 502, reported through onError', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
    await new Promise((resolve) => dead.close(resolve));
    const errors: unknown[] = [];
    const preparer = telegramShareMessagePreparer({
      botToken: 'x:y',
      baseUrl: deadUrl,
      onError: (e) => errors.push(e),
    });
    const draft = {
      telegramId: 1,
      title: 't',
      description: 'd',
      text: 'x',
      buttonText: 'b',
      buttonUrl: 'https://t.me/a/b',
    };
    await expect(preparer.prepare(draft)).rejects.toThrow();
    expect(errors).toHaveLength(1);

    const app = await buildApp({
      db: ctx.db,
      logger: false,
      community: { isMember: async () => true, recheckIntervalMs: 30_000 },
      shareMessages: preparer,
      config: sandboxConfig(),
    });
    try {
      const user = await newUser(ctx);
      const response = await share(app, user.headers);
      expect(response.statusCode).toBe(502);
      expect(response.json<ErrorBody>().msg).toBe('Could not prepare the message to share. Try again.');
    } finally {
      await app.close();
    }
  });
});

describe('share message in the sandbox', () => {
  /** A launcher test user who has opened the app (as the host emulator does it). */
  async function sandboxUser(language: 'en' | 'ru' = 'en') {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/api/users',
      payload: { first_name: 'Sam', language_code: language },
    });
    const sandboxId = created.json<{ id: number }>().id;
    const launch = (await ctx.app.inject({ method: 'GET', url: `/sandbox/api/users/${sandboxId}/launch` })).json<{
      url: string;
    }>();
    const initData = new URLSearchParams(launch.url.slice(2)).get('tgWebAppData');
    const tokens = (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { init_data: initData } })
    ).json<TokenPair>();
    const me = userMeSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(tokens.token) })).json(),
    );
    return { sandboxId, headers: bearer(tokens.token), refCode: me.ref_code };
  }

  it('prepares the message locally; the host emulator reads it back for that user only', async () => {
    const user = await sandboxUser();
    const response = await share(ctx.app, user.headers);
    expect(response.statusCode).toBe(200);
    const { inline_message_id: id, link } = shareMessageSchema.parse(response.json<ShareMessage>());
    expect(link).toBe(`https://t.me/ton_token_sandbox_bot/app?startapp=${user.refCode}`);

    const view = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/api/users/${user.sandboxId}/prepared-messages/${id}`,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      id,
      title: 'TON Token',
      description: expect.any(String),
      text: expect.stringContaining(link),
      button: { text: 'Open TON Token', url: link },
      expiration_date: expect.any(Number),
    });

    const other = await sandboxUser();
    const notTheirs = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/api/users/${other.sandboxId}/prepared-messages/${id}`,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json<ErrorBody>()).toEqual({ msg: 'Prepared message not found or expired', code: 'notFound' });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/api/users/${user.sandboxId}/prepared-messages/nope`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/api/users/${user.sandboxId}/prepared-messages/${encodeURIComponent('a b')}`,
    });
    expect(malformed.statusCode).toBe(422);
  });

  it('401 without a token, 403 for a non-member', async () => {
    expect((await share(ctx.app)).statusCode).toBe(401);
    const outsider = await newUser(ctx, { member: false });
    const response = await share(ctx.app, outsider.headers);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'Join the community to use the product', code: 'notAMember' });
  });
});
