/**
 * The mode is explicit and impossible to get wrong (docs/foundations.md §7): sandbox only when asked for, or when
 * no production setting is present at all and then on loopback only; production refuses to start
 * without every required setting and refuses the sandbox's published secrets.
 */
import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { sandboxTreasuryAddress } from '../../server/sandbox/chain/treasury';
import {
  ConfigError,
  PRODUCTION_SIGNALS,
  SANDBOX_TREASURY_ADDRESS,
  SANDBOX_ADMIN_TOKEN,
  SANDBOX_BOT_TOKEN,
  SANDBOX_BOT_WEBHOOK_SECRET,
  SANDBOX_JWT_SECRET,
  isLoopbackHost,
  loadConfig,
} from '../../server/config';
import { PRODUCTION_ENV } from './production-env';

/** A valid value for each production signal, to set it alone. */
const SIGNAL_VALUES: Record<(typeof PRODUCTION_SIGNALS)[number], string> = {
  ...PRODUCTION_ENV,
  TON_NETWORK: 'testnet',
  TON_NODE_URL: 'https://toncenter.com/api/v2/jsonRPC',
  TON_PUBLIC_NODE_URL: 'https://toncenter.com/api/v2/jsonRPC',
  MINI_APP_NAME: 'real_app',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) started`);
}

describe('mode', () => {
  it('a deployment that forgets BOT_TOKEN is production and refuses to start, naming BOT_TOKEN', () => {
    const { BOT_TOKEN: _forgotten, ...rest } = PRODUCTION_ENV;
    const message = configError(rest);
    expect(message).toMatch(/production/);
    expect(message).toContain('BOT_TOKEN is required in production');
    for (const name of Object.keys(rest)) expect(message).not.toContain(`${name} is required`);
  });

  it.each(PRODUCTION_SIGNALS.map((name) => [name]))('%s alone (no MODE) means production', (name) => {
    const message = configError({ [name]: SIGNAL_VALUES[name] });
    expect(message).toContain('Cannot start in production mode');
    // A required setting alone: each other one is missing; a signal alone: none is given (one line naming them).
    for (const required of Object.keys(PRODUCTION_ENV).filter((other) => other !== name)) {
      expect(message).toContain(required);
    }
  });

  it('settings that say nothing about the deployment keep the implicit sandbox', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      ACCESS_TOKEN_TTL_SECONDS: '60',
    });
    expect(config.mode).toBe('sandbox');
  });

  it('an empty production setting counts as unset', () => {
    expect(loadConfig({ BOT_TOKEN: '', DATABASE_URL: '  ' }).mode).toBe('sandbox');
  });

  it('the implicit sandbox is bound to loopback: another HOST refuses to start and says to set MODE=sandbox', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(loadConfig({ HOST: host }).mode).toBe('sandbox');
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '10.0.0.1']) {
      const message = configError({ HOST: host });
      expect(message).toContain(`HOST=${host} is not a loopback address`);
      expect(message).toContain('MODE=sandbox');
    }
  });

  it('MODE=sandbox is the explicit way to run the sandbox on any interface, even beside production settings', () => {
    expect(loadConfig({ MODE: 'sandbox', HOST: '0.0.0.0' })).toMatchObject({ mode: 'sandbox', host: '0.0.0.0' });
    expect(loadConfig({ MODE: 'sandbox', PUBLIC_URL: 'https://sandbox.example.com' }).mode).toBe('sandbox');
  });

  it('MODE=sandbox refuses a real BOT_TOKEN (its launcher would sign valid launch data with it); the published one or none starts', () => {
    for (const env of [
      { MODE: 'sandbox', BOT_TOKEN: PRODUCTION_ENV.BOT_TOKEN },
      { ...PRODUCTION_ENV, MODE: 'sandbox' },
    ]) {
      const message = configError(env);
      expect(message).toContain('Refusing to start: MODE=sandbox with a BOT_TOKEN');
      expect(message).toContain('Unset BOT_TOKEN');
    }
    expect(loadConfig({ MODE: 'sandbox', BOT_TOKEN: SANDBOX_BOT_TOKEN }).botToken).toBe(SANDBOX_BOT_TOKEN);
    expect(loadConfig({ MODE: 'sandbox' }).botToken).toBe(SANDBOX_BOT_TOKEN);
    expect(loadConfig({ MODE: 'sandbox', BOT_TOKEN: ' ' }).botToken).toBe(SANDBOX_BOT_TOKEN);
  });

  it('MODE=production with nothing else names every required setting, in one line', () => {
    const message = configError({ MODE: 'production' });
    expect(message.split('\n')).toHaveLength(1);
    for (const name of Object.keys(PRODUCTION_ENV)) expect(message).toContain(name);
  });

  it('refuses an unknown MODE, naming it', () => {
    expect(configError({ MODE: 'prod' })).toMatch(/MODE/);
  });

  it('tells loopback hosts apart', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('127.example.com')).toBe(false);
  });
});

describe('BOT_WEBHOOK_SECRET', () => {
  it("takes Telegram's secret_token characters only, 1 to 256 of them; the sandbox has a public default", () => {
    const secret = `A-z_09${'x'.repeat(26)}`;
    expect(loadConfig({ ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: secret }).botWebhookSecret).toBe(secret);
    expect(configError({ ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: 'x'.repeat(257) })).toContain('BOT_WEBHOOK_SECRET');
    expect(loadConfig({ MODE: 'sandbox' }).botWebhookSecret).toBe(SANDBOX_BOT_WEBHOOK_SECRET);
    expect(loadConfig({ MODE: 'sandbox', BOT_WEBHOOK_SECRET: 'A-z_09' }).botWebhookSecret).toBe('A-z_09');
  });

  it.each([
    ['a space', `has space${'x'.repeat(32)}`],
    ['base64', `${'x'.repeat(40)}+/w==`],
    ['a dot', `${'x'.repeat(32)}.y`],
    ['non-ASCII', `${'x'.repeat(32)}é`],
  ])("refuses %s in either mode, naming the setting and Telegram's characters", (_what, secret) => {
    const envs: Record<string, string>[] = [
      { ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: secret },
      { MODE: 'sandbox', BOT_WEBHOOK_SECRET: secret },
    ];
    for (const env of envs) {
      const message = configError(env);
      expect(message).toContain('BOT_WEBHOOK_SECRET: ');
      expect(message).toContain('A-Z, a-z, 0-9, _ and -');
      expect(message).toContain('openssl rand -hex 32');
    }
  });

  it('production refuses one under 32 characters in one line naming the setting, as a short JWT_SECRET', () => {
    for (const secret of ['a', 'x'.repeat(31)]) {
      const message = configError({ ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: secret });
      expect(message).toContain('Cannot start in production mode');
      const line = message.split('\n').find((each) => each.includes('BOT_WEBHOOK_SECRET'));
      expect(line?.trim()).toMatch(/^BOT_WEBHOOK_SECRET must be at least 32 characters\b/);
      expect(line).toContain('openssl rand -hex 32');
    }
    expect(loadConfig({ ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: 'x'.repeat(32) }).mode).toBe('production');
    // The sandbox's own default is public anyway: no length rule there.
    expect(loadConfig({ MODE: 'sandbox', BOT_WEBHOOK_SECRET: 'a' }).botWebhookSecret).toBe('a');
  });
});

describe('production refuses the sandbox published secrets', () => {
  it.each([
    ['BOT_TOKEN', SANDBOX_BOT_TOKEN],
    ['JWT_SECRET', SANDBOX_JWT_SECRET],
    ['ADMIN_TOKEN', SANDBOX_ADMIN_TOKEN],
    ['TREASURY_ADDRESS', SANDBOX_TREASURY_ADDRESS],
    ['BOT_WEBHOOK_SECRET', SANDBOX_BOT_WEBHOOK_SECRET],
  ])('%s', (name, published) => {
    const message = configError({ ...PRODUCTION_ENV, [name]: published });
    expect(message).toContain(`${name} is the sandbox's published value`);
  });

  it('refuses the sandbox treasury in any address form', () => {
    const address = Address.parse(SANDBOX_TREASURY_ADDRESS);
    for (const form of [address.toRawString(), address.toString({ bounceable: false, testOnly: true })]) {
      expect(configError({ ...PRODUCTION_ENV, TREASURY_ADDRESS: form })).toContain('TREASURY_ADDRESS is the sandbox');
    }
  });

  it('the written-out sandbox treasury is the one derived from the public seed', () => {
    expect(SANDBOX_TREASURY_ADDRESS).toBe(sandboxTreasuryAddress());
  });

  it('still accepts a complete production configuration of its own', () => {
    expect(loadConfig(PRODUCTION_ENV).mode).toBe('production');
  });
});
