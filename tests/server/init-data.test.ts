/**
 * Sign-in accepts launch data signed exactly as Telegram documents it
 * (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app): the `hash` is
 * HMAC-SHA256 over the sorted data-check-string with the key HMAC-SHA256("WebAppData", bot token). The
 * ed25519 `signature` field is sent only by recent clients, so data without it is as valid (docs/foundations.md §8).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_INIT_DATA_MSG, tokenPairSchema } from '@contract';
import { SANDBOX_BOT_TOKEN } from '../../server/config';
import { bearer, createTestContext, newTelegramId, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Telegram's algorithm, written out from its documentation, with no library in between. */
function telegramSign(fields: Record<string, string>, botToken = SANDBOX_BOT_TOKEN): string {
  const dataCheckString = Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secretKey = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secretKey).update(dataCheckString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

function launchFields(telegramId: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({
      id: telegramId,
      first_name: 'Old',
      last_name: 'Client',
      username: 'old_client',
      language_code: 'en',
    }),
    auth_date: String(Math.floor(Date.now() / 1000)),
    ...extra,
  };
}

const registerWith = (initData: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { init_data: initData } });

async function signedInTelegramId(initData: string): Promise<number> {
  const response = await registerWith(initData);
  expect(response.statusCode, response.body).toBe(200);
  const { token } = tokenPairSchema.parse(response.json());
  const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
  return me.json<{ telegram_id: number }>().telegram_id;
}

describe('sign-in with launch data signed as Telegram documents', () => {
  it('accepts it without a `signature` field (older Telegram clients)', async () => {
    const telegramId = newTelegramId();
    const initData = telegramSign(launchFields(telegramId));
    expect(initData).not.toContain('signature=');
    expect(await signedInTelegramId(initData)).toBe(telegramId);
  });

  it('accepts it with a `signature` field (recent clients), which the hash covers too', async () => {
    const telegramId = newTelegramId();
    const initData = telegramSign(launchFields(telegramId, { signature: 'dGVzdC1lZDI1NTE5LXNpZ25hdHVyZQ' }));
    expect(await signedInTelegramId(initData)).toBe(telegramId);
  });

  it('keeps start_param from the signed data', async () => {
    const telegramId = newTelegramId();
    const initData = telegramSign(launchFields(telegramId, { chat_type: 'sender', start_param: 'NOSUCHREF' }));
    expect(await signedInTelegramId(initData)).toBe(telegramId);
  });

  const refused: Array<[string, () => string]> = [
    ['a tampered user', () => telegramSign(launchFields(newTelegramId())).replace('Old', 'New')],
    [
      'a signature added after signing',
      () => `${telegramSign(launchFields(newTelegramId()))}&signature=${encodeURIComponent('added')}`,
    ],
    ['another bot token', () => telegramSign(launchFields(newTelegramId()), '999:other-bot')],
    ['no hash', () => new URLSearchParams(launchFields(newTelegramId())).toString()],
    ['no user', () => telegramSign({ query_id: 'AAH', auth_date: String(Math.floor(Date.now() / 1000)) })],
    [
      'auth_date older than 24 h',
      () =>
        telegramSign(launchFields(newTelegramId(), { auth_date: String(Math.floor(Date.now() / 1000) - 25 * 3600) })),
    ],
    ['a user without an id', () => telegramSign({ ...launchFields(1), user: JSON.stringify({ first_name: 'X' }) })],
    ['a user that is not JSON', () => telegramSign({ ...launchFields(1), user: '{oops' })],
    [
      'a repeated user field',
      () => {
        const initData = telegramSign(launchFields(newTelegramId()));
        return `${initData}&user=${encodeURIComponent(JSON.stringify({ id: 1, first_name: 'Eve' }))}`;
      },
    ],
  ];
  it.each(refused)('refuses %s with 401 Invalid WebApp init data', async (_name, initData) => {
    const response = await registerWith(initData());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: INVALID_INIT_DATA_MSG, code: 'invalidInitData' });
  });
});
