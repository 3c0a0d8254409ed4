/**
 * The sandbox takes changes only from its own pages (server/sandbox/origin.ts): a browser call from
 * another site (its Origin, or Sec-Fetch-Site) that would change something is 403 `crossSiteRequest`
 * before its handler runs, whatever route it names (the hot wallet's Empty, the bot's setup, a review's
 * approval, a test user, the bridge, the phone wallet's session); its own pages, PUBLIC_URL's origin and
 * calls without those headers (scripts, these tests) pass, and reads are never refused. The dev chain
 * answers reads to any origin and refuses another site's sends. The sandbox's pages carry a CSP of their
 * own: their inline scripts by hash, and framed by no other site.
 */
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@contract';
import { SANDBOX_ERROR_MESSAGES } from '@contract';
import { inlineScriptsOf, scriptHash } from '../../server/http/protection';
import { type TestContext, createTestContext } from './helpers';
import { newUser } from './mint-kit';
import { makeTask, taskCall } from './task-kit';
import { newClientId } from './support/bridge-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const inject = (options: InjectOptions) => ctx.app.inject(options);
/** light-my-request's Host: the sandbox's own origin for these calls. */
const OWN_ORIGIN = 'http://localhost';
const FOREIGN = { origin: 'https://evil.example' };

const expectRefused = (response: Awaited<ReturnType<typeof inject>>, what: string) => {
  expect(response.statusCode, what).toBe(403);
  expect(response.json<ErrorBody>(), what).toEqual({
    msg: SANDBOX_ERROR_MESSAGES.crossSiteRequest,
    code: 'crossSiteRequest',
  });
};

const hotWallet = async () => (await inject({ method: 'GET', url: '/sandbox/api/hot-wallet' })).json<unknown>();
const botSetup = async () => (await inject({ method: 'GET', url: '/sandbox/api/bot' })).json<unknown>();
const count = async (table: string) =>
  Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

/** Everything the refused calls below could have changed. */
async function sandboxState() {
  return {
    hotWallet: await hotWallet(),
    bot: await botSetup(),
    botCalls: await count('sandbox_bot_calls'),
    users: await count('sandbox_users'),
    bridge: await count('sandbox_bridge_messages'),
    mobileSessions: await count('sandbox_mobile_wallet_sessions'),
    proofs: await ctx.db.query('SELECT id, status FROM task_proofs ORDER BY id'),
  };
}

/** A link proof waiting in the review queue; answers its id. */
async function pendingProof(): Promise<number> {
  const user = await newUser(ctx);
  const taskId = await makeTask(ctx, { kind: 'link', settings: { allowed_hosts: ['t.me'] } });
  await taskCall(ctx, user, 'start', { task_id: taskId });
  expect((await taskCall(ctx, user, 'validate', { task_id: taskId, link: 'https://t.me/a/1' })).statusCode).toBe(200);
  const queue = (await inject({ method: 'GET', url: '/sandbox/api/reviews' })).json<Array<{ id: number }>>();
  return queue.at(-1)!.id;
}

const bridgeMessage = (headers: Record<string, string>) =>
  inject({
    method: 'POST',
    url: `/bridge/message?client_id=${newClientId()}&to=${newClientId()}&ttl=300`,
    headers: { 'content-type': 'text/plain', ...headers },
    payload: Buffer.from('hello').toString('base64'),
  });

/** The calls another site's page could make without a preflight (empty or text bodies) and a JSON one. */
const changes = (
  proofId: number,
  headers: Record<string, string>,
): Array<[string, () => ReturnType<typeof inject>]> => [
  ['drain', () => inject({ method: 'POST', url: '/sandbox/api/hot-wallet/drain', headers })],
  ['bot setup', () => inject({ method: 'POST', url: '/sandbox/api/bot/setup', headers })],
  ['approve', () => inject({ method: 'POST', url: `/sandbox/api/reviews/${proofId}/approve`, headers })],
  [
    'new user',
    () => inject({ method: 'POST', url: '/sandbox/api/users', headers, payload: { first_name: 'Mallory' } }),
  ],
  ['bridge', () => bridgeMessage(headers)],
  [
    'mobile session',
    () =>
      inject({
        method: 'POST',
        url: '/sandbox/api/mobile-wallet/session',
        headers,
        payload: { init_data: 'x', app_client_id: newClientId(), create: true },
      }),
  ],
];

describe('the sandbox takes changes only from its own pages', () => {
  it('a call from another site (Origin, "null", Sec-Fetch-Site) is 403 crossSiteRequest, whatever it names, and changes nothing', async () => {
    const proofId = await pendingProof();
    const before = await sandboxState();
    const otherSites: Array<Record<string, string>> = [
      FOREIGN,
      { ...FOREIGN, 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      // Another port of the same host is another origin (and may be another local tool).
      { origin: 'http://localhost:5173' },
      { origin: 'not a url' },
      // A browser's word on where the call comes from, even without an Origin.
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of otherSites) {
      for (const [what, call] of changes(proofId, headers))
        expectRefused(await call(), `${what} ${JSON.stringify(headers)}`);
    }
    expect(await sandboxState()).toEqual(before);
  });

  it('the route decides, not the spelling: an encoded path to the same route is refused too', async () => {
    const before = await hotWallet();
    for (const url of [
      '/%73andbox/api/hot-wallet/drain',
      '/sandbox/api/hot-wallet/dr%61in',
      '/sandbox/api/hot-wallet/drain/',
    ]) {
      expectRefused(await inject({ method: 'POST', url, headers: FOREIGN }), url);
    }
    expect(await hotWallet()).toEqual(before);
  });

  it('its own pages pass (Origin of the request’s own host, or of PUBLIC_URL), and so do calls with neither header', async () => {
    const own = { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' };
    const created = await inject({
      method: 'POST',
      url: '/sandbox/api/users',
      headers: own,
      payload: { first_name: 'A' },
    });
    expect(created.statusCode).toBe(201);
    // The explicit default port is the same origin.
    const withPort = { origin: 'http://localhost:80' };
    expect((await inject({ method: 'POST', url: '/sandbox/api/bot/setup', headers: withPort })).statusCode).toBe(200);
    const publicOrigin = { origin: new URL(ctx.config.publicUrl).origin, 'sec-fetch-site': 'same-origin' };
    expect((await bridgeMessage(publicOrigin)).statusCode).toBe(200);
    // A typed address or a bookmark: the browser says 'none'.
    expect((await bridgeMessage({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    const drained = await inject({ method: 'POST', url: '/sandbox/api/hot-wallet/drain', payload: { keep: '5' } });
    // Drained to 5 TON, less the gas the wallet's code spends receiving them (a TVM transaction).
    expect(Number(drained.json<{ balance: string }>().balance)).toSatisfy((n: number) => n <= 5 && n > 4.99);
    const proofId = await pendingProof();
    const approved = await inject({ method: 'POST', url: `/sandbox/api/reviews/${proofId}/approve`, headers: own });
    expect(approved.statusCode).toBe(200);
  });

  it('reads are never refused: GET from another site answers (the browser keeps the answer from that site)', async () => {
    for (const url of ['/sandbox/api/users', '/sandbox/api/hot-wallet', '/sandbox/', '/sandbox/frame.html']) {
      const response = await inject({ method: 'GET', url, headers: { ...FOREIGN, 'sec-fetch-site': 'cross-site' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });

  it('the dev chain answers reads to any origin, and refuses a send from another site in its envelope', async () => {
    const rpc = (method: string, params: object, headers: Record<string, string>) =>
      inject({
        method: 'POST',
        url: '/sandbox/chain/jsonRPC',
        headers,
        payload: { id: 7, jsonrpc: '2.0', method, params },
      });
    const read = await rpc('getMasterchainInfo', {}, FOREIGN);
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    for (const method of ['sendBoc', 'sendBocReturnHash']) {
      const refused = await rpc(method, { boc: 'te6c' }, FOREIGN);
      expect(refused.statusCode, method).toBe(403);
      expect(refused.json(), method).toEqual({
        ok: false,
        error: SANDBOX_ERROR_MESSAGES.crossSiteRequest,
        code: 403,
        id: 7,
        jsonrpc: '2.0',
      });
      // The server's own node client sends no Origin: its send reaches the chain (here, to refuse the BOC).
      expect((await rpc(method, { boc: 'te6c' }, {})).statusCode, method).toBe(400);
    }
  });
});

describe("the sandbox's pages: a CSP of their own", () => {
  const policyOf = async (url: string) => {
    const response = await inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    const csp = String(response.headers['content-security-policy'] ?? '');
    return new Map(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name!, values]),
    );
  };
  const pages = [
    { url: '/sandbox/', file: 'server/sandbox/launcher.html', framedBy: ["'none'"] },
    { url: '/sandbox/frame.html', file: 'server/sandbox/frame.html', framedBy: ["'none'"] },
    // The host emulator shows the phone wallet in its own frame.
    { url: '/sandbox/mobile-wallet/', file: 'server/sandbox/mobile-wallet.html', framedBy: ["'self'"] },
  ];

  it('each page: framed by no other site, its inline scripts by their hashes and nothing inline else, calls to its own origin', async () => {
    for (const page of pages) {
      const policy = await policyOf(page.url);
      expect(policy.get('frame-ancestors'), page.url).toEqual(page.framedBy);
      const hashes = inlineScriptsOf(readFileSync(page.file, 'utf8')).map(scriptHash);
      expect(hashes.length, page.url).toBeGreaterThan(0);
      expect(policy.get('script-src'), page.url).toEqual(["'self'", ...hashes]);
      expect(policy.get('script-src-attr'), page.url).toEqual(["'none'"]);
      expect(policy.get('default-src'), page.url).toEqual(["'self'"]);
      expect(policy.get('connect-src')?.[0], page.url).toBe("'self'");
      expect(policy.get('object-src'), page.url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), page.url).toEqual(["'none'"]);
    }
    // The host emulator frames the Mini App and the phone wallet, both its own origin's (and the app may
    // send its frame to t.me); the others frame nothing.
    expect((await policyOf('/sandbox/frame.html')).get('frame-src')).toEqual(["'self'", 'https:']);
    expect((await policyOf('/sandbox/')).get('frame-src')).toEqual(["'none'"]);
  });
});
