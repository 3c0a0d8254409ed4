/**
 * Sessions, probed as an attacker would: replays of one captured init_data keep at most
 * MAX_LIVE_SESSIONS_PER_USER sessions alive; sign-out ends a session for good; expired refresh tokens are
 * purged; a token without `exp` is refused; a socket closes when its token expires; init data signed in
 * the future is refused (auth.test.ts has that one with the other invalid init data).
 */
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_CLOSE, type TokenPair } from '@contract';
import { purgeExpiredRefreshTokens } from '../../server/auth/queries';
import { hashRefreshToken } from '../../server/auth/tokens';
import { buildApp } from '../../server/app';
import { MAX_LIVE_SESSIONS_PER_USER, REVOKED_SESSION_SWEEP_MS } from '../../server/constants';
import { createInProcessBus } from '../../server/events/bus';
import { bearer, createTestContext, newTelegramId, signInitData, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

let address: string | undefined;
/** The app listening on a free port (once), for the socket tests. */
const listening = async () => (address ??= await ctx.app.listen({ port: 0, host: '127.0.0.1' }));
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

/** A socket on /api/ws/ whose first message is `token`, recording what it hears and how it closes. */
async function socketWith(token: string) {
  const base = await listening();
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws/`);
  const heard: string[] = [];
  socket.on('message', (data) => heard.push(String(data)));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(token);
  return { socket, heard, closed };
}

/** The session (refresh-token family) an access token names. */
const sessionOf = (token: string) => String(decodeJwt(token).sid);

/** A sign-in (a new session) of that Telegram user. */
const signIn = async (telegramId = newTelegramId()) =>
  (await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })).json<TokenPair>();

const me = (token: string, app = ctx.app) => app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

const liveFamilies = async (telegramId: number) =>
  (
    await ctx.db.query<{ families: bigint }>(
      `SELECT count(DISTINCT t.family_id) AS families FROM refresh_tokens t JOIN users u ON u.id = t.user_id
        WHERE u.telegram_id = $1 AND t.revoked_at IS NULL AND t.expires_at > now()`,
      [telegramId],
    )
  )[0]!.families;

describe('sessions', () => {
  it(`400 replays of one init_data leave at most ${MAX_LIVE_SESSIONS_PER_USER} live sessions: the oldest are revoked`, async () => {
    const telegramId = newTelegramId();
    const initData = signInitData({ id: telegramId });
    const pairs: TokenPair[] = [];
    for (let i = 0; i < 400; i++) {
      const response = await post('/api/auth/register', { init_data: initData });
      expect(response.statusCode).toBe(200);
      pairs.push(response.json<TokenPair>());
    }
    expect(Number(await liveFamilies(telegramId))).toBe(MAX_LIVE_SESSIONS_PER_USER);
    // The newest sessions refresh; the first one was revoked.
    expect((await post('/api/auth/refresh', { refresh_token: pairs.at(-1)!.refresh })).statusCode).toBe(200);
    const oldest = await post('/api/auth/refresh', { refresh_token: pairs[0]!.refresh });
    expect(oldest.statusCode).toBe(401);
    expect(oldest.json()).toEqual({ msg: 'Refresh token revoked', code: 'refreshTokenRevoked' });
  });

  it('sign-out revokes the session: its refresh token and every later one stop working; other sessions live on', async () => {
    const telegramId = newTelegramId();
    const phone = (await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })).json<TokenPair>();
    const laptop = (
      await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })
    ).json<TokenPair>();
    const rotated = (await post('/api/auth/refresh', { refresh_token: phone.refresh })).json<TokenPair>();

    const out = await post('/api/auth/logout', { refresh_token: rotated.refresh }, bearer(rotated.token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signed_out: true });
    const after = await post('/api/auth/refresh', { refresh_token: rotated.refresh });
    expect(after.statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: laptop.refresh })).statusCode).toBe(200);

    // Someone else's refresh token: nothing changes (and nothing is said about it).
    const other = (
      await post('/api/auth/register', { init_data: signInitData({ id: newTelegramId() }) })
    ).json<TokenPair>();
    expect((await post('/api/auth/logout', { refresh_token: other.refresh }, bearer(laptop.token))).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/refresh', { refresh_token: other.refresh })).statusCode).toBe(200);
    // Without a token, or with a bad body: refused.
    expect((await post('/api/auth/logout', { refresh_token: other.refresh })).statusCode).toBe(401);
    expect((await post('/api/auth/logout', { token: 'x' }, bearer(laptop.token))).statusCode).toBe(422);
  });

  it("sign-out closes that session's sockets at once (4401); another session's socket stays open", async () => {
    const telegramId = newTelegramId();
    const phone = (await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })).json<TokenPair>();
    const laptop = (
      await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })
    ).json<TokenPair>();
    const address = await listening();
    const open = async (token: string) => {
      const socket = new WebSocket(`${address.replace('http', 'ws')}/api/ws/`);
      const first = new Promise((resolve) => socket.once('message', resolve));
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.send(token);
      await first; // signed in: the balances snapshot
      return { socket, closed };
    };
    const phoneSocket = await open(phone.token);
    const laptopSocket = await open(laptop.token);
    /** A ping after the logout: a close the server sent before it would arrive first on that connection. */
    const pingOrClose = ({ socket, closed }: { socket: WebSocket; closed: Promise<number> }) =>
      Promise.race([
        new Promise<string>((resolve) => {
          socket.once('pong', () => resolve('pong'));
          if (socket.readyState === WebSocket.OPEN) socket.ping();
        }),
        closed.then((code) => `closed ${code}`),
      ]);

    expect((await post('/api/auth/logout', { refresh_token: phone.refresh }, bearer(phone.token))).statusCode).toBe(
      200,
    );
    // This process heard the revocation as it committed, before the logout answered: the socket is closed
    // already, not at the next sweep (REVOKED_SESSION_SWEEP_MS) nor at its token's expiry.
    expect(await pingOrClose(phoneSocket)).toBe(`closed ${SOCKET_CLOSE.unauthorized}`);
    expect(await pingOrClose(laptopSocket)).toBe('pong');
    laptopSocket.socket.close();
  });

  it('a socket with the unexpired token of a session revoked longer ago than the sweep looks back, or gone, is refused (4401) and hears nothing', async () => {
    // Signed out, the revocation then backdated past the sweep's window (as if 10 minutes had passed).
    const signedOut = await signIn();
    expect(
      (await post('/api/auth/logout', { refresh_token: signedOut.refresh }, bearer(signedOut.token))).statusCode,
    ).toBe(200);
    // Revoked in the database only (another process did it, and this one never heard).
    const revokedElsewhere = await signIn();
    // Its tokens purged (or its user deleted: the rows cascade).
    const gone = await signIn();
    await ctx.db.query(
      "UPDATE refresh_tokens SET revoked_at = now() - interval '10 minutes' WHERE family_id = ANY($1::uuid[])",
      [[sessionOf(signedOut.token), sessionOf(revokedElsewhere.token)]],
    );
    await ctx.db.query('DELETE FROM refresh_tokens WHERE family_id = $1', [sessionOf(gone.token)]);

    for (const { token } of [signedOut, revokedElsewhere, gone]) {
      const { socket, heard, closed } = await socketWith(token);
      // Whichever comes first: the close, or a message (a signed-in socket's balances).
      const first = await Promise.race([
        closed.then((code) => ({ closed: code })),
        new Promise((resolve) => socket.once('message', (data) => resolve({ message: String(data) }))),
      ]);
      expect(first).toEqual({ closed: SOCKET_CLOSE.unauthorized });
      expect(heard).toEqual([]);
      socket.close();
    }
    // A live session's socket signs in (the balances snapshot first).
    const live = await signIn();
    const { socket, heard } = await socketWith(live.token);
    await new Promise((resolve) => socket.once('message', resolve));
    expect(JSON.parse(heard[0]!).event).toBe('user:balance');
    socket.close();
  });

  it("sign-out: that session's access token answers 401 on HTTP at once; the user's other session works on", async () => {
    const telegramId = newTelegramId();
    const phone = await signIn(telegramId);
    const laptop = await signIn(telegramId);
    expect((await me(phone.token)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { refresh_token: phone.refresh }, bearer(phone.token))).statusCode).toBe(
      200,
    );
    const after = await me(phone.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ msg: 'Not authenticated', code: 'notAuthenticated' });
    expect((await me(laptop.token)).statusCode).toBe(200);
  });

  it('a reused refresh token revokes its session: the access tokens issued before and after the rotation answer 401', async () => {
    const first = await signIn();
    const rotated = (await post('/api/auth/refresh', { refresh_token: first.refresh })).json<TokenPair>();
    expect((await me(rotated.token)).statusCode).toBe(200);
    const reused = await post('/api/auth/refresh', { refresh_token: first.refresh });
    expect(reused.json()).toEqual({ msg: 'Refresh token reused', code: 'refreshTokenReused' });
    for (const token of [first.token, rotated.token]) expect((await me(token)).statusCode).toBe(401);
  });

  it(`the sign-in past the cap of ${MAX_LIVE_SESSIONS_PER_USER} revokes the oldest session: its access token answers 401, the next one's works`, async () => {
    const telegramId = newTelegramId();
    const pairs: TokenPair[] = [];
    for (let i = 0; i <= MAX_LIVE_SESSIONS_PER_USER; i++) pairs.push(await signIn(telegramId));
    expect((await me(pairs[0]!.token)).statusCode).toBe(401);
    expect((await me(pairs[1]!.token)).statusCode).toBe(200);
  });

  it('a revocation this process did not hear (another process made it, the event was lost) is read from the database within the sweep', async () => {
    const pair = await signIn();
    expect((await me(pair.token)).statusCode).toBe(200);
    await ctx.db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1', [sessionOf(pair.token)]);
    // The periodic read comes every REVOKED_SESSION_SWEEP_MS: ask until it has, for at most a few of them.
    await expect
      .poll(async () => (await me(pair.token)).statusCode, { timeout: 4 * REVOKED_SESSION_SWEEP_MS, interval: 100 })
      .toBe(401);
  });

  it('a process started after a revocation refuses its tokens from its first call (it reads the last token lifetime of revocations)', async () => {
    const pair = await signIn();
    // Revoked minutes ago by another process: older than any later read looks back, younger than the token.
    await ctx.db.query("UPDATE refresh_tokens SET revoked_at = now() - interval '5 minutes' WHERE family_id = $1", [
      sessionOf(pair.token),
    ]);
    const live = await signIn();
    const started = await buildApp({ config: ctx.config, db: ctx.db, bus: createInProcessBus(), logger: false });
    try {
      expect((await me(pair.token, started)).statusCode).toBe(401);
      expect((await me(live.token, started)).statusCode).toBe(200);
    } finally {
      await started.close();
    }
  });

  it('a session is revoked as a whole: a refresh token of it the revocation missed (a refresh racing the sign-out) does not refresh', async () => {
    const first = await signIn();
    const rotated = (await post('/api/auth/refresh', { refresh_token: first.refresh })).json<TokenPair>();
    // What a sign-out leaves when a refresh commits while it waits for the token's lock: the rows it saw
    // revoked, the row that refresh inserted not.
    await ctx.db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE token_hash = $1', [
      hashRefreshToken(first.refresh),
    ]);
    const refused = await post('/api/auth/refresh', { refresh_token: rotated.refresh });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ msg: 'Refresh token revoked', code: 'refreshTokenRevoked' });
  });

  it('expired refresh tokens are purged; live ones stay', async () => {
    const telegramId = newTelegramId();
    const pair = (await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })).json<TokenPair>();
    const [row] = await ctx.db.query<{ user_id: number }>('SELECT id AS user_id FROM users WHERE telegram_id = $1', [
      telegramId,
    ]);
    await ctx.db.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [
      row!.user_id,
    ]);
    const live = (await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })).json<TokenPair>();
    expect(await purgeExpiredRefreshTokens(ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.query('SELECT id FROM refresh_tokens WHERE user_id = $1', [row!.user_id]);
    expect(left).toHaveLength(1);
    expect((await post('/api/auth/refresh', { refresh_token: pair.refresh })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: live.refresh })).statusCode).toBe(200);
  });

  it('an access token without exp is refused, on HTTP and on the socket', async () => {
    const telegramId = newTelegramId();
    const session = sessionOf(
      (await post('/api/auth/register', { init_data: signInitData({ id: telegramId }) })).json<TokenPair>().token,
    );
    const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [telegramId]);
    const forever = await new SignJWT({ tg: telegramId, sid: session })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(row!.id))
      .setIssuedAt()
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(forever) });
    expect(me.statusCode).toBe(401);

    expect(await (await socketWith(forever)).closed).toBe(SOCKET_CLOSE.unauthorized);

    // A socket lives as long as its token: one expiring in 2 s is closed with 4401 then.
    const soon = await new SignJWT({ tg: telegramId, sid: session })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(row!.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const openedAt = Date.now();
    const { heard, closed } = await socketWith(soon);
    expect(await closed).toBe(SOCKET_CLOSE.unauthorized);
    expect(heard.length).toBeGreaterThanOrEqual(1); // it was signed in (the balances snapshot) until then
    expect(Date.now() - openedAt).toBeGreaterThan(500);
  });
});
