/**
 * The sandbox dev wallet's server half: real keys and wallet v4r2 addresses, TON Connect connect
 * payloads with a ton_proof that verifies as the spec says, transfers that move TON on the dev chain,
 * requests a wallet must refuse, the local wallets list and the script injected into index.html.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import {
  Address,
  Cell,
  beginCell,
  contractAddress,
  loadMessage,
  loadStateInit,
  storeStateInit,
  toNano,
} from '@ton/core';
import { signVerify } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { getAccount, listTransactions, walletSeqno } from '../../server/sandbox/chain/service';
import { injectDevWallet } from '../../server/sandbox/wallet/inject';
import {
  createTestContext,
  newTelegramId,
  productionConfig,
  sandboxConfig,
  signInitData,
  type TestContext,
} from './helpers';

const PUBLIC_URL = 'https://sandbox.example.com';
const MANIFEST_URL = `${PUBLIC_URL}/tonconnect/manifest.json`;
const TON = 10n ** 9n;

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
);

let ctx: TestContext;
let production: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext({ distDir, config: sandboxConfig({ publicUrl: PUBLIC_URL }) });
  production = await buildApp({
    db: ctx.db,
    logger: false,
    distDir,
    community: { isMember: async () => false, recheckIntervalMs: 30_000 },
    config: productionConfig(),
  });
});
afterAll(async () => {
  await production?.close();
  await ctx?.close();
});

const inject = (options: InjectOptions) => ctx.app.inject(options);

/** A test user made through the sandbox API and the init data its launch URL carries. */
async function launchedUser(name = 'Alice') {
  const created = await inject({ method: 'POST', url: '/sandbox/api/users', payload: { first_name: name } });
  expect(created.statusCode).toBe(201);
  const user = created.json<{ id: number; telegram_id: number }>();
  const launch = (await inject({ method: 'GET', url: `/sandbox/api/users/${user.id}/launch` })).json<{ url: string }>();
  const initData = new URLSearchParams(launch.url.split('#')[1]).get('tgWebAppData');
  expect(initData).toBeTruthy();
  return { ...user, initData: initData! };
}

interface ConnectPayload {
  items: Array<Record<string, unknown> & { name: string }>;
  device: Record<string, unknown>;
}

async function connect(initData: string, items: unknown[] = [{ name: 'ton_addr' }]) {
  return inject({
    method: 'POST',
    url: '/sandbox/api/wallet/connect',
    payload: { init_data: initData, manifest_url: MANIFEST_URL, items },
  });
}

async function walletOf(initData: string) {
  const response = await inject({
    method: 'GET',
    url: `/sandbox/api/wallet?init_data=${encodeURIComponent(initData)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ address: string; raw: string; balance: string }>();
}

const balanceOf = async (raw: string) => (await getAccount(ctx.db, Address.parse(raw))).balance;
/** The storage fees an account paid (the TVM charges them on each transaction, an uninitialized account too). */
const storagePaid = async (raw: string) =>
  (
    await ctx.db.query<{ total: bigint }>(
      'SELECT COALESCE(SUM(storage_fee), 0)::bigint AS total FROM chain_transactions WHERE account = $1',
      [raw],
    )
  )[0]?.total ?? 0n;
const validUntil = () => Math.floor(Date.now() / 1000) + 60;
const comment = (text: string) =>
  beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');
/** Somebody else's address (non-bounceable testnet form, as a dApp would pass a fresh wallet's). */
const stranger = () =>
  new Address(0, createHash('sha256').update(`stranger ${Math.random()}`).digest()).toString({
    testOnly: true,
    bounceable: false,
  });

function send(initData: string, request: Record<string, unknown>) {
  return inject({ method: 'POST', url: '/sandbox/api/wallet/send', payload: { init_data: initData, request } });
}

describe('wallet of a test user', () => {
  it('is made on first use: a testnet non-bounceable address of a real wallet v4r2, seeded with 100 TON', async () => {
    const user = await launchedUser();
    const wallet = await walletOf(user.initData);
    const friendly = Address.parseFriendly(wallet.address);
    expect(friendly.isTestOnly).toBe(true);
    expect(friendly.isBounceable).toBe(false);
    expect(friendly.address.toRawString()).toBe(wallet.raw);
    expect(wallet.raw).toMatch(/^0:[0-9a-f]{64}$/);
    expect(wallet.balance).toBe('100');
    // the same wallet every time, seeded once
    expect(await walletOf(user.initData)).toEqual(wallet);
    expect(await balanceOf(wallet.raw)).toBe(100n * TON);
  });

  it('connect answers a TON Connect v2 connect payload whose ton_addr is the key’s wallet v4r2', async () => {
    const user = await launchedUser();
    const response = await connect(user.initData);
    expect(response.statusCode).toBe(200);
    const payload = response.json<ConnectPayload>();
    expect(payload.device).toEqual({
      platform: 'browser',
      appName: 'Dev Wallet',
      appVersion: expect.any(String),
      maxProtocolVersion: 2,
      features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
    });
    expect(payload.items).toHaveLength(1);
    const item = payload.items[0] as {
      name: string;
      address: string;
      network: string;
      publicKey: string;
      walletStateInit: string;
    };
    expect(item.name).toBe('ton_addr');
    expect(item.network).toBe('-3');
    expect(item.publicKey).toMatch(/^[0-9a-f]{64}$/);

    const contract = WalletContractV4.create({ workchain: 0, publicKey: Buffer.from(item.publicKey, 'hex') });
    expect(item.address).toBe(contract.address.toRawString());
    const stateInit = Cell.fromBase64(item.walletStateInit);
    expect(contractAddress(0, loadStateInit(stateInit.beginParse())).toRawString()).toBe(item.address);
    expect(stateInit.hash().toString('hex')).toBe(item.address.slice(2));
    expect(stateInit.equals(beginCell().store(storeStateInit(contract.init)).endCell())).toBe(true);
    expect((await walletOf(user.initData)).raw).toBe(item.address);
  });

  it('ton_proof verifies with the wallet’s public key exactly as the TON Connect spec computes it', async () => {
    const user = await launchedUser();
    const before = Math.floor(Date.now() / 1000);
    const response = await connect(user.initData, [
      { name: 'ton_addr' },
      { name: 'ton_proof', payload: 'nonce-4f2a9c' },
    ]);
    expect(response.statusCode).toBe(200);
    const [addr, proofItem] = response.json<ConnectPayload>().items as [
      { address: string; publicKey: string },
      {
        name: string;
        proof: {
          timestamp: number;
          domain: { lengthBytes: number; value: string };
          signature: string;
          payload: string;
        };
      },
    ];
    expect(proofItem.name).toBe('ton_proof');
    const { proof } = proofItem;
    expect(proof.domain).toEqual({ lengthBytes: 'sandbox.example.com'.length, value: 'sandbox.example.com' });
    expect(proof.payload).toBe('nonce-4f2a9c');
    expect(proof.timestamp).toBeGreaterThanOrEqual(before);
    expect(proof.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));

    // The verifier a dApp backend runs (docs.ton.org "Verifying ton_proof on the server side").
    const address = Address.parseRaw(addr.address);
    const wc = Buffer.alloc(4);
    wc.writeUInt32BE(address.workChain);
    const domainLength = Buffer.alloc(4);
    domainLength.writeUInt32LE(proof.domain.lengthBytes);
    const timestamp = Buffer.alloc(8);
    timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
    const message = Buffer.concat([
      Buffer.from('ton-proof-item-v2/'),
      wc,
      address.hash,
      domainLength,
      Buffer.from(proof.domain.value),
      timestamp,
      Buffer.from(proof.payload),
    ]);
    const sha = (data: Buffer) => createHash('sha256').update(data).digest();
    const signed = sha(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha(message)]));
    const publicKey = Buffer.from(addr.publicKey, 'hex');
    const signature = Buffer.from(proof.signature, 'base64');
    expect(signVerify(signed, signature, publicKey)).toBe(true);
    // and it is bound to the domain and the payload
    const otherPayload = Buffer.concat([
      message.subarray(0, message.length - proof.payload.length),
      Buffer.from('nonce-other'),
    ]);
    const otherSigned = sha(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha(otherPayload)]));
    expect(signVerify(otherSigned, signature, publicKey)).toBe(false);
  });

  it('refuses init data that does not verify with 401, and init data of no test user with 404', async () => {
    const user = await launchedUser();
    const tampered = user.initData.replace(/hash=[0-9a-f]+/, `hash=${'0'.repeat(64)}`);
    const foreign = signInitData({ id: user.telegram_id }, { botToken: '999:another-bot' });
    for (const initData of [tampered, foreign, 'nonsense']) {
      expect((await connect(initData)).statusCode).toBe(401);
      expect(
        (await inject({ method: 'GET', url: `/sandbox/api/wallet?init_data=${encodeURIComponent(initData)}` }))
          .statusCode,
      ).toBe(401);
      const sent = await send(initData, {
        valid_until: validUntil(),
        messages: [{ address: stranger(), amount: '1' }],
      });
      expect(sent.statusCode).toBe(401);
      expect(sent.json()).toEqual({ msg: 'Invalid WebApp init data', code: 'invalidInitData' });
    }
    const notATestUser = await connect(signInitData({ id: newTelegramId() }));
    expect(notATestUser.statusCode).toBe(404);
    expect(notATestUser.json()).toEqual({ msg: 'Test user not found', code: 'notFound' });
  });

  it('validates the connect request', async () => {
    const user = await launchedUser();
    expect((await connect(user.initData, [])).statusCode).toBe(422);
    expect((await connect(user.initData, [{ name: 'ton_proof', payload: 'x' }])).statusCode).toBe(422);
    expect(
      (await connect(user.initData, [{ name: 'ton_addr' }, { name: 'ton_proof', payload: 'x'.repeat(129) }]))
        .statusCode,
    ).toBe(422);
    const badManifest = await inject({
      method: 'POST',
      url: '/sandbox/api/wallet/connect',
      payload: { init_data: user.initData, manifest_url: 'ftp://example.com/m.json', items: [{ name: 'ton_addr' }] },
    });
    expect(badManifest.statusCode).toBe(422);
  });
});

describe('sending', () => {
  it('moves the value with its comment on the dev chain and answers the signed external message', async () => {
    const user = await launchedUser();
    const wallet = await walletOf(user.initData);
    const to = stranger();
    const response = await send(user.initData, {
      valid_until: validUntil(),
      from: wallet.raw,
      network: '-3',
      messages: [{ address: to, amount: String(3n * TON), payload: comment('hello') }],
    });
    expect(response.statusCode).toBe(200);
    const { boc } = response.json<{ boc: string }>();

    // the BOC is the external message to our wallet, deploying it on this first transfer
    const message = loadMessage(Cell.fromBase64(boc).beginParse());
    expect(message.info.type).toBe('external-in');
    expect(message.info.dest?.toString()).toBe(Address.parse(wallet.raw).toString());
    expect(message.init).toBeTruthy();

    const toRaw = Address.parse(to).toRawString();
    expect(await balanceOf(toRaw)).toBe(3n * TON);
    const spent = 100n * TON - (await balanceOf(wallet.raw));
    expect(spent).toBeGreaterThan(3n * TON); // value plus fees
    expect(spent).toBeLessThan(3n * TON + TON / 10n);
    const account = await getAccount(ctx.db, Address.parse(wallet.raw));
    expect(account.state).toBe('active');
    expect(await walletSeqno(ctx.db, Address.parse(wallet.raw))).toBe(1);

    const [received] = await listTransactions(ctx.db, Address.parse(to), { limit: 1 });
    expect(received?.in_msg?.value).toBe(String(3n * TON));
    expect(received?.in_msg?.message).toBe('hello');

    // the second transfer carries seqno 1 and no StateInit
    const again = await send(user.initData, {
      valid_until: validUntil(),
      messages: [{ address: to, amount: String(TON) }],
    });
    expect(again.statusCode).toBe(200);
    expect(loadMessage(Cell.fromBase64(again.json<{ boc: string }>().boc).beginParse()).init).toBeFalsy();
    expect(await balanceOf(toRaw)).toBe(4n * TON - (await storagePaid(toRaw)));
    expect(await walletSeqno(ctx.db, Address.parse(wallet.raw))).toBe(2);
  });

  it('sends up to 4 messages at once, and two requests at once both land (one seqno after the other)', async () => {
    const user = await launchedUser();
    const recipients = [stranger(), stranger(), stranger(), stranger()];
    const four = await send(user.initData, {
      valid_until: validUntil(),
      messages: recipients.map((address, i) => ({ address, amount: String(BigInt(i + 1) * TON) })),
    });
    expect(four.statusCode).toBe(200);
    for (const [i, address] of recipients.entries()) {
      expect(await balanceOf(Address.parse(address).toRawString())).toBe(BigInt(i + 1) * TON);
    }
    const to = stranger();
    const both = await Promise.all(
      [1, 2].map(() =>
        send(user.initData, { valid_until: validUntil(), messages: [{ address: to, amount: String(TON) }] }),
      ),
    );
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(Address.parse(to).toRawString())).toBe(2n * TON);
  });

  it('previews what the overlay shows: recipients, TON amounts, the text comment and the balance', async () => {
    const user = await launchedUser();
    const to = stranger();
    const response = await inject({
      method: 'POST',
      url: '/sandbox/api/wallet/preview',
      payload: {
        init_data: user.initData,
        request: {
          valid_until: validUntil(),
          messages: [
            { address: to, amount: '1500000000', payload: comment('Mint #7') },
            { address: to, amount: '1' },
          ],
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balance: '100',
      messages: [
        { address: to, amount: '1.5', comment: 'Mint #7', has_payload: true, has_state_init: false },
        { address: to, amount: '0.000000001', comment: null, has_payload: false, has_state_init: false },
      ],
    });
  });

  it('refuses expired, oversized, misaddressed and wrong-network requests, and nothing moves', async () => {
    const user = await launchedUser();
    const wallet = await walletOf(user.initData);
    const other = await walletOf((await launchedUser('Bob')).initData);
    const to = stranger();
    const one = [{ address: to, amount: String(TON) }];
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['expired', { valid_until: Math.floor(Date.now() / 1000) - 1, messages: one }, 400],
      ['valid_until in milliseconds', { valid_until: Date.now() + 60_000, messages: one }, 422],
      ['5 messages', { valid_until: validUntil(), messages: [...one, ...one, ...one, ...one, ...one] }, 422],
      ['no messages', { valid_until: validUntil(), messages: [] }, 422],
      ['bad address', { valid_until: validUntil(), messages: [{ address: 'EQnot-an-address', amount: '1' }] }, 422],
      [
        'bad checksum',
        {
          valid_until: validUntil(),
          messages: [{ address: to.slice(0, -2) + (to.endsWith('AA') ? 'AB' : 'AA'), amount: '1' }],
        },
        422,
      ],
      ['zero amount', { valid_until: validUntil(), messages: [{ address: to, amount: '0' }] }, 422],
      ['decimal amount', { valid_until: validUntil(), messages: [{ address: to, amount: '1.5' }] }, 422],
      ['negative amount', { valid_until: validUntil(), messages: [{ address: to, amount: '-1' }] }, 422],
      [
        'bad payload',
        { valid_until: validUntil(), messages: [{ address: to, amount: '1', payload: 'aGVsbG8=' }] },
        422,
      ],
      ['mainnet', { valid_until: validUntil(), network: '-239', messages: one }, 400],
      ['from someone else', { valid_until: validUntil(), from: other.raw, messages: one }, 400],
      [
        'more than the balance',
        { valid_until: validUntil(), messages: [{ address: to, amount: String(101n * TON) }] },
        400,
      ],
    ];
    for (const [name, request, status] of cases) {
      const response = await send(user.initData, request);
      expect(response.statusCode, name).toBe(status);
      expect(response.json<{ msg: string }>().msg, name).toEqual(expect.any(String));
    }
    expect(await balanceOf(wallet.raw)).toBe(100n * TON);
    expect(await balanceOf(Address.parse(to).toRawString())).toBe(0n);
    expect(await walletSeqno(ctx.db, Address.parse(wallet.raw))).toBe(0);
  });
});

describe('launcher faucet', () => {
  it('tops up a test user’s wallet (made on the spot if needed) and lists the wallets', async () => {
    const user = await launchedUser();
    const response = await inject({ method: 'POST', url: `/sandbox/api/users/${user.id}/faucet`, payload: {} });
    expect(response.statusCode).toBe(200);
    const wallet = response.json<{ address: string; raw: string; balance: string }>();
    // 100 on first use + 100 from the button, less the storage fee the second credit paid for the first
    expect(toNano(wallet.balance)).toBe(200n * TON - (await storagePaid(wallet.raw)));
    const more = await inject({
      method: 'POST',
      url: `/sandbox/api/users/${user.id}/faucet`,
      payload: { amount: '2.5' },
    });
    const topped = more.json<{ raw: string; balance: string }>();
    expect(topped.raw).toBe(wallet.raw);
    expect(toNano(topped.balance)).toBe(202n * TON + TON / 2n - (await storagePaid(wallet.raw)));

    const list = (await inject({ method: 'GET', url: '/sandbox/api/wallets' })).json<
      Array<{ sandbox_user_id: number }>
    >();
    expect(list).toContainEqual({
      sandbox_user_id: user.id,
      address: wallet.address,
      raw: wallet.raw,
      balance: topped.balance,
    });
  });

  it('404 for an unknown user, 422 for a bad amount', async () => {
    expect((await inject({ method: 'POST', url: '/sandbox/api/users/999999/faucet', payload: {} })).statusCode).toBe(
      404,
    );
    const user = await launchedUser();
    for (const amount of [-1, 0, 'lots', 10_000_000]) {
      const response = await inject({
        method: 'POST',
        url: `/sandbox/api/users/${user.id}/faucet`,
        payload: { amount },
      });
      expect(response.statusCode, String(amount)).toBe(422);
    }
  });
});

/** FALLBACK_WALLETS_LIST as the installed @tonconnect/sdk has it. */
function installedFallbackList(): unknown[] {
  const source = readFileSync(path.resolve('node_modules/@tonconnect/sdk/lib/esm/index.mjs'), 'utf8');
  const start = source.indexOf('const FALLBACK_WALLETS_LIST = [');
  expect(start).toBeGreaterThan(0);
  const end = source.indexOf('\n];\n', start);
  return vm.runInNewContext(`(${source.slice(source.indexOf('[', start), end + 2)})`) as unknown[];
}

describe('wallets list, script and page', () => {
  it('lists the dev wallet first (every platform, js bridge), the phone-style one (HTTP bridge), then the library’s fallback list', async () => {
    const response = await inject({ method: 'GET', url: '/sandbox/wallets-v2.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const [first, mobile, ...rest] = response.json<Array<Record<string, unknown>>>();
    // Reached as Telegram's Wallet is: a t.me universal link and the local HTTP bridge, nothing injected.
    expect(mobile).toEqual({
      app_name: 'devwallet-mobile',
      name: 'Dev Wallet (mobile)',
      image: `${PUBLIC_URL}/sandbox/dev-wallet-mobile.svg`,
      about_url: `${PUBLIC_URL}/sandbox/`,
      platforms: ['ios', 'android', 'macos', 'windows', 'linux'],
      universal_url: 'https://t.me/DevWalletSandboxBot?attach=wallet',
      bridge: [{ type: 'sse', url: `${PUBLIC_URL}/bridge` }],
      features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
    });
    expect(first).toEqual({
      app_name: 'devwallet',
      name: 'Dev Wallet',
      image: `${PUBLIC_URL}/sandbox/dev-wallet.svg`,
      about_url: `${PUBLIC_URL}/sandbox/`,
      // Phones too: the phone-width wallets modal lists only ios/android wallets.
      platforms: ['ios', 'android', 'chrome', 'firefox', 'safari', 'macos', 'windows', 'linux'],
      universal_url: expect.stringMatching(/^https:\/\/t\.me\/\w+\?attach=devwallet$/),
      bridge: [
        { type: 'sse', url: `${PUBLIC_URL}/sandbox/dev-wallet/bridge` },
        { type: 'js', key: 'devwallet' },
      ],
      features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
    });
    expect(JSON.parse(JSON.stringify(installedFallbackList()))).toEqual(rest);
    expect(rest.map((wallet) => wallet.app_name)).toContain('tonkeeper');
  });

  it('serves the bridge script and its icon; production has neither', async () => {
    const script = await inject({ method: 'GET', url: '/sandbox/dev-wallet.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('window.devwallet');
    // Revalidated, not downloaded again on every launch: 304 for the same content.
    expect(script.headers['cache-control']).toBe('no-cache');
    const etag = script.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await inject({ method: 'GET', url: '/sandbox/dev-wallet.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await inject({ method: 'GET', url: '/sandbox/dev-wallet.js', headers: { 'if-none-match': '"old"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(script.body);
    const icon = await inject({ method: 'GET', url: '/sandbox/dev-wallet.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    for (const url of [
      '/sandbox/dev-wallet.js',
      '/sandbox/wallets-v2.json',
      '/sandbox/api/wallet?init_data=x',
      '/sandbox/mobile-wallet/',
      '/sandbox/mobile-wallet.js',
      '/sandbox/dev-wallet-mobile.svg',
    ]) {
      expect((await production.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('index.html loads the dev wallet before the app’s module script in sandbox, and not in production', async () => {
    const sandbox = (await inject({ method: 'GET', url: '/' })).body;
    const walletScript = sandbox.indexOf('<script defer src="/sandbox/dev-wallet.js"></script>');
    expect(walletScript).toBeGreaterThan(0);
    expect(walletScript).toBeLessThan(sandbox.indexOf('<script type="module"'));
    const config = JSON.parse(/window\.__APP_CONFIG__ = (.*?);<\/script>/.exec(sandbox)![1]!);
    expect(config).toMatchObject({
      walletsListUrl: '/sandbox/wallets-v2.json',
      tonConnectManifestUrl: expect.stringContaining(PUBLIC_URL),
    });

    const prod = (await production.inject({ method: 'GET', url: '/' })).body;
    expect(prod).toContain('<script type="module"');
    expect(prod).not.toContain('dev-wallet');
    expect(JSON.parse(/window\.__APP_CONFIG__ = (.*?);<\/script>/.exec(prod)![1]!)).toMatchObject({
      walletsListUrl: null,
    });
  });

  it('a page whose entry the launch script starts (no module script) gets it first in <head>, after the doctype', () => {
    const built =
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script data-launch-boot>1</script></head><body></body></html>';
    const page = injectDevWallet(built);
    // Before the doctype it would put the page in quirks mode.
    expect(
      page.startsWith('<!doctype html><html lang="en"><head><script defer src="/sandbox/dev-wallet.js"></script>'),
    ).toBe(true);
    expect(injectDevWallet('<p>no head</p>')).toBe(
      '<script defer src="/sandbox/dev-wallet.js"></script><p>no head</p>',
    );
  });
});
