/**
 * A deployment, step by step (docs/deploy.md; the Dockerfile runs the same steps): the built output
 * (dist/, dist-server/, package.json, package-lock.json) copied into an empty folder, installed with
 * production dependencies only from the local npm cache (`npm ci --omit=dev --offline`: no network, no
 * dev tooling), the settings written to `.env` as .env.example's rules say (the hot wallet's 24 words in
 * double quotes), and started as the guide's host path does, `npm run start:prod` with nothing else in
 * the environment, against the suite's real Postgres, a local stand-in for the Bot API and a
 * toncenter-shaped node (the dev chain, served by a second, sandbox process). A user signs in with init
 * data signed by that production bot token, creates a mint, pays it from a wallet on that chain, and the
 * production server sees the payment; the story image renders (a native module and packaged fonts). Then
 * SIGTERM (to npm, as a supervisor or Ctrl-C sends it): exit 0.
 * And `npm run start:prod` without its settings refuses, never starting the sandbox: without .env,
 * Node's one line naming it; with an empty one, the server's one line naming every required setting.
 *
 * Runs after `npm run build` (npm test's order): `npm run test:install`.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv, promisify } from 'node:util';
import { sign } from '@telegram-apps/init-data-node';
import { Address, SendMode, internal } from '@ton/core';
import { keyPairFromSeed, mnemonicNew } from '@ton/crypto';
import { TonClient, WalletContractV4 } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mint, MintPlan, TokenPair } from '@contract';
import { type PostgresServer, startPostgres } from '../server/support/postgres-server';
import { type ServerProcess, spawnServer } from '../server/support/server-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const run = promisify(execFile);

/** A production bot token of Telegram's shape, made for this run: nothing else signs with it. */
const BOT_TOKEN = `${1_000_000 + (randomBytes(3).readUIntBE(0, 3) % 8_000_000)}:${randomBytes(26).toString('base64url').slice(0, 35)}`;
const COMMUNITY_CHAT_ID = '@ton_token_community';

let installDir: string;
let postgres: PostgresServer;
let botApi: { url: string; calls: string[]; messages: { chat_id: unknown; text: string }[]; close(): Promise<void> };
let chain: ServerProcess;
let production: ServerProcess;
let productionEnv: Record<string, string>;
/** What the operator's environment holds besides .env: nothing of the server's (npm needs PATH and HOME). */
const BARE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

/**
 * The settings file as .env.example says to write it: `NAME=value`, comments on lines of their own, a value
 * with spaces in double quotes.
 */
function settingsFile(settings: Record<string, string>): string {
  const lines = ['# Production settings (docs/deploy.md step 2)', 'MODE=production'];
  for (const [name, value] of Object.entries(settings))
    lines.push(`${name}=${/\s/.test(value) ? `"${value}"` : value}`);
  return `${lines.join('\n')}\n`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The Bot API as the server uses it: getChatMember says every user is a member of COMMUNITY_CHAT_ID,
 * sendMessage (a JSON POST) is answered as Telegram does and kept, for this bot's token only; anything
 * else is Telegram's 404. Every call's method is recorded.
 */
async function startBotApi(): Promise<typeof botApi> {
  const calls: string[] = [];
  const messages: { chat_id: unknown; text: string }[] = [];
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (!match || match[1] !== BOT_TOKEN)
      return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    calls.push(match[2]!);
    if (match[2] === 'getChatMember' && url.searchParams.get('chat_id') === COMMUNITY_CHAT_ID) {
      const userId = Number(url.searchParams.get('user_id'));
      return reply(200, {
        ok: true,
        result: { status: 'member', user: { id: userId, is_bot: false, first_name: 'Member' } },
      });
    }
    if (match[2] === 'sendMessage') {
      let body = '';
      for await (const chunk of request) body += String(chunk);
      const message = JSON.parse(body) as { chat_id: unknown; text: string };
      messages.push(message);
      return reply(200, {
        ok: true,
        result: { message_id: messages.length, date: Math.floor(Date.now() / 1000), chat: { id: message.chat_id } },
      });
    }
    return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
  };
  // A request the stand-in could not answer (a body that is not JSON) ends its connection, not the test run.
  const server = createServer((request, response) => void answer(request, response).catch(() => response.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A wallet of the test's own, deployed on the dev chain at `base`: funded from a sandbox user's dev wallet
 * (its faucet), then its first transfer, signed with its key through TonClient, deploys it.
 */
async function deployedWallet(base: string): Promise<Address> {
  const keyPair = keyPairFromSeed(randomBytes(32));
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey });
  const sandbox = async <T>(path: string, body: unknown) =>
    json<T>(
      await fetch(`${base}/sandbox/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const funder = await sandbox<{ id: number }>('/users', { first_name: 'Funder' });
  await sandbox(`/users/${funder.id}/faucet`, { amount: '10' });
  const launch = await json<{ url: string }>(await fetch(`${base}/sandbox/api/users/${funder.id}/launch`));
  await sandbox('/wallet/send', {
    init_data: new URLSearchParams(launch.url.split('#')[1]).get('tgWebAppData'),
    request: {
      valid_until: Math.floor(Date.now() / 1000) + 300,
      messages: [{ address: wallet.address.toString({ bounceable: false, testOnly: true }), amount: '2000000000' }],
    },
  });
  const client = new TonClient({ endpoint: `${base}/sandbox/chain/jsonRPC` });
  await client.open(wallet).sendTransfer({
    seqno: 0,
    secretKey: keyPair.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
    messages: [internal({ to: wallet.address, bounce: false, value: 1n })],
  });
  await waitFor(async () => ((await client.isContractDeployed(wallet.address)) ? true : undefined), 'the treasury');
  return wallet.address;
}

beforeAll(async () => {
  for (const built of ['dist/index.html', 'dist-server/main.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  }
  installDir = mkdtempSync(join(tmpdir(), 'ton-token-install-'));
  for (const entry of ['package.json', 'package-lock.json', 'dist', 'dist-server']) {
    cpSync(join(ROOT, entry), join(installDir, entry), { recursive: true });
  }
  // What a deployment runs; --offline: the packages come from the local npm cache (`npm ci` filled it).
  await run('npm', ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: installDir,
    env: { ...process.env, NODE_ENV: 'production' },
  });

  [postgres, botApi] = await Promise.all([startPostgres(), startBotApi()]);
  // The toncenter-shaped node: the dev chain of a sandbox process (its own in-memory database).
  chain = await spawnServer({
    args: ['dist-server/main.js'],
    env: {
      PATH: process.env.PATH,
      MODE: 'sandbox',
      PORT: '0',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      PRICE_TICK_MS: '0',
      PAYOUTS_ENABLED: 'false',
    },
  });

  const port = await freePort();
  // A real treasury is a deployed wallet: the payment is bounceable (server/mint/wire.ts), and the dev chain
  // runs the TVM, so a payment to an address with no contract would come back, as on mainnet, and never be
  // credited. (The dev chain's own treasury is refused: production will not take the sandbox's address.)
  const treasury = (await deployedWallet(chain.base)).toString({ urlSafe: true, bounceable: true });
  // Only what docs/deploy.md tells an operator to set, in .env.
  productionEnv = {
    HOST: '127.0.0.1',
    PORT: String(port),
    // An https origin (production refuses http: Telegram opens Mini Apps over https only); the test talks
    // to the port, as the reverse proxy does.
    PUBLIC_URL: 'https://app.example.com',
    DATABASE_URL: postgres.url,
    BOT_TOKEN,
    BOT_USERNAME: 'ton_token_bot',
    BOT_API_URL: botApi.url,
    BOT_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    // Set, and empty: the console off (the setting is required, an empty list is a choice).
    OPERATOR_TELEGRAM_IDS: '',
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
    COMMUNITY_CHAT_ID,
    COMMUNITY_URL: 'https://t.me/ton_token_community',
    TREASURY_ADDRESS: treasury,
    // A staging deployment: production on testnet (the dev chain is a testnet stand-in).
    TON_NETWORK: 'testnet',
    TON_NODE_URL: `${chain.base}/sandbox/chain/jsonRPC`,
    // The dev chain answers as fast as it can; toncenter without a key allows 1 call a second.
    TON_API_RPS: '20',
    LOG_LEVEL: 'warn',
    // Payouts stay off; the words are read all the same, and refused unless read whole (24 of them).
    PAYOUTS_ENABLED: 'false',
    HOT_WALLET_MNEMONIC: (await mnemonicNew()).join(' '),
  };
  writeFileSync(join(installDir, '.env'), settingsFile(productionEnv));
  production = await spawnServer({ command: 'npm', args: ['run', 'start:prod'], cwd: installDir, env: BARE_ENV });
}, 300_000);

afterAll(async () => {
  for (const child of [production, chain]) {
    if (child && child.child.exitCode === null) {
      child.child.kill('SIGTERM');
      await child.exited;
    }
  }
  await botApi?.close();
  await postgres?.stop();
  if (installDir) rmSync(installDir, { recursive: true, force: true });
}, 120_000);

describe('the production install', () => {
  it('has production dependencies only: no TypeScript loader, bundler or test runner', () => {
    for (const devOnly of ['tsx', 'vite', 'vitest', '@playwright/test', 'typescript-eslint']) {
      expect(existsSync(join(installDir, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    for (const runtime of ['fastify', 'pg', '@ton/core', 'prom-client']) {
      expect(existsSync(join(installDir, 'node_modules', runtime)), runtime).toBe(true);
    }
  });

  it('starts in production mode without loading the sandbox, saying so in JSON lines only', () => {
    const lines = production
      .output()
      .split('\n')
      // npm's own lines ("> ton-token-mini-app@… start:prod", the command) are npm's, not the server's.
      .filter((line) => line.trim() && !line.startsWith('> '));
    // One format in production (docs/operations.md "Logs"): every line the process wrote is JSON.
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const banner = records.find((record) => record.msg === 'started');
    expect(banner).toMatchObject({ level: 30, mode: 'production', version: PACKAGE_VERSION, node: process.version });
    // The build wrote in the commit it was built from, when it ran in a git checkout.
    expect(String(banner?.commit)).toMatch(/^([0-9a-f]{12}|null)$/);
    expect(banner).not.toHaveProperty('launcher');
  });

  it('reads .env as Node does: a quoted value with spaces whole', () => {
    const parsed = parseEnv(settingsFile(productionEnv));
    expect(parsed.HOT_WALLET_MNEMONIC?.split(' ')).toHaveLength(24);
    expect(parsed.HOT_WALLET_MNEMONIC).toBe(productionEnv.HOT_WALLET_MNEMONIC);
  });

  it('npm run start:prod without its settings refuses in one line, never the sandbox', async () => {
    // A second install of the same build, without .env, then with an empty one.
    const bare = mkdtempSync(join(tmpdir(), 'ton-token-bare-'));
    try {
      cpSync(join(installDir, 'package.json'), join(bare, 'package.json'));
      for (const entry of ['dist', 'dist-server', 'node_modules'])
        symlinkSync(join(installDir, entry), join(bare, entry));
      const startProd = () =>
        run('npm', ['run', 'start:prod'], { cwd: bare, env: BARE_ENV, timeout: 60_000 }).then(
          () => {
            throw new Error('npm run start:prod started');
          },
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      // The server's own lines (npm adds its report of the failed script).
      const serverLines = (stderr: string) =>
        stderr
          .trim()
          .split('\n')
          .filter((line) => line && !/^npm (error|ERR!|warn)/.test(line));

      const noFile = await startProd();
      expect(noFile.code).not.toBe(0);
      expect(serverLines(noFile.stderr)).toEqual([expect.stringContaining('.env: not found')]);

      writeFileSync(join(bare, '.env'), '# nothing yet\n');
      const empty = await startProd();
      expect(empty.code).toBe(1);
      expect(serverLines(empty.stderr)).toEqual([]);
      // Production's one format: the refusal is one JSON line (npm's own lines are not JSON).
      const records = empty.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ level: 60 });
      expect(String(records[0]?.msg)).toMatch(/^Cannot start in production mode: no production setting is given/);
      expect(String(records[0]?.msg)).toContain('BOT_TOKEN');
      expect(String(records[0]?.msg)).not.toContain('\n');
      for (const { stdout } of [noFile, empty]) {
        expect(stdout).not.toMatch(/Mode:|Listen:|"msg":"started"/);
      }
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('serves the app and its config: production, no sandbox wallet list', async () => {
    const html = await (await fetch(`${production.base}/`)).text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('"mode":"production"');
    expect(html).toContain('"walletsListUrl":null');
    expect(html).toContain('"tonNetwork":"testnet"');
    // The sandbox's routes do not exist here.
    expect((await fetch(`${production.base}/sandbox/`)).status).toBe(404);
  });

  it('answers the probes: alive, ready, and metrics for the bearer of METRICS_TOKEN only', async () => {
    const health = await fetch(`${production.base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', draining: false, version: PACKAGE_VERSION });
    const ready = await fetch(`${production.base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect((await fetch(`${production.base}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${production.base}/metrics`, {
      headers: { authorization: `Bearer ${productionEnv.METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{.*route="\/readyz".*\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="idle"\} \d+$/m);
    expect(text).toContain(`app_build_info{version="${PACKAGE_VERSION}",commit="`);
  });

  it('signs a user in with the production bot token, and sees the payment of a mint', async () => {
    const telegramId = 700_000_000 + (randomBytes(3).readUIntBE(0, 3) % 100_000_000);
    const initData = sign(
      { user: { id: telegramId, first_name: 'Ada', language_code: 'en', allows_write_to_pm: true }, query_id: 'AAH1' },
      BOT_TOKEN,
      new Date(),
    );
    const api = (path: string, init: RequestInit = {}, token?: string) =>
      fetch(`${production.base}/api${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    // Init data signed by any other token (the sandbox's, say) is refused.
    const forged = sign(
      { user: { id: telegramId, first_name: 'Eve' } },
      '1234567890:SANDBOX-sandbox-sandbox-sandbox-00',
      new Date(),
    );
    expect((await api('/auth/register', { method: 'POST', body: JSON.stringify({ init_data: forged }) })).status).toBe(
      401,
    );

    const { token, user } = await json<TokenPair & { user: { ref_code: string } }>(
      await api('/auth/register', { method: 'POST', body: JSON.stringify({ init_data: initData }) }),
    );
    // The story image is drawn by the native renderer with the packaged fonts: both survive the install.
    const story = await fetch(`${production.base}/api/story/${user.ref_code}.png?lang=ru`);
    expect(story.status).toBe(200);
    expect(story.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await story.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1920]);
    const [plan] = await json<MintPlan[]>(await api('/mint/all-plans', {}, token));
    expect(plan).toBeDefined();
    const mint = await json<Mint>(
      await api(
        '/mint/create',
        { method: 'POST', body: JSON.stringify({ amount: plan!.min_amount, days: plan!.days }) },
        token,
      ),
    );
    expect(mint.status).toBe('pending');
    expect(botApi.calls).toContain('getChatMember');
    const payment = mint.payment!;
    expect(Address.parse(payment.address).equals(Address.parse(productionEnv.TREASURY_ADDRESS!))).toBe(true);

    // The payer: a test user's wallet on the dev chain, funded by its faucet, sends what TON Connect would.
    const sandbox = (path: string, body?: unknown) =>
      fetch(`${chain.base}/sandbox/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const payer = await json<{ id: number }>(await sandbox('/users', { first_name: 'Payer' }));
    await json(await sandbox(`/users/${payer.id}/faucet`, { amount: '1000' }));
    const launch = await json<{ url: string }>(await sandbox(`/users/${payer.id}/launch`));
    const payerInitData = new URLSearchParams(launch.url.split('#')[1]).get('tgWebAppData')!;
    await json(
      await sandbox('/wallet/send', {
        init_data: payerInitData,
        request: {
          valid_until: payment.valid_until,
          messages: [{ address: payment.address, amount: payment.amount, payload: payment.payload }],
        },
      }),
    );

    const paid = await waitFor(async () => {
      const { data } = await json<{ data: Mint[] }>(await api('/mint/', {}, token));
      const row = data.find((item) => item.id === mint.id);
      return row?.status === 'active' ? row : undefined;
    }, 'the production watcher to see the payment');
    expect(paid.activated_at).not.toBeNull();
    // The bot tells the user (who allowed it: allows_write_to_pm) through the Bot API, once.
    const told = await waitFor(async () => {
      const sent = botApi.messages.filter((message) => String(message.chat_id) === String(telegramId));
      return sent.length > 0 ? sent : undefined;
    }, 'the notification of the active mint');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/mint/i);
    // The staging network shows in the config the client gets, and the treasury address it pays is test-only.
    expect(Address.parseFriendly(payment.address).isTestOnly).toBe(true);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    production.child.kill('SIGTERM');
    expect(await production.exited).toBe(0);
    expect(production.output()).not.toMatch(/"level":(50|60)/);
  });
});
