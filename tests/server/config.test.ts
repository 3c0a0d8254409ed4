import { describe, expect, it } from 'vitest';
import { ConfigError, SANDBOX_BOT_TOKEN, loadConfig } from '../../server/config';
import { Address } from '@ton/core';
import { mnemonicNew, mnemonicToPrivateKey } from '@ton/crypto';
import { WalletContractV5R1 } from '@ton/ton';
import { createHotWallet, hotWalletFromMnemonic } from '../../server/withdraw/worker';
import { PRODUCTION_ENV } from './production-env';

describe('loadConfig', () => {
  it('runs in sandbox mode with working defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'sandbox',
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8080',
      databaseUrl: undefined,
      dataDir: '.data/pglite',
      botToken: SANDBOX_BOT_TOKEN,
      botUsername: 'ton_token_sandbox_bot',
      miniAppName: 'app',
      communityUrl: 'https://t.me/ton_token_sandbox_community',
      adminToken: 'sandbox-admin',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      initDataMaxAgeSeconds: 86_400,
      logLevel: 'info',
    });
  });

  it('reads BOT_API_URL (default the Telegram Bot API), without a trailing slash; refuses a non-URL', () => {
    expect(loadConfig({}).botApiUrl).toBe('https://api.telegram.org');
    expect(loadConfig({ BOT_API_URL: 'http://127.0.0.1:9999/' }).botApiUrl).toBe('http://127.0.0.1:9999');
    expect(() => loadConfig({ BOT_API_URL: 'not a url' })).toThrow(/BOT_API_URL/);
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ MODE: 'sandbox', PUBLIC_URL: 'https://app.example.com/' }).publicUrl).toBe(
      'https://app.example.com',
    );
  });

  it('switches to production when BOT_TOKEN is set and names every missing setting', () => {
    let error: unknown;
    try {
      loadConfig({ BOT_TOKEN: '123:real' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of Object.keys(PRODUCTION_ENV).filter((name) => name !== 'BOT_TOKEN')) {
      expect(message).toContain(`${name} is required`);
    }
    expect(message).not.toContain('BOT_TOKEN is required');
  });

  it('names BOT_TOKEN too when MODE=production is explicit', () => {
    expect(() => loadConfig({ MODE: 'production' })).toThrow(/no production setting is given \(BOT_TOKEN,/);
  });

  it('refuses a short JWT_SECRET in production', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.mode).toBe('production');
    expect(config.tonNodeUrl).toBe('https://toncenter.com/api/v2/jsonRPC');
  });

  it('TON_NETWORK: production is mainnet unless told testnet, and the node default follows it', () => {
    expect(loadConfig(PRODUCTION_ENV)).toMatchObject({
      tonNetwork: 'mainnet',
      tonNodeUrl: 'https://toncenter.com/api/v2/jsonRPC',
    });
    expect(loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'mainnet' }).tonNetwork).toBe('mainnet');
    // Staging: production on testnet, with toncenter's testnet endpoint unless TON_NODE_URL names another.
    expect(loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'testnet' })).toMatchObject({
      mode: 'production',
      tonNetwork: 'testnet',
      tonNodeUrl: 'https://testnet.toncenter.com/api/v2/jsonRPC',
    });
    const own = 'https://ton-node.example.com/api/v2/jsonRPC';
    expect(loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'testnet', TON_NODE_URL: own }).tonNodeUrl).toBe(own);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'devnet' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'devnet' })).toThrow(/TON_NETWORK/);
  });

  it('TON_PUBLIC_NODE_URL: the page gets a public node of its own, never TON_NODE_URL, and nothing credential-shaped', () => {
    const keyed = 'https://ton.provider.example/key-0123456789abcdef/api/v2/jsonRPC';
    // Never derived from TON_NODE_URL: toncenter's keyless endpoint of the network unless told otherwise.
    expect(loadConfig({ ...PRODUCTION_ENV, TON_NODE_URL: keyed })).toMatchObject({
      tonNodeUrl: keyed,
      publicTonNodeUrl: 'https://toncenter.com/api/v2/jsonRPC',
    });
    expect(loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'testnet', TON_NODE_URL: keyed }).publicTonNodeUrl).toBe(
      'https://testnet.toncenter.com/api/v2/jsonRPC',
    );
    const own = 'https://public-node.example.com/api/v2/jsonRPC';
    expect(loadConfig({ ...PRODUCTION_ENV, TON_PUBLIC_NODE_URL: own }).publicTonNodeUrl).toBe(own);
    // The sandbox's page reads its dev chain, as its server does.
    expect(loadConfig({}).publicTonNodeUrl).toBe('http://127.0.0.1:8080/sandbox/chain/jsonRPC');
    for (const published of [
      'https://user:secret@public-node.example.com/api/v2/jsonRPC',
      'https://public-node.example.com/api/v2/jsonRPC?api_key=secret',
      'https://public-node.example.com/api/v2/jsonRPC#secret',
    ]) {
      expect(() => loadConfig({ ...PRODUCTION_ENV, TON_PUBLIC_NODE_URL: published }), published).toThrow(
        /TON_PUBLIC_NODE_URL: a public endpoint without a user, password or query/,
      );
      // The refusal never prints the value.
      expect(() => loadConfig({ ...PRODUCTION_ENV, TON_PUBLIC_NODE_URL: published })).not.toThrow(/secret/);
    }
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, TON_PUBLIC_NODE_URL: 'https://testnet.toncenter.com/api/v2/jsonRPC' }),
    ).toThrow(/TON_PUBLIC_NODE_URL is toncenter's testnet endpoint but TON_NETWORK is mainnet/);
  });

  it('TON_NETWORK: the sandbox is testnet, and refuses mainnet', () => {
    expect(loadConfig({}).tonNetwork).toBe('testnet');
    expect(loadConfig({ MODE: 'sandbox', TON_NETWORK: 'testnet' }).tonNetwork).toBe('testnet');
    expect(() => loadConfig({ MODE: 'sandbox', TON_NETWORK: 'mainnet' })).toThrow(ConfigError);
    expect(() => loadConfig({ MODE: 'sandbox', TON_NETWORK: 'mainnet' })).toThrow(
      /MODE=sandbox with TON_NETWORK=mainnet/,
    );
  });

  it('TON_NETWORK: settings meant for the other network are refused', () => {
    const account = Address.parseRaw(PRODUCTION_ENV.TREASURY_ADDRESS);
    const testOnly = account.toString({ testOnly: true });
    // A test-only treasury on mainnet: payments would go to an address meant for testnet.
    expect(() => loadConfig({ ...PRODUCTION_ENV, TREASURY_ADDRESS: testOnly })).toThrow(
      /TREASURY_ADDRESS is a testnet \(test-only\) address but TON_NETWORK is mainnet/,
    );
    // Raw addresses carry no network; on testnet a mainnet-form treasury is the same wallet.
    expect(loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'testnet', TREASURY_ADDRESS: testOnly }).treasuryAddress).toBe(
      account.toString(),
    );
    expect(
      loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'testnet', TREASURY_ADDRESS: account.toString() }).treasuryAddress,
    ).toBe(account.toString());
    // toncenter's endpoint of the other network.
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, TON_NODE_URL: 'https://testnet.toncenter.com/api/v2/jsonRPC' }),
    ).toThrow(/TON_NODE_URL is toncenter's testnet endpoint but TON_NETWORK is mainnet/);
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, TON_NETWORK: 'testnet', TON_NODE_URL: 'https://toncenter.com/api/v2/jsonRPC' }),
    ).toThrow(/TON_NODE_URL is toncenter's mainnet endpoint but TON_NETWORK is testnet/);
  });

  it('TON_API_KEY is read as given; TON_API_RPS: unlimited on the sandbox dev chain, else 1 without a key and 10 with one', () => {
    expect(loadConfig({})).toMatchObject({ tonApiKey: undefined, tonApiRps: 0 });
    expect(loadConfig(PRODUCTION_ENV)).toMatchObject({ tonApiKey: undefined, tonApiRps: 1 });
    expect(loadConfig({ ...PRODUCTION_ENV, TON_API_KEY: 'key-1' })).toMatchObject({
      tonApiKey: 'key-1',
      tonApiRps: 10,
    });
    expect(loadConfig({ ...PRODUCTION_ENV, TON_API_KEY: 'key-1', TON_API_RPS: '25' }).tonApiRps).toBe(25);
    expect(loadConfig({ ...PRODUCTION_ENV, TON_API_RPS: '0.5' }).tonApiRps).toBe(0.5);
    // The sandbox pointed at a real node (testnet) keeps that node's pace.
    expect(
      loadConfig({ MODE: 'sandbox', TON_NODE_URL: 'https://testnet.toncenter.com/api/v2/jsonRPC' }).tonApiRps,
    ).toBe(1);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TON_API_RPS: 'fast' })).toThrow(/TON_API_RPS/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, TON_API_RPS: '-1' })).toThrow(/TON_API_RPS/);
  });

  it('price walk and stats cache: the walk ticks every 5 s in the sandbox, is off in production, and production refuses it', () => {
    expect(loadConfig({})).toMatchObject({ priceTickMs: 5_000, statsCacheMs: 5_000 });
    expect(loadConfig({ PRICE_TICK_MS: '0', STATS_CACHE_MS: '0' })).toMatchObject({ priceTickMs: 0, statsCacheMs: 0 });
    expect(loadConfig({ PRICE_TICK_MS: '250' }).priceTickMs).toBe(250);
    expect(loadConfig(PRODUCTION_ENV).priceTickMs).toBe(0);
    expect(loadConfig({ ...PRODUCTION_ENV, PRICE_TICK_MS: '0' }).priceTickMs).toBe(0);
    expect(() => loadConfig({ ...PRODUCTION_ENV, PRICE_TICK_MS: '5000' })).toThrow(
      /PRICE_TICK_MS is the sandbox random walk/,
    );
    for (const bad of ['-1', '50', '1.5', 'fast', '3600001'])
      expect(() => loadConfig({ PRICE_TICK_MS: bad })).toThrow(/PRICE_TICK_MS/);
    expect(() => loadConfig({ STATS_CACHE_MS: '-5' })).toThrow(/STATS_CACHE_MS/);
  });

  it('response checks: on in the sandbox, off in production, either way by CHECK_RESPONSES', () => {
    expect(loadConfig({}).checkResponses).toBe(true);
    expect(loadConfig({ CHECK_RESPONSES: '0' }).checkResponses).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).checkResponses).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(() => loadConfig({ CHECK_RESPONSES: 'yes' })).toThrow(/CHECK_RESPONSES/);
  });

  it('payouts: on in the sandbox, off in production unless PAYOUTS_ENABLED, which then requires HOT_WALLET_MNEMONIC', async () => {
    expect(loadConfig({})).toMatchObject({
      payoutsEnabled: true,
      hotWalletMnemonic: undefined,
      hotWalletVersion: 'v5r1',
      hotWalletVersionSet: false,
    });
    expect(loadConfig({ HOT_WALLET_VERSION: 'v4r2' })).toMatchObject({
      hotWalletVersion: 'v4r2',
      hotWalletVersionSet: true,
    });
    expect(loadConfig({ PAYOUTS_ENABLED: 'false' }).payoutsEnabled).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).payoutsEnabled).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_ENV, PAYOUTS_ENABLED: 'true' })).toThrow(
      /HOT_WALLET_MNEMONIC is required in production when PAYOUTS_ENABLED is true/,
    );
    const words = await mnemonicNew(24);
    const config = loadConfig({
      ...PRODUCTION_ENV,
      PAYOUTS_ENABLED: 'true',
      HOT_WALLET_MNEMONIC: `  ${words.join('  ')} `,
      HOT_WALLET_VERSION: 'v5r1',
    });
    expect(config).toMatchObject({ payoutsEnabled: true, hotWalletMnemonic: words, hotWalletVersion: 'v5r1' });
    // the keys the worker signs with, and its wallet contract
    const keys = await hotWalletFromMnemonic(words, config.hotWalletVersion);
    expect(keys.keyPair).toEqual(await mnemonicToPrivateKey(words));
    const wallet = createHotWallet(keys, config.tonNetwork);
    expect(wallet).toMatchObject({ version: 'v5r1', maxMessages: 255 });
    expect(
      wallet.address.equals(WalletContractV5R1.create({ workchain: 0, publicKey: keys.keyPair.publicKey }).address),
    ).toBe(true);
    // On testnet a v5r1 wallet's id names testnet (-3): the address testnet wallet apps show for the words.
    const testnetWallet = createHotWallet(keys, 'testnet');
    const testnetId = { walletVersion: 'v5r1', workchain: 0, subwalletNumber: 0 } as const;
    expect(
      testnetWallet.address.equals(
        WalletContractV5R1.create({
          publicKey: keys.keyPair.publicKey,
          walletId: { networkGlobalId: -3, context: testnetId },
        }).address,
      ),
    ).toBe(true);
    expect(testnetWallet.address.equals(wallet.address)).toBe(false);
    // A v4r2 wallet is the same account on both networks.
    const v4 = { ...keys, version: 'v4r2' } as const;
    expect(createHotWallet(v4, 'mainnet').maxMessages).toBe(4);
    expect(createHotWallet(v4, 'testnet').address.equals(createHotWallet(v4, 'mainnet').address)).toBe(true);
    expect(() => loadConfig({ HOT_WALLET_MNEMONIC: 'one two three' })).toThrow(/HOT_WALLET_MNEMONIC/);
    expect(() => loadConfig({ HOT_WALLET_VERSION: 'v3r2' })).toThrow(/HOT_WALLET_VERSION/);
    expect(() => loadConfig({ PAYOUTS_ENABLED: 'yes' })).toThrow(/PAYOUTS_ENABLED/);
  });

  it('METRICS_TOKEN: unset by default, read as given, at least 16 characters', () => {
    expect(loadConfig(PRODUCTION_ENV).metricsToken).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: 'm'.repeat(16) }).metricsToken).toBe('m'.repeat(16));
    expect(() => loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('rejects malformed values with the setting name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
