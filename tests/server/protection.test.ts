/**
 * What stands before the routes: rate limits (429 {msg}, per address and per user), TRUST_PROXY,
 * security headers and the CSP, the manifest's CORS and icon, body limits, load shedding and draining.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ErrorBody, SERVER_MESSAGES } from '@contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/index';
import { DatabaseUnavailableError } from '../../server/db/faults';
import {
  MONEY_CALLS,
  SHARE_MESSAGE_CALLS,
  SIGN_IN_CALLS,
  TELEGRAM_WEB_ORIGINS,
  TON_PROOF_CALLS,
  addressKey,
  contentSecurityPolicy,
  recordHeaders,
} from '../../server/http/protection';
import { TEST_ENV, createTestContext, newTelegramId, signInitData, type TestContext } from './helpers';
import { type TestUser, newUser } from './mint-kit';
import { expectMoneyLimitHoldsAcrossApps } from './race-kit';
import { PRODUCTION_ENV } from './production-env';

const limited = (overrides: Record<string, string>) => loadConfig({ ...TEST_ENV, ...overrides });

describe('rate limits', () => {
  // Sign-in limited in one app, money calls in another (the money tests sign users in from one address).
  let ctx: TestContext;
  let signInCtx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      config: limited({
        RATE_LIMIT_MONEY_PER_USER: '2',
        RATE_LIMIT_MONEY_PER_IP: '5',
        RATE_LIMIT_TON_PROOF_PER_USER: '2',
        RATE_LIMIT_TON_PROOF_PER_IP: '5',
        RATE_LIMIT_SHARE_MESSAGE_PER_USER: '2',
        RATE_LIMIT_SHARE_MESSAGE_PER_IP: '5',
      }),
    });
    signInCtx = await createTestContext({ config: limited({ RATE_LIMIT_SIGN_IN_PER_IP: '3' }) });
  });
  afterAll(async () => {
    await ctx?.close();
    await signInCtx?.close();
  });

  const registerFrom = (ip: string) =>
    signInCtx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      payload: { init_data: signInitData({ id: newTelegramId() }) },
    });
  const cancelMint = (headers: Record<string, string>, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/mint/999999/cancel', headers, remoteAddress: ip });

  it('cover sign-in, refresh, every money-moving call, wallet proofs and share messages', () => {
    expect([...SIGN_IN_CALLS].sort()).toEqual(['refresh', 'register']);
    expect([...TON_PROOF_CALLS]).toEqual(['tonProofCheck']);
    expect([...SHARE_MESSAGE_CALLS]).toEqual(['shareMessage']);
    expect([...MONEY_CALLS].sort()).toEqual(
      [
        'farmingActivate',
        'farmingCancel',
        'farmingCreate',
        'mintCancel',
        'mintCreate',
        'referralTransfer',
        'stakeCreate',
        'taskClaim',
        'taskValidate',
        'withdrawCreate',
      ].sort(),
    );
  });

  it('sign-in: per address, 429 {msg} with Retry-After past the limit; another address is not affected', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await registerFrom('10.0.0.1'));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers[3]!.statusCode).toBe(429);
    expect(answers[3]!.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.tooManyRequests, code: 'tooManyRequests' });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await registerFrom('10.0.0.2')).statusCode).toBe(200);
  });

  it('money calls: per user (the verified token), whatever the address; and per address across users', async () => {
    const [ann, bob] = [await newUser(ctx), await newUser(ctx)];
    // Two calls of Ann's (from two addresses) pass the limit's count (404: no such mint), the third is 429.
    expect((await cancelMint(ann.headers, '10.1.0.1')).statusCode).toBe(404);
    expect((await cancelMint(ann.headers, '10.1.0.2')).statusCode).toBe(404);
    const third = await cancelMint(ann.headers, '10.1.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.tooManyRequests, code: 'tooManyRequests' });
    // Bob is not limited by Ann's calls.
    expect((await cancelMint(bob.headers, '10.1.0.1')).statusCode).toBe(404);

    // One address, five users' calls: the sixth call from it is 429 even for a user who made none.
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(ctx)));
    const codes = [];
    for (const user of users) codes.push((await cancelMint(user.headers, '10.2.0.9')).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 429]);
  });

  // A wallet proof may cost a node call, a share message a Bot API call: per user and per address too.
  const proofCall = (headers: Record<string, string>, ip: string) =>
    // An empty proof is refused (422) after the limits have counted it.
    ctx.app.inject({ method: 'POST', url: '/api/wallet/ton-proof', headers, remoteAddress: ip, payload: {} });
  const shareCall = (headers: Record<string, string>, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/share-message', headers, remoteAddress: ip });
  it.each([
    { name: 'wallet proofs', call: proofCall, passed: 422, net: '10.4' },
    { name: 'share messages', call: shareCall, passed: 200, net: '10.5' },
  ])(
    '$name: per user, whatever the address, and per address across users; 429 {msg} with Retry-After',
    async ({ call, passed, net }) => {
      const [ann, bob] = [await newUser(ctx), await newUser(ctx)];
      expect((await call(ann.headers, `${net}.0.1`)).statusCode).toBe(passed);
      expect((await call(ann.headers, `${net}.0.2`)).statusCode).toBe(passed);
      const third = await call(ann.headers, `${net}.0.3`);
      expect(third.statusCode).toBe(429);
      expect(third.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.tooManyRequests, code: 'tooManyRequests' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(bob.headers, `${net}.0.1`)).statusCode).toBe(passed);

      const users: TestUser[] = await Promise.all(Array.from({ length: 6 }, () => newUser(ctx)));
      const codes = [];
      for (const user of users) codes.push((await call(user.headers, `${net}.1.9`)).statusCode);
      expect(codes).toEqual([passed, passed, passed, passed, passed, 429]);
    },
  );

  it('IPv6 clients are counted by their /64, an IPv4-mapped address as its IPv4 address', async () => {
    // Three addresses of one /64 share the sign-in limit (3): the fourth sign-in from it is refused.
    const codes = [];
    for (const ip of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff:ffff:ffff:fffe', '2001:DB8:7:1::abcd']) {
      codes.push((await registerFrom(ip)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    // The next /64 is another client.
    expect((await registerFrom('2001:db8:7:2::1')).statusCode).toBe(200);
    // 10.0.7.7 and ::ffff:10.0.7.7 are one client.
    const mapped = [];
    for (const ip of ['10.0.7.7', '::ffff:10.0.7.7', '10.0.7.7', '::ffff:10.0.7.7'])
      mapped.push((await registerFrom(ip)).statusCode);
    expect(mapped).toEqual([200, 200, 200, 429]);
  });

  it('the counters are in the database: two apps on one database allow the limit once, not twice', async () => {
    const second = await buildApp({ config: ctx.config, db: ctx.db, bus: ctx.bus, logger: false });
    try {
      await expectMoneyLimitHoldsAcrossApps([ctx, { ...ctx, app: second }], 2);
    } finally {
      await second.close();
    }
  });

  it('reads are not limited', async () => {
    const user = await newUser(ctx);
    for (let i = 0; i < 10; i++) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: user.headers,
        remoteAddress: '10.3.0.1',
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('the address a limit counts', () => {
  it('IPv4 as it is, IPv4-mapped IPv6 as its IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::');
    expect(addressKey('2001:DB8:1:2::ffff')).toBe(addressKey('2001:db8:1:2:aaaa::1'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe('rate-limit counters in the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: limited({ RATE_LIMIT_MONEY_PER_IP: '2' }) });
  });
  afterAll(async () => ctx?.close());

  const cancelMint = (app: TestContext['app'], user: TestUser, ip = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/mint/999999/cancel', headers: user.headers, remoteAddress: ip });

  it('database down: a limited call is 503 {msg} (never let through uncounted, never 500); a key already over its limit stays 429; reads answer', async () => {
    let down = false;
    // The same database, except that the counters' statements fail as an unreachable Postgres's do.
    const db: Db = {
      ...ctx.db,
      query: (sql, params) =>
        down && sql.includes('rate_limit_counters')
          ? Promise.reject(
              new DatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
            )
          : ctx.db.query(sql, params),
    };
    const app = await buildApp({ config: ctx.config, db, bus: ctx.bus, logger: false });
    try {
      const [ann, bob] = [await newUser({ ...ctx, app }), await newUser({ ...ctx, app })];
      expect((await cancelMint(app, ann, '10.6.0.1')).statusCode).toBe(404);
      expect((await cancelMint(app, ann, '10.6.0.1')).statusCode).toBe(404);
      expect((await cancelMint(app, ann, '10.6.0.1')).statusCode).toBe(429);
      down = true;
      // 10.6.0.1 is over its limit until the window ends: this process answers that without the database.
      expect((await cancelMint(app, bob, '10.6.0.1')).statusCode).toBe(429);
      const refused = await cancelMint(app, bob, '10.6.0.2');
      expect(refused.statusCode).toBe(503);
      expect(refused.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await app.inject({ method: 'GET', url: '/api/user/me', headers: bob.headers })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('windows that have ended are deleted by a later hit; a window still running stays', async () => {
    await ctx.db.query(
      `INSERT INTO rate_limit_counters (key, count, expires_at)
       VALUES ('test:ended', 9, now() - interval '1 second'), ('test:running', 9, now() + interval '1 hour')`,
    );
    // A new app (process) purges at its first hit; its close waits for the purge.
    const app = await buildApp({ config: ctx.config, db: ctx.db, bus: ctx.bus, logger: false });
    try {
      expect((await cancelMint(app, await newUser({ ...ctx, app }))).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    const keys = await ctx.db.query<{ key: string }>(
      `SELECT key FROM rate_limit_counters WHERE key LIKE 'test:%' ORDER BY key`,
    );
    expect(keys.map((row) => row.key)).toEqual(['test:running']);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: a spoofed X-Forwarded-For is neither the client address nor its rate-limit key', async () => {
    expect(loadConfig(TEST_ENV).faults.trustProxy).toBe(false);
    const ctx = await createTestContext({ config: limited({ RATE_LIMIT_SIGN_IN_PER_IP: '2' }) });
    try {
      let seen = '';
      ctx.app.addHook('onResponse', async (request) => {
        seen = request.ip;
      });
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { init_data: signInitData({ id: newTelegramId() }) },
        });
        codes.push(response.statusCode);
      }
      expect(seen).toBe('10.9.9.9');
      // Three "different" forwarded addresses, one real one: the third sign-in is refused.
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('with a proxy list, X-Forwarded-For counts only when the request comes from a listed proxy', async () => {
    const config = limited({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' });
    expect(config.faults.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    const ctx = await createTestContext({ config });
    try {
      const ips: string[] = [];
      ctx.app.addHook('onResponse', async (request) => {
        ips.push(request.ip);
      });
      const ask = (remoteAddress: string) =>
        ctx.app.inject({
          method: 'GET',
          url: '/api/maintenance/',
          remoteAddress,
          headers: { 'x-forwarded-for': '198.51.100.7' },
        });
      await ask('10.1.2.3');
      await ask('172.16.0.1');
      expect(ips).toEqual(['198.51.100.7', '172.16.0.1']);
    } finally {
      await ctx.close();
    }
  });

  it('refuses an entry that is not an address, a CIDR or a named range', () => {
    expect(() => loadConfig({ ...TEST_ENV, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ ...TEST_ENV, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...TEST_ENV, TRUST_PROXY: 'loopback,::1/128' }).faults.trustProxy).toEqual([
      'loopback',
      '::1/128',
    ]);
  });
});

describe('headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('the app has a CSP: its own scripts and the runtime config by hash, framed by Telegram only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/);
    expect(csp).toContain(`frame-ancestors 'self' ${TELEGRAM_WEB_ORIGINS.join(' ')}`);
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeUndefined();
    // No CORS on the API.
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user/me',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the headers recorded once are what helmet itself sets on an answer, in the same order', () => {
    const middleware = helmet({
      contentSecurityPolicy: contentSecurityPolicy(() => ['window.a = 1', 'window.b = 2']),
      frameguard: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      strictTransportSecurity: { maxAge: 15_552_000 },
    });
    const answer = () => {
      const response = new ServerResponse(new IncomingMessage(new Socket()));
      response.setHeader('x-powered-by', 'something');
      return response;
    };
    const byHelmet = answer();
    middleware(byHelmet.req, byHelmet, (error?: unknown) => expect(error).toBeUndefined());
    const recorded = recordHeaders(middleware);
    const replayed = answer();
    for (const name of recorded.removed) replayed.removeHeader(name);
    for (const [name, value] of recorded.set) replayed.setHeader(name, value);
    expect(replayed.getHeaderNames()).toEqual(byHelmet.getHeaderNames());
    expect(replayed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(recorded.removed).toEqual(['x-powered-by']);
    expect(replayed.getHeader('content-security-policy')).toContain("script-src 'self' 'sha256-");
    expect(replayed.getHeader('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
  });

  it('the CSP hashes are exactly the inline scripts of the index.html served: the build’s and the runtime config, after a rebuild too', async () => {
    const { createHash } = await import('node:crypto');
    const { mkdtemp, rm, utimes, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const distDir = await mkdtemp(join(tmpdir(), 'dist-'));
    const index = join(distDir, 'index.html');
    const page = (script: string) =>
      `<html><head><script>${script}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`;
    await writeFile(index, page('document.documentElement.dataset.theme = "dark";'));
    const built = await createTestContext({ config: limited({}), distDir });
    const expectHashesOfServedPage = async () => {
      const served = await built.app.inject({ method: 'GET', url: '/' });
      expect(served.statusCode).toBe(200);
      const inline = [...served.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
      expect(inline).toHaveLength(2);
      const hashes = inline.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`).sort();
      const scriptSrc = /script-src ([^;]*)/.exec(String(served.headers['content-security-policy']))?.[1] ?? '';
      expect(
        scriptSrc
          .split(' ')
          .filter((source) => source.startsWith("'sha256-"))
          .sort(),
      ).toEqual(hashes);
    };
    try {
      await expectHashesOfServedPage();
      // dist/ rebuilt while the server runs: the page is read per request, and its new launch script (which
      // starts the app) is allowed once the file's change is seen (checked at most once a second).
      vi.useFakeTimers({ toFake: ['Date'] });
      await writeFile(index, page('window.rebuilt = true;'));
      await utimes(index, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
      vi.setSystemTime(Date.now() + 2_000);
      await expectHashesOfServedPage();
    } finally {
      vi.useRealTimers();
      await built.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });

  it('the TON Connect manifest and its 180×180 PNG icon are open to every origin', async () => {
    const manifest = await ctx.app.inject({ method: 'GET', url: '/tonconnect/manifest.json' });
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const { iconUrl } = manifest.json<{ iconUrl: string }>();
    expect(iconUrl).toBe(`${ctx.config.publicUrl}/tonconnect/icon.png`);
    const icon = await ctx.app.inject({ method: 'GET', url: '/tonconnect/icon.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['access-control-allow-origin']).toBe('*');
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const png = icon.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
    const old = await ctx.app.inject({ method: 'GET', url: '/tonconnect-manifest.json' });
    expect(old.headers['access-control-allow-origin']).toBe('*');
  });

  it('the CORS of the manifest and its icons is the route’s: any spelling of their path, and nothing else', async () => {
    for (const url of ['/tonconnect/%69con.png', '/%74onconnect/manifest.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
    }
    // A path no route has, even one that reads like theirs, gets no CORS.
    for (const url of ['/tonconnect/icon.png/x', '/TONCONNECT/icon.png']) {
      expect(
        (await ctx.app.inject({ method: 'GET', url })).headers['access-control-allow-origin'],
        url,
      ).toBeUndefined();
    }
  });

  it('sandbox mode: the sandbox’s own pages (the route’s flag, in any spelling) carry their own CSP instead of the app’s, nothing else does', async () => {
    for (const url of ['/sandbox/', '/%73andbox/', '/sandbox/frame.html', '/sandbox/fr%61me.html']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      // server/sandbox/pages.ts (tests/server/sandbox-origin.test.ts): framed by nothing, not the app's list.
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy'], url).not.toContain('telegram.org');
    }
    for (const url of ['/sandbox/no-such-page', '/sandbox/api/users', '/sandbox/dev-wallet.js']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('production: /sandbox/ paths are a 404 that carries the CSP', async () => {
    const production = await buildApp({
      config: loadConfig({ ...TEST_ENV, ...PRODUCTION_ENV }),
      db: ctx.db,
      logger: false,
    });
    try {
      expect(production.hasRoute({ method: 'GET', url: '/sandbox/' })).toBe(false);
      for (const url of ['/sandbox/', '/sandbox/frame.html', '/%73andbox/', '/sandbox/api/users']) {
        const response = await production.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json<ErrorBody>(), url).toEqual({ msg: SERVER_MESSAGES.notFound, code: 'notFound' });
        expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      }
    } finally {
      await production.close();
    }
  });

  it('a JSON body over the small default limit is 413 {msg}', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { init_data: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>()).toEqual({ msg: 'Request body is too large', code: 'payloadTooLarge' });
  });
});

describe('load shedding and draining', () => {
  it('an overloaded process answers 503 {msg} (under-pressure, heap threshold)', async () => {
    const ctx = await createTestContext({ config: limited({ LOAD_MAX_HEAP_USED_BYTES: '1' }) });
    try {
      // under-pressure samples once a second; from its first sample on, every request is shed.
      const response = await vi.waitFor(
        async () => {
          const answer = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/' });
          expect(answer.statusCode).toBe(503);
          return answer;
        },
        { timeout: 5_000, interval: 50 },
      );
      expect(response.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' });
    } finally {
      await ctx.close();
    }
  });

  it('while draining, a new request is 503 {msg} with Connection: close', async () => {
    const ctx = await createTestContext();
    try {
      ctx.app.startDraining();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/maintenance/' });
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' });
      expect(response.headers.connection).toBe('close');
    } finally {
      await ctx.close();
    }
  });
});
