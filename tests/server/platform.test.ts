/**
 * The app around the domains: maintenance and the operator API, the sandbox API, production's
 * closed sandbox, 404s, the SPA with its injected config, and the TON Connect manifest.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validate, parse } from '@telegram-apps/init-data-node';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_OFF_DETAIL, MAINTENANCE_ON_DETAIL, type TokenPair, userMeSchema } from '@contract';
import { buildApp } from '../../server/app';
import { SANDBOX_BOT_TOKEN, loadConfig } from '../../server/config';
import { sandboxTreasuryAddress } from '../../server/sandbox/chain/treasury';
import { bearer, createTestContext, productionConfig, sandboxConfig, type TestContext } from './helpers';
import { PRODUCTION_ENV } from './production-env';

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(distDir, 'icon.png'), 'png');

let ctx: TestContext;
let production: FastifyInstance;
/** Production's node key: a server setting only. */
const TON_API_KEY = 'toncenter-api-key-of-production-0123456789';
/** A provider whose key is in the node URL's path (as many are): a server setting only, too. */
const NODE_URL_KEY = 'provider-key-in-the-url-9876543210';
const nodeUrls = (({ tonNodeUrl, publicTonNodeUrl }) => ({ tonNodeUrl, publicTonNodeUrl }))(
  loadConfig({ ...PRODUCTION_ENV, TON_NODE_URL: `https://ton.provider.example/${NODE_URL_KEY}/api/v2/jsonRPC` }),
);
beforeAll(async () => {
  ctx = await createTestContext({ distDir, config: sandboxConfig({ publicUrl: 'https://sandbox.example.com' }) });
  // Same database, production settings: a second app is cheap, a second PGlite is not.
  production = await buildApp({
    db: ctx.db,
    logger: false,
    distDir,
    community: { isMember: async () => false, recheckIntervalMs: 30_000 },
    config: productionConfig({ tonApiKey: TON_API_KEY, ...nodeUrls }),
  });
});
afterAll(async () => {
  await production?.close();
  await ctx?.close();
});

const inject = (options: InjectOptions) => ctx.app.inject(options);

describe('maintenance', () => {
  const admin = (enabled: boolean, token = 'sandbox-admin') =>
    inject({ method: 'POST', url: '/api/admin/maintenance', headers: bearer(token), payload: { enabled } });
  const status = async () => (await inject({ method: 'GET', url: '/api/maintenance/' })).json();

  it('is off by default and answers without auth', async () => {
    expect(await status()).toEqual({ detail: MAINTENANCE_OFF_DETAIL });
    // without the trailing slash too
    expect((await inject({ method: 'GET', url: '/api/maintenance' })).json()).toEqual({
      detail: MAINTENANCE_OFF_DETAIL,
    });
  });

  it('turns on and off through the operator API', async () => {
    const on = await admin(true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ enabled: true, detail: MAINTENANCE_ON_DETAIL });
    expect(await status()).toEqual({ detail: MAINTENANCE_ON_DETAIL });
    expect(
      (await inject({ method: 'GET', url: '/api/admin/maintenance', headers: bearer('sandbox-admin') })).json(),
    ).toMatchObject({ enabled: true });

    await admin(false);
    expect(await status()).toEqual({ detail: MAINTENANCE_OFF_DETAIL });
  });

  it('refuses a wrong or missing admin token with 401', async () => {
    const wrong = await admin(true, 'guess');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ msg: 'Invalid admin token', code: 'invalidAdminToken' });
    const missing = await inject({ method: 'POST', url: '/api/admin/maintenance', payload: { enabled: true } });
    expect(missing.statusCode).toBe(401);
    expect(await status()).toEqual({ detail: MAINTENANCE_OFF_DETAIL });
  });

  it('validates the body', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/admin/maintenance',
      headers: bearer('sandbox-admin'),
      payload: { enabled: 'yes' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].path).toBe('enabled');
  });

  it('is also switched from the sandbox launcher', async () => {
    await inject({ method: 'POST', url: '/sandbox/api/maintenance', payload: { enabled: true } });
    expect(await status()).toEqual({ detail: MAINTENANCE_ON_DETAIL });
    expect((await inject({ method: 'GET', url: '/sandbox/api/maintenance' })).json()).toEqual({
      enabled: true,
      detail: MAINTENANCE_ON_DETAIL,
    });
    await inject({ method: 'POST', url: '/sandbox/api/maintenance', payload: { enabled: false } });
    expect(await status()).toEqual({ detail: MAINTENANCE_OFF_DETAIL });
  });
});

describe('sandbox API', () => {
  const create = (payload: object) => inject({ method: 'POST', url: '/sandbox/api/users', payload });

  it('creates test users with a 9–10 digit Telegram id and lists them', async () => {
    const response = await create({
      first_name: 'Dana',
      username: 'dana_test',
      language_code: 'ru',
      is_community_member: false,
      platform: 'tdesktop',
      theme: 'dark',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(String(user.telegram_id)).toMatch(/^\d{9,10}$/);
    expect(user).toMatchObject({
      first_name: 'Dana',
      language_code: 'ru',
      platform: 'tdesktop',
      theme: 'dark',
      app_user: null,
    });

    const list = (await inject({ method: 'GET', url: '/sandbox/api/users' })).json();
    expect(list.map((u: { id: number }) => u.id)).toContain(user.id);
  });

  it.each([
    [{ first_name: '' }],
    [{ first_name: 'x'.repeat(65) }],
    [{ first_name: 'Ok', platform: 'symbian' }],
    [{ first_name: 'Ok', theme: 'blue' }],
    [{ first_name: 'Ok', language_code: 'de' }],
    [{ first_name: 'Ok', start_param: 'has space' }],
    [{ first_name: 'Ok', extra: 1 }],
  ])('refuses %j with 422', async (payload) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toEqual(expect.any(String));
  });

  it('launch URL carries init data that validates, with start_param signed inside', async () => {
    const user = (await create({ first_name: 'Eli', start_param: 'ABCD2345', platform: 'ios', theme: 'dark' })).json();
    const response = await inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch` });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url.startsWith('/#')).toBe(true);

    const hash = new URLSearchParams(url.slice(2));
    const initData = hash.get('tgWebAppData')!;
    expect(() => validate(initData, SANDBOX_BOT_TOKEN, { expiresIn: 60 })).not.toThrow();
    const parsed = parse(initData);
    expect(parsed.start_param).toBe('ABCD2345');
    expect(parsed.chat_type).toBe('sender');
    expect(parsed.user).toMatchObject({
      id: user.telegram_id,
      first_name: 'Eli',
      language_code: 'en',
      allows_write_to_pm: true,
    });
    expect(hash.get('tgWebAppVersion')).toBe('8.0');
    expect(hash.get('tgWebAppPlatform')).toBe('ios');
    expect(hash.get('tgWebAppStartParam')).toBe('ABCD2345');
    expect(JSON.parse(hash.get('tgWebAppThemeParams')!)).toMatchObject({
      bg_color: '#212121',
      button_color: expect.any(String),
    });
  });

  it('launches as the client version the launcher picked, and refuses one it does not offer', async () => {
    const user = (await create({ first_name: 'Vera' })).json();
    const launchAs = (version: string) =>
      inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch?version=${encodeURIComponent(version)}` });
    for (const version of ['6.0', '7.8', '9.1']) {
      const { url } = (await launchAs(version)).json<{ url: string }>();
      expect(new URLSearchParams(url.slice(2)).get('tgWebAppVersion')).toBe(version);
    }
    const refused = await launchAs('10.0');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'validation' });
  });

  it('without a referrer code the launch has a query_id and no start_param', async () => {
    const user = (await create({ first_name: 'Fay' })).json();
    const { url } = (await inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch` })).json<{
      url: string;
    }>();
    const hash = new URLSearchParams(url.slice(2));
    const parsed = parse(hash.get('tgWebAppData')!);
    expect(parsed.query_id).toEqual(expect.any(String));
    expect(parsed.start_param).toBeUndefined();
    expect(hash.has('tgWebAppStartParam')).toBe(false);
  });

  it('a launched user signs in, gets the referrer, the community flag, and grants', async () => {
    const referrer = (await create({ first_name: 'Gus' })).json();
    const referrerLaunch = (await inject({ method: 'GET', url: `/sandbox/api/users/${referrer.id}/launch` })).json<{
      url: string;
    }>();
    const referrerTokens = (
      await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { init_data: new URLSearchParams(referrerLaunch.url.slice(2)).get('tgWebAppData') },
      })
    ).json<TokenPair>();
    const referrerMe = userMeSchema.parse(
      (await inject({ method: 'GET', url: '/api/user/me', headers: bearer(referrerTokens.token) })).json(),
    );

    const invited = (
      await create({ first_name: 'Hal', start_param: referrerMe.ref_code, is_community_member: false })
    ).json();
    const notYet = await inject({
      method: 'POST',
      url: `/sandbox/api/users/${invited.id}/grant`,
      payload: { amount: '100' },
    });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toEqual({ msg: 'User has not opened the app yet', code: 'notFound' });

    const launch = (await inject({ method: 'GET', url: `/sandbox/api/users/${invited.id}/launch` })).json<{
      url: string;
    }>();
    const tokens = (
      await inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { init_data: new URLSearchParams(launch.url.slice(2)).get('tgWebAppData') },
      })
    ).json<TokenPair>();
    const me = () =>
      inject({ method: 'GET', url: '/api/user/me', headers: bearer(tokens.token) }).then((r) =>
        userMeSchema.parse(r.json()),
      );
    expect((await me()).community_participation).toBe(false);

    await inject({ method: 'PATCH', url: `/sandbox/api/users/${invited.id}`, payload: { is_community_member: true } });
    expect((await me()).community_participation).toBe(true);
    // …and leaving the chat afterwards does not close the app again: a confirmed member stays one for the
    // gate, as in production (only the chat's own answer changes, which the community task checks).
    await inject({ method: 'PATCH', url: `/sandbox/api/users/${invited.id}`, payload: { is_community_member: false } });
    expect((await me()).community_participation).toBe(true);

    const granted = await inject({
      method: 'POST',
      url: `/sandbox/api/users/${invited.id}/grant`,
      payload: { amount: '100.5', account: 'task_balance' },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ task_balance: '100.5' });
    expect((await me()).task_balance).toBe('100.5');

    const referrerAfter = userMeSchema.parse(
      (await inject({ method: 'GET', url: '/api/user/me', headers: bearer(referrerTokens.token) })).json(),
    );
    expect(referrerAfter.ref.referrals_count).toBe(1);

    const listed = (await inject({ method: 'GET', url: '/sandbox/api/users' })).json<
      Array<{ id: number; app_user: { ref_code: string } | null }>
    >();
    expect(listed.find((u) => u.id === referrer.id)?.app_user?.ref_code).toBe(referrerMe.ref_code);
  });

  it.each([
    [{ amount: '-1' }],
    [{ amount: '0' }],
    [{ amount: 1 }],
    [{ amount: '1e3' }],
    [{ amount: '1.0000000001' }],
    [{ amount: 'ten' }],
    [{ amount: '1', account: 'savings' }],
  ])('refuses grant %j with 422', async (payload) => {
    const user = (await create({ first_name: 'Ivy' })).json();
    const response = await inject({ method: 'POST', url: `/sandbox/api/users/${user.id}/grant`, payload });
    expect(response.statusCode).toBe(422);
  });

  it('404 {msg} for an unknown test user, 422 for a malformed id', async () => {
    const missing = await inject({ method: 'GET', url: '/sandbox/api/users/999999/launch' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: 'Test user not found', code: 'notFound' });
    expect((await inject({ method: 'GET', url: '/sandbox/api/users/abc/launch' })).statusCode).toBe(422);
  });

  it('serves the launcher and the host emulator pages', async () => {
    const launcher = await inject({ method: 'GET', url: '/sandbox/' });
    expect(launcher.statusCode).toBe(200);
    expect(launcher.headers['content-type']).toMatch(/text\/html/);
    expect(launcher.body).toContain('Create user');
    const frame = await inject({ method: 'GET', url: '/sandbox/frame.html?user=1' });
    expect(frame.statusCode).toBe(200);
    expect(frame.body).toContain('id="app-frame"');
  });
});

describe('production mode', () => {
  it.each([['/sandbox/'], ['/sandbox/api/users'], ['/sandbox/frame.html']])(
    'has no sandbox: GET %s is 404',
    async (url) => {
      const response = await production.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ msg: 'Not found', code: 'notFound' });
    },
  );

  it('refuses sandbox-signed init data', async () => {
    const user = (await inject({ method: 'POST', url: '/sandbox/api/users', payload: { first_name: 'Jo' } })).json();
    const { url } = (await inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch` })).json<{
      url: string;
    }>();
    const response = await production.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { init_data: new URLSearchParams(url.slice(2)).get('tgWebAppData') },
    });
    expect(response.statusCode).toBe(401);
  });

  it('never hands TON_API_KEY or a key in TON_NODE_URL to the client: not in the served page, its runtime config or any header', async () => {
    for (const url of ['/', '/mint', '/operator/', '/tonconnect/manifest.json', '/api/maintenance/']) {
      const response = await production.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      for (const key of [TON_API_KEY, NODE_URL_KEY]) {
        expect(response.body, url).not.toContain(key);
        expect(JSON.stringify(response.headers), url).not.toContain(key);
      }
    }
    const page = await production.inject({ method: 'GET', url: '/' });
    const config = /window\.__APP_CONFIG__ = (.*?);<\/script>/.exec(page.body);
    // The page reads toncenter's public endpoint of the network, keyless (TON_PUBLIC_NODE_URL unset).
    expect(JSON.parse(config![1]!)).toMatchObject({ tonNodeUrl: 'https://toncenter.com/api/v2/jsonRPC' });
  });

  it('takes the admin token from the config', async () => {
    expect(
      (await production.inject({ method: 'GET', url: '/api/admin/maintenance', headers: bearer('sandbox-admin') }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await production.inject({
          method: 'GET',
          url: '/api/admin/maintenance',
          headers: bearer('production-admin-token'),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('routing and static files', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/user/unknown'],
    ['GET', '/api'],
  ] as const)('%s %s → 404 {msg}', async (method, url) => {
    const response = await inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ msg: 'Not found', code: 'notFound' });
  });

  it('serves index.html with the runtime config injected, for / and for app routes', async () => {
    for (const url of ['/', '/mint', '/referral/farming?farm_code=ABC', '/index.html']) {
      const response = await inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      // First in <head>: a script after the stylesheet would wait for it (server/web/routes.ts).
      const match =
        /<head>(?:<script defer src="[^"]+"><\/script>)?<script>window\.__APP_CONFIG__ = (.*?);<\/script>/.exec(
          response.body,
        );
      expect(match, url).not.toBeNull();
      expect(JSON.parse(match![1]!)).toEqual({
        mode: 'sandbox',
        botUsername: 'ton_token_sandbox_bot',
        miniAppName: 'app',
        communityUrl: 'https://t.me/ton_token_sandbox_community',
        publicUrl: 'https://sandbox.example.com',
        tonNodeUrl: expect.any(String),
        tonNetwork: 'testnet',
        walletsListUrl: '/sandbox/wallets-v2.json',
        tonConnectManifestUrl: 'https://sandbox.example.com/tonconnect-manifest.json',
        testTransferAddress: sandboxTreasuryAddress(),
      });
    }
  });

  it('serves built files, fingerprinted assets cached for good, and 404s a missing file', async () => {
    const asset = await inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await inject({ method: 'GET', url: '/icon.png' });
    expect(icon.statusCode).toBe(200);
    // The icon older TON Connect manifests named: open to wallets' origins like the manifest.
    expect(icon.headers['access-control-allow-origin']).toBe('*');
    expect((await inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('redirects /tonconnect-manifest.json to the manifest, which names the public URL', async () => {
    const redirect = await inject({ method: 'GET', url: '/tonconnect-manifest.json' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/tonconnect/manifest.json');
    const manifest = await inject({ method: 'GET', url: '/tonconnect/manifest.json' });
    expect(manifest.json()).toEqual({
      url: 'https://sandbox.example.com',
      name: 'TON Token',
      iconUrl: 'https://sandbox.example.com/tonconnect/icon.png',
    });
  });

  it('answers 500 {msg} without internals when something unexpected breaks', async () => {
    const broken = await buildApp({ config: sandboxConfig(), db: ctx.db, logger: false, distDir });
    broken.get('/api/broken', async () => {
      throw new Error('secret stack detail');
    });
    const response = await broken.inject({ method: 'GET', url: '/api/broken' });
    await broken.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ msg: 'Internal server error', code: 'internal' });
    expect(response.body).not.toContain('secret');
  });
});
