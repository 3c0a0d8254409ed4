import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_INIT_DATA_MSG,
  registerResponseSchema,
  type TokenPair,
  tokenPairSchema,
  userMeSchema,
} from '@contract';
import { bearer, createTestContext, newTelegramId, register, signInitData, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object });
const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

async function userRow(telegramId: number) {
  const [row] = await ctx.db.query<{
    id: number;
    first_name: string;
    language_code: string;
    referrer_id: number | null;
    ref_code: string;
  }>('SELECT id, first_name, language_code, referrer_id, ref_code FROM users WHERE telegram_id = $1', [telegramId]);
  return row;
}

describe('POST /api/auth/register', () => {
  it('creates the user from valid init data and returns an access and a refresh token', async () => {
    const telegramId = newTelegramId();
    const response = await post('/api/auth/register', {
      init_data: signInitData({ id: telegramId, first_name: 'Alice', username: 'alice', language_code: 'ru' }),
    });
    expect(response.statusCode).toBe(200);
    const tokens = tokenPairSchema.parse(response.json());
    expect(tokens.token.split('.')).toHaveLength(3);
    expect(tokens.refresh.length).toBeGreaterThanOrEqual(40);

    const row = await userRow(telegramId);
    expect(row).toMatchObject({ first_name: 'Alice', language_code: 'ru', referrer_id: null });
    expect(row?.ref_code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('answers with the user exactly as GET /api/user/me does, so the first screen needs one round trip', async () => {
    const telegramId = newTelegramId();
    const response = await post('/api/auth/register', {
      init_data: signInitData({ id: telegramId, first_name: 'Ann' }),
    });
    expect(response.statusCode).toBe(200);
    const answer = registerResponseSchema.parse(response.json());
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(answer.token) });
    expect(me.statusCode).toBe(200);
    expect(answer.user).toEqual(userMeSchema.parse(me.json()));
    expect(answer.user.telegram_id).toBe(telegramId);
  });

  it('loads the same user on the next sign-in and refreshes the profile', async () => {
    const telegramId = newTelegramId();
    const first = await register(ctx.app, { id: telegramId, first_name: 'Bob' });
    const second = await register(ctx.app, { id: telegramId, first_name: 'Robert', language_code: 'ru' });
    const [a, b] = await Promise.all([me(first.token), me(second.token)]);
    expect(a.json().id).toBe(b.json().id);
    expect(b.json()).toMatchObject({ first_name: 'Robert', language_code: 'ru' });
    const rows = await ctx.db.query('SELECT 1 FROM users WHERE telegram_id = $1', [telegramId]);
    expect(rows).toHaveLength(1);
  });

  const invalid: Array<[string, () => string]> = [
    [
      'a tampered hash',
      () => signInitData({ id: 1 }).replace(/hash=([0-9a-f])/, (_m, c: string) => `hash=${c === 'a' ? 'b' : 'a'}`),
    ],
    ['a tampered user', () => signInitData({ id: 1, first_name: 'Eve' }).replace('Eve', 'Mallory')],
    ['another bot token', () => signInitData({ id: 1 }, { botToken: '999:other-bot' })],
    ['auth_date older than 24 h', () => signInitData({ id: 1 }, { authDate: new Date(Date.now() - 25 * 3600_000) })],
    [
      'auth_date 5 minutes in the future',
      () => signInitData({ id: 1 }, { authDate: new Date(Date.now() + 5 * 60_000) }),
    ],
    ['no hash', () => signInitData({ id: 1 }).replace(/&?hash=[0-9a-f]+/, '')],
    ['no user', () => signInitData(null)],
    ['garbage', () => 'not init data at all'],
  ];
  it.each(invalid)('refuses init data with %s: 401 and the message the client closes on', async (_name, initData) => {
    const response = await post('/api/auth/register', { init_data: initData() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: INVALID_INIT_DATA_MSG, code: 'invalidInitData' });
  });

  it.each([
    ['missing init_data', {}, 'init_data'],
    ['empty init_data', { init_data: '' }, 'init_data'],
    ['an unknown field', { init_data: 'x', admin: true }, ''],
    // (a ref_code of any shape is taken and ignored unless it is a ref code: tests/server/ref-code.test.ts)
  ])('answers 422 with field errors for %s', async (_name, body, path) => {
    const response = await post('/api/auth/register', body);
    expect(response.statusCode).toBe(422);
    const json = response.json<{ msg: string; errors: Array<{ path: string; message: string }> }>();
    expect(json.msg).toEqual(expect.any(String));
    expect(json.errors[0]?.path).toBe(path);
  });

  it('answers 400 {msg} for malformed JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"init_data":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ msg: expect.any(String), code: expect.any(String) });
  });

  it('answers 413 {msg} for a body over 1 MiB', async () => {
    const response = await post('/api/auth/register', { init_data: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ msg: expect.any(String), code: expect.any(String) });
  });
});

describe('referrer links', () => {
  let referrer: { id: number; ref_code: string; token: string };
  beforeAll(async () => {
    const telegramId = newTelegramId();
    const { token } = await register(ctx.app, { id: telegramId, first_name: 'Referrer' });
    const row = await userRow(telegramId);
    referrer = { id: row!.id, ref_code: row!.ref_code, token };
  });

  it('links the referrer from ref_code in the body', async () => {
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId }, { ref_code: referrer.ref_code });
    expect((await userRow(telegramId))?.referrer_id).toBe(referrer.id);
  });

  it('links the referrer from start_param inside the signed init data', async () => {
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId }, { startParam: referrer.ref_code });
    expect((await userRow(telegramId))?.referrer_id).toBe(referrer.id);
  });

  it('ignores an unknown code', async () => {
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId }, { ref_code: 'NQSUCH99' });
    expect((await userRow(telegramId))?.referrer_id).toBeNull();
  });

  it('links only at creation: a later code, even the user’s own, changes nothing', async () => {
    const telegramId = newTelegramId();
    await register(ctx.app, { id: telegramId });
    const own = (await userRow(telegramId))!.ref_code;
    await register(ctx.app, { id: telegramId }, { ref_code: own });
    await register(ctx.app, { id: telegramId }, { ref_code: referrer.ref_code });
    expect((await userRow(telegramId))?.referrer_id).toBeNull();
  });

  it('counts referrals and new (unseen) referrals on /user/me', async () => {
    const body = userMeSchema.parse((await me(referrer.token)).json());
    expect(body.ref.referrals_count).toBe(2);
    expect(body.ref.new_referrals_count).toBe(2);
  });
});

describe('GET /api/user/me', () => {
  it('401 without a token, with a malformed one, or with one signed by another key', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ msg: 'Not authenticated', code: 'notAuthenticated' });

    const bad = await me('not-a-jwt');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ msg: 'Not authenticated', code: 'notAuthenticated' });

    const forged = await new SignJWT({ tg: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-xx'));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('401 "Token expired" for an expired token', async () => {
    const expired = await new SignJWT({ tg: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Token expired', code: 'tokenExpired' });
  });

  it('a non-member’s /user/me reads without writing: the sandbox’s recheck stores nothing while the answer is the same', async () => {
    const telegramId = newTelegramId();
    const { token } = await register(ctx.app, { id: telegramId });
    for (let i = 0; i < 3; i++) {
      const response = await me(token);
      expect(response.statusCode).toBe(200);
      expect(response.json().community_participation).toBe(false);
    }
    const [row] = await ctx.db.query<{ community_member: boolean; community_checked_at: Date | null }>(
      'SELECT community_member, community_checked_at FROM users WHERE telegram_id = $1',
      [telegramId],
    );
    expect(row).toEqual({ community_member: false, community_checked_at: null });
  });

  it('401 on a gated call too when the token’s user no longer exists (the gate’s read finds it)', async () => {
    const telegramId = newTelegramId();
    const { token } = await register(ctx.app, { id: telegramId });
    await ctx.db.query('DELETE FROM users WHERE telegram_id = $1', [telegramId]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/staking/', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Not authenticated', code: 'notAuthenticated' });
  });

  it('401 when the token’s user no longer exists', async () => {
    const telegramId = newTelegramId();
    const { token } = await register(ctx.app, { id: telegramId });
    await ctx.db.query('DELETE FROM users WHERE telegram_id = $1', [telegramId]);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Not authenticated', code: 'notAuthenticated' });
  });

  it('returns the contract shape: level 0 (5 %), zero balances, profile', async () => {
    const telegramId = newTelegramId();
    const { token } = await register(ctx.app, { id: telegramId, first_name: 'Carol', username: 'carol' });
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    const body = userMeSchema.parse(response.json());
    expect(body).toMatchObject({
      telegram_id: telegramId,
      first_name: 'Carol',
      username: 'carol',
      ref: { level: 0, percent: 5, turnover: '0', referrals_count: 0, new_referrals_count: 0 },
      community_participation: false, // no sandbox row for this Telegram user
      balance_token: '0',
      task_balance: '0',
      referral_balance: '0',
      hold_bonus: 0,
      investment_bonus: 0,
      collective_bonus: 0,
    });
    expect(body.ref_code).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('re-checks community membership while the stored flag is false', async () => {
    const telegramId = newTelegramId();
    const { token } = await register(ctx.app, { id: telegramId });
    expect((await me(token)).json().community_participation).toBe(false);
    await ctx.db.query(
      `INSERT INTO sandbox_users (telegram_id, first_name, language_code, is_community_member, platform, theme)
       VALUES ($1, 'Member', 'en', true, 'ios', 'light')`,
      [telegramId],
    );
    expect((await me(token)).json().community_participation).toBe(true);
  });
});

describe('POST /api/auth/refresh', () => {
  it.each([['refresh_token'], ['refresh']])(
    'rotates with {%s}: new pair, old token refused, family revoked',
    async (field) => {
      const first = await register(ctx.app, { id: newTelegramId() });

      const rotated = await post('/api/auth/refresh', { [field]: first.refresh });
      expect(rotated.statusCode).toBe(200);
      const second = tokenPairSchema.parse(rotated.json());
      expect(second.refresh).not.toBe(first.refresh);
      expect((await me(second.token)).statusCode).toBe(200);

      const reused = await post('/api/auth/refresh', { [field]: first.refresh });
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ msg: 'Refresh token reused', code: 'refreshTokenReused' });

      // The reuse revoked the family: the legitimately rotated token is dead too.
      const afterRevoke = await post('/api/auth/refresh', { [field]: second.refresh });
      expect(afterRevoke.statusCode).toBe(401);
      expect(afterRevoke.json()).toEqual({ msg: expect.any(String), code: expect.any(String) });
    },
  );

  it('chains rotations while each token is used once', async () => {
    let pair = await register(ctx.app, { id: newTelegramId() });
    for (let i = 0; i < 3; i++) {
      const response = await post('/api/auth/refresh', { refresh_token: pair.refresh });
      expect(response.statusCode).toBe(200);
      pair = response.json<TokenPair>();
    }
  });

  it('401 for an unknown token', async () => {
    const response = await post('/api/auth/refresh', { refresh_token: 'x'.repeat(43) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Invalid refresh token', code: 'invalidRefreshToken' });
  });

  it('401 for an expired token', async () => {
    const pair = await register(ctx.app, { id: newTelegramId() });
    await ctx.db.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second'");
    const response = await post('/api/auth/refresh', { refresh: pair.refresh });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Refresh token expired', code: 'refreshTokenExpired' });
  });

  it('422 for a body with neither or both fields', async () => {
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(422);
    expect(
      (await post('/api/auth/refresh', { refresh: 'y'.repeat(43), refresh_token: 'y'.repeat(43) })).statusCode,
    ).toBe(422);
  });
});
