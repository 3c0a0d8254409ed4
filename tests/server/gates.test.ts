/**
 * The server enforces the gates the client shows (docs/foundations.md §7; server/gates/hooks.ts): a non-member
 * gets 403 {msg} on money-moving and user-data calls, and maintenance answers 503 {msg} on every /api
 * call but the maintenance status, the operator API and the sandbox's own.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MAINTENANCE_OFF_DETAIL, MAINTENANCE_ON_DETAIL, type TokenPair, userMeSchema } from '@contract';
import { buildApp } from '../../server/app';
import type { CommunityChecker } from '../../server/community/checker';
import { MAINTENANCE_CACHE_TTL_MS } from '../../server/constants';
import { NOT_A_MEMBER_MSG } from '../../server/gates/hooks';
import {
  bearer,
  createTestContext,
  newTelegramId,
  register,
  sandboxConfig,
  signInitData,
  type TestContext,
} from './helpers';
import { createMint, newUser, payMint, type TestUser } from './mint-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const inject = (method: 'GET' | 'POST', url: string, user?: { headers: object }, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    ...(user ? { headers: user.headers as Record<string, string> } : {}),
    ...(payload ? { payload } : {}),
  });

const mintsOf = async (userId: number) =>
  (await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM mints WHERE user_id = $1', [userId]))[0]?.n;
const stakesOf = async (userId: number) =>
  (await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM stakes WHERE user_id = $1', [userId]))[0]?.n;

describe('community gate', () => {
  /** Money-moving and user-data calls, with a body where they need one. */
  const gated = (mintId: number): Array<[string, 'GET' | 'POST', string, object?]> => [
    ['create a mint', 'POST', '/api/mint/create', { amount: '10', days: 30 }],
    ['stake a mint', 'POST', '/api/staking/create', { mint_id: mintId }],
    ['cancel a mint', 'POST', `/api/mint/${mintId}/cancel`],
    ['list mints', 'GET', '/api/mint/'],
    ['list stakes', 'GET', '/api/staking/?page=1&limit=10'],
    ['a stake reward', 'GET', '/api/staking/calculate?staking_id=1'],
  ];

  it('a non-member gets 403 {msg} on every money-moving and user-data call, and nothing changes', async () => {
    const outsider = await newUser(ctx, { member: false });
    for (const [name, method, url, payload] of gated(1)) {
      const response = await inject(method, url, outsider, payload);
      expect(response.statusCode, name).toBe(403);
      expect(response.json(), name).toEqual({ msg: NOT_A_MEMBER_MSG, code: 'notAMember' });
    }
    expect(await mintsOf(outsider.userId)).toBe(0);
    expect(await stakesOf(outsider.userId)).toBe(0);
  });

  it('a non-member may still do what the gate needs: sign in, refresh, read /user/me, see plans and the price', async () => {
    const telegramId = newTelegramId();
    const tokens = await register(ctx.app, { id: telegramId });
    const me = await inject('GET', '/api/user/me', { headers: bearer(tokens.token) });
    expect(me.statusCode).toBe(200);
    expect(userMeSchema.parse(me.json()).community_participation).toBe(false);
    const refreshed = await inject('POST', '/api/auth/refresh', undefined, { refresh_token: tokens.refresh });
    expect(refreshed.statusCode).toBe(200);
    const user = { headers: bearer(refreshed.json<TokenPair>().token) };
    for (const url of [
      '/api/mint/all-plans',
      '/api/mint/calculate?amount=10&freeze_days=30',
      '/api/price/current-price',
    ]) {
      expect((await inject('GET', url, user)).statusCode, url).toBe(200);
    }
    expect((await inject('GET', '/api/maintenance/')).statusCode).toBe(200);
  });

  it('a member gets the same calls answered', async () => {
    const member = await newUser(ctx);
    const mint = await createMint(ctx, member, 10);
    await payMint(ctx, mint);
    const pending = await createMint(ctx, member, 10);
    expect((await inject('POST', '/api/staking/create', member, { mint_id: mint.id })).statusCode).toBe(201);
    expect((await inject('POST', `/api/mint/${pending.id}/cancel`, member)).statusCode).toBe(200);
    expect((await inject('GET', '/api/mint/', member)).statusCode).toBe(200);
    expect((await inject('GET', '/api/staking/', member)).statusCode).toBe(200);
  });

  it('joining opens the gate at once: the sandbox launcher flag, or a re-check while the stored flag is false', async () => {
    // Through the launcher, as in the e2e flow: the test user opens the app, then joins.
    const created = await inject('POST', '/sandbox/api/users', undefined, {
      first_name: 'Joiner',
      is_community_member: false,
    });
    const sandboxUser = created.json<{ id: number }>();
    const launch = (await inject('GET', `/sandbox/api/users/${sandboxUser.id}/launch`)).json<{ url: string }>();
    const initData = new URLSearchParams(launch.url.slice(2)).get('tgWebAppData') ?? '';
    const tokens = (await inject('POST', '/api/auth/register', undefined, { init_data: initData })).json<TokenPair>();
    const joiner = { headers: bearer(tokens.token) };
    expect((await inject('GET', '/api/mint/', joiner)).statusCode).toBe(403);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/sandbox/api/users/${sandboxUser.id}`,
      payload: { is_community_member: true },
    });
    expect((await inject('POST', '/api/mint/create', joiner, { amount: '10', days: 30 })).statusCode).toBe(201);

    // A member who never asked /user/me: the gate asks the checker itself.
    const telegramId = newTelegramId();
    const fresh = await register(ctx.app, { id: telegramId });
    await ctx.db.query(
      `INSERT INTO sandbox_users (telegram_id, first_name, language_code, is_community_member, platform, theme)
       VALUES ($1, 'Member', 'en', true, 'ios', 'light')`,
      [telegramId],
    );
    expect((await inject('GET', '/api/mint/', { headers: bearer(fresh.token) })).statusCode).toBe(200);
  });

  it('asks the Bot API once for a member, and about a non-member at most once per re-check interval', async () => {
    const answers = new Map<number, boolean>();
    const isMember = vi.fn(async (telegramId: number) => answers.get(telegramId) ?? false);
    const checker: CommunityChecker = { isMember, recheckIntervalMs: 30_000 };
    const app = await buildApp({
      config: sandboxConfig(),
      db: ctx.db,
      bus: ctx.bus,
      community: checker,
      logger: false,
    });
    try {
      const memberId = newTelegramId();
      const outsiderId = newTelegramId();
      answers.set(memberId, true);
      const member = { headers: bearer((await register(app, { id: memberId })).token) };
      const outsider = { headers: bearer((await register(app, { id: outsiderId })).token) };
      for (let i = 0; i < 5; i++) {
        expect((await app.inject({ method: 'GET', url: '/api/mint/', headers: member.headers })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/mint/', headers: outsider.headers })).statusCode).toBe(
          403,
        );
      }
      expect(isMember.mock.calls.filter(([id]) => id === memberId)).toHaveLength(1);
      expect(isMember.mock.calls.filter(([id]) => id === outsiderId)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('maintenance', () => {
  const switchTo = (enabled: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/maintenance',
      headers: bearer(ctx.config.adminToken),
      payload: { enabled },
    });
  afterEach(async () => {
    vi.restoreAllMocks();
    await switchTo(false);
  });

  function expect503(response: { statusCode: number; json(): unknown }, name: string) {
    expect(response.statusCode, name).toBe(503);
    expect(response.json(), name).toEqual({ msg: MAINTENANCE_ON_DETAIL, code: 'maintenance' });
  }

  it('answers 503 {msg} on every /api call but the status, the operator API and the sandbox; off again → OK', async () => {
    const user: TestUser = await newUser(ctx);
    const initData = signInitData({ id: newTelegramId() });
    expect((await switchTo(true)).statusCode).toBe(200);

    expect503(await inject('POST', '/api/auth/register', undefined, { init_data: initData }), 'register');
    expect503(await inject('POST', '/api/auth/refresh', undefined, { refresh_token: 'x'.repeat(40) }), 'refresh');
    expect503(await inject('GET', '/api/user/me', user), '/user/me');
    expect503(await inject('POST', '/api/mint/create', user, { amount: '10', days: 30 }), 'mint create');
    expect503(await inject('GET', '/api/mint/', user), 'mint list');
    expect503(await inject('GET', '/api/price/current-price', user), 'price');
    expect503(await inject('GET', '/api/no-such-call'), 'an unknown call');
    expect(await mintsOf(user.userId)).toBe(0);

    for (const url of ['/api/maintenance/', '/api/maintenance']) {
      const status = await inject('GET', url);
      expect(status.statusCode, url).toBe(200);
      expect(status.json()).toEqual({ detail: MAINTENANCE_ON_DETAIL });
    }
    const operator = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/maintenance',
      headers: bearer(ctx.config.adminToken),
    });
    expect(operator.statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/treasury/transactions',
          headers: bearer(ctx.config.adminToken),
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('GET', '/sandbox/api/users')).statusCode).toBe(200);
    // The app itself still loads (to show the maintenance page): nothing outside /api is refused.
    expect((await inject('GET', '/tonconnect/manifest.json')).statusCode).toBe(200);

    // The sandbox launcher's switch works during maintenance, and takes effect at once.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/sandbox/api/maintenance', payload: { enabled: false } }))
        .statusCode,
    ).toBe(200);
    expect((await inject('GET', '/api/maintenance/')).json()).toEqual({ detail: MAINTENANCE_OFF_DETAIL });
    expect((await inject('POST', '/api/auth/register', undefined, { init_data: initData })).statusCode).toBe(200);
    expect((await inject('GET', '/api/user/me', user)).statusCode).toBe(200);
    expect((await inject('POST', '/api/mint/create', user, { amount: '10', days: 30 })).statusCode).toBe(201);
  });

  it('refuses a socket upgrade during maintenance with 503', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await newUser(ctx);
    const connect = () =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/api/ws/`);
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('open', () => {
          socket.terminate();
          resolve(101);
        });
        socket.once('error', reject);
      });
    await switchTo(true);
    expect(await connect()).toBe(503);
    await switchTo(false);
    expect(await connect()).toBe(101);
    expect(user.userId).toBeGreaterThan(0);
  });

  it('is read per request from a short cache: another process’s switch applies within MAINTENANCE_CACHE_TTL_MS', async () => {
    const user = await newUser(ctx);
    expect((await inject('GET', '/api/mint/', user)).statusCode).toBe(200); // the switch is now cached as off
    // Another process turns it on: this one notices after the cache time, without a read per request before.
    await ctx.db.query(`UPDATE settings SET value = 'true'::jsonb WHERE key = 'maintenance'`);
    expect((await inject('GET', '/api/mint/', user)).statusCode).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + MAINTENANCE_CACHE_TTL_MS + 1);
    expect503(await inject('GET', '/api/mint/', user), 'after the cache time');
  });
});
