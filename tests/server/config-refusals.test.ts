/**
 * Settings are checked before anything starts, all at once, one line each (docs/deploy.md step 2,
 * docs/security.md "Settings at start"): an http PUBLIC_URL in production, a DATABASE_URL that is no
 * postgres:// URL or whose password was not percent-encoded (never echoed), missing and malformed settings
 * together in one refusal; the production start (`main.js --production`: npm run start:prod, the image,
 * the systemd unit) is production or a refusal, never the sandbox; and the entry point prints a refusal's
 * lines, never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, PRODUCTION_REQUIRED_SETTINGS, loadConfig } from '../../server/config';
import { PRODUCTION_ENV } from './production-env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function refusal(env: Record<string, string>, options?: { production?: boolean }): string {
  try {
    loadConfig(env, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) started`);
}

/** The refusal's lines after its heading, trimmed. */
const problemLines = (message: string) =>
  message
    .split('\n')
    .slice(1)
    .map((line) => line.trim());

/** The one problem line naming `name` (exactly one must). */
function lineNaming(message: string, name: string): string {
  const lines = problemLines(message).filter((line) => line.startsWith(name));
  expect(lines, message).toHaveLength(1);
  return lines[0]!;
}

/** `openssl rand -base64 24` as the guide used to have it generate a password: with / and + in it. */
const BASE64_PASSWORD = 'pQ/7+Zx9aB3/kL+mN0vR2sT4uW6yA8cE';

describe('PUBLIC_URL', () => {
  it('production refuses an http origin in one line: Telegram opens Mini Apps over https only', () => {
    const message = refusal({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://app.example.com' });
    expect(lineNaming(message, 'PUBLIC_URL')).toMatch(/https/);
    expect(problemLines(message)).toHaveLength(1);
  });

  it('the sandbox keeps its http default and takes an http PUBLIC_URL', () => {
    expect(loadConfig({ MODE: 'sandbox', PUBLIC_URL: 'http://127.0.0.1:9000' }).publicUrl).toBe(
      'http://127.0.0.1:9000',
    );
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:8080');
  });
});

describe('DATABASE_URL', () => {
  it('a password straight from openssl rand -base64 (a / in it) is refused naming DATABASE_URL, never printed', () => {
    const message = refusal({
      ...PRODUCTION_ENV,
      DATABASE_URL: `postgres://app:${BASE64_PASSWORD}@127.0.0.1:5432/app`,
    });
    const line = lineNaming(message, 'DATABASE_URL');
    expect(line).toMatch(/percent-encode/);
    expect(message).not.toContain(BASE64_PASSWORD);
    for (const part of BASE64_PASSWORD.split('/')) expect(message).not.toContain(part);
  });

  it.each([
    ['digits then a / (parsed as a port, the rest of it as the path)', '1234/ab'],
    ['a ?', 'ab?cd'],
    ['a #', 'ab#cd'],
    ['a % that is no escape', 'ab%zz'],
  ])('a password with %s is refused the same way', (_what, password) => {
    const message = refusal({ ...PRODUCTION_ENV, DATABASE_URL: `postgres://app:${password}@db:5432/app` });
    expect(lineNaming(message, 'DATABASE_URL')).toMatch(/percent-encode/);
    expect(message).not.toContain(password);
  });

  it('no scheme (host:port/database) is refused in one line saying postgres://', () => {
    const message = refusal({ ...PRODUCTION_ENV, DATABASE_URL: '127.0.0.1:5544/app' });
    expect(lineNaming(message, 'DATABASE_URL')).toContain('postgres://');
    expect(problemLines(message)).toHaveLength(1);
  });

  it('is checked in the sandbox too (a Postgres sandbox)', () => {
    expect(refusal({ MODE: 'sandbox', DATABASE_URL: '127.0.0.1:5544/app' })).toMatch(/^ {2}DATABASE_URL/m);
  });

  it('takes a percent-encoded password, postgresql://, a query and a socket host; the password is decoded as pg does', () => {
    const encoded = encodeURIComponent(BASE64_PASSWORD);
    for (const url of [
      `postgres://app:${encoded}@127.0.0.1:5432/app`,
      `postgresql://app:${encoded}@db.internal/app?sslmode=require`,
      'postgres://app@[::1]:5432/app',
      'postgresql:///app?host=/var/run/postgresql',
    ]) {
      expect(loadConfig({ ...PRODUCTION_ENV, DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    const url = new URL(
      loadConfig({ ...PRODUCTION_ENV, DATABASE_URL: `postgres://app:${encoded}@h/app` }).databaseUrl!,
    );
    expect(decodeURIComponent(url.password)).toBe(BASE64_PASSWORD);
  });
});

describe('DATABASE_PASSWORD', () => {
  it('goes into the connection string percent-encoded: any password works without encoding it by hand', () => {
    const password = `${BASE64_PASSWORD}#?@%:`;
    const config = loadConfig({
      ...PRODUCTION_ENV,
      DATABASE_URL: 'postgres://app@db:5432/app',
      DATABASE_PASSWORD: password,
    });
    const url = new URL(config.databaseUrl!);
    expect([url.username, url.hostname, url.port, url.pathname]).toEqual(['app', 'db', '5432', '/app']);
    expect(decodeURIComponent(url.password)).toBe(password);
  });

  it('is refused beside a password in DATABASE_URL, and without DATABASE_URL, one line each', () => {
    const both = refusal({
      ...PRODUCTION_ENV,
      DATABASE_URL: 'postgres://app:secret@db:5432/app',
      DATABASE_PASSWORD: 'other',
    });
    expect(lineNaming(both, 'DATABASE_PASSWORD')).toContain('DATABASE_URL');
    expect(both).not.toContain('secret');
    const alone = refusal({ MODE: 'sandbox', DATABASE_PASSWORD: 'x' });
    expect(lineNaming(alone, 'DATABASE_PASSWORD')).toContain('DATABASE_URL');
  });
});

describe('every problem in one run', () => {
  it('missing and malformed settings are listed together, one line each naming its setting', () => {
    const { BOT_TOKEN: _missing, JWT_SECRET: _alsoMissing, ...rest } = PRODUCTION_ENV;
    const message = refusal({
      ...rest,
      PUBLIC_URL: 'http://app.example.com',
      DATABASE_URL: '127.0.0.1:5544/app',
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
    });
    expect(message.split('\n')[0]).toMatch(/production/);
    for (const name of ['BOT_TOKEN', 'JWT_SECRET', 'PUBLIC_URL', 'DATABASE_URL', 'PORT', 'LOG_LEVEL']) {
      lineNaming(message, name);
    }
    expect(lineNaming(message, 'BOT_TOKEN')).toBe('BOT_TOKEN is required in production');
    expect(problemLines(message)).toHaveLength(6);
  });

  it('a treasury address with a broken checksum is one line beside the others, not a crash', () => {
    const { BOT_USERNAME: _missing, ...rest } = PRODUCTION_ENV;
    const friendly = 'EQC5z_Y8Fc8hsNzaMi9PbBEE6pwvuCP6jm01k6omUwfSgtSA';
    const message = refusal({ ...rest, TREASURY_ADDRESS: friendly });
    expect(lineNaming(message, 'TREASURY_ADDRESS')).toMatch(/^TREASURY_ADDRESS: a TON address/);
    lineNaming(message, 'BOT_USERNAME');
    expect(problemLines(message)).toHaveLength(2);
  });

  it('a malformed production setting counts as given (it means production), not as missing', () => {
    const message = refusal({ ...PRODUCTION_ENV, PUBLIC_URL: 'not a url' });
    expect(lineNaming(message, 'PUBLIC_URL')).not.toContain('required');
    expect(problemLines(message)).toHaveLength(1);
  });
});

describe('the production start', () => {
  it('with no production setting at all: one line naming every required setting and the settings file', () => {
    const envs: Record<string, string>[] = [{}, { HOST: '0.0.0.0', PORT: '8080' }, { MODE: 'production' }];
    for (const env of envs) {
      const message = refusal(env, { production: true });
      expect(message.split('\n')).toHaveLength(1);
      for (const name of PRODUCTION_REQUIRED_SETTINGS) expect(message).toContain(name);
      expect(message).toContain('.env');
    }
  });

  it('is production with the settings, and never the sandbox: MODE=sandbox is refused, naming MODE', () => {
    expect(loadConfig(PRODUCTION_ENV, { production: true }).mode).toBe('production');
    expect(loadConfig({ ...PRODUCTION_ENV, MODE: 'production' }, { production: true }).mode).toBe('production');
    const message = refusal({ ...PRODUCTION_ENV, MODE: 'sandbox' }, { production: true });
    expect(lineNaming(message, 'MODE')).toMatch(/npm start/);
  });
});

describe('DATABASE_START_TIMEOUT_SECONDS', () => {
  it('defaults to 120 s, takes 0 (no wait) and refuses a non-number', () => {
    expect(loadConfig({}).faults.databaseStartTimeoutSeconds).toBe(120);
    expect(loadConfig({ DATABASE_START_TIMEOUT_SECONDS: '0' }).faults.databaseStartTimeoutSeconds).toBe(0);
    expect(lineNaming(refusal({ DATABASE_START_TIMEOUT_SECONDS: 'soon' }), 'DATABASE_START_TIMEOUT_SECONDS')).toBe(
      'DATABASE_START_TIMEOUT_SECONDS: Invalid input: expected number, received NaN',
    );
  });
});

// Each case starts Node with tsx from source (~5 s quiet, several times that on a busy 2-core machine).
describe('the entry point prints a refusal, never a stack trace', { timeout: 60_000 }, () => {
  /** The JSON lines a production process wrote. */
  const jsonLines = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  /** `node server/main.ts` from source (tsx as a loader, as the tests' server processes run). */
  const runMain = (env: Record<string, string>, args: string[] = []) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('a base64 password in DATABASE_URL and an http PUBLIC_URL: exit 1, one line each, nothing else', () => {
    const password = randomBytes(24)
      .toString('base64')
      .replace(/^[^/]*/, 'a/');
    const result = runMain({
      ...PRODUCTION_ENV,
      PUBLIC_URL: 'http://app.example.com',
      DATABASE_URL: `postgres://app:${password}@127.0.0.1:1/app`,
    });
    expect(result.status).toBe(1);
    // Production's one format (docs/operations.md "Logs"): the refusal is one JSON line, its lines in `msg`.
    expect(result.stderr).toBe('');
    const [refusal, ...more] = jsonLines(result.stdout);
    expect(more).toEqual([]);
    expect(refusal).toMatchObject({ level: 60 });
    const lines = String(refusal?.msg).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Cannot start in production mode/);
    expect(
      lines
        .slice(1)
        .map((line) => line.trim().split(/[ :]/)[0])
        .sort(),
    ).toEqual(['DATABASE_URL', 'PUBLIC_URL']);
    expect(result.stdout).not.toContain(password);
    expect(refusal).not.toHaveProperty('err');
  });

  it('--production without settings: one line, exit 1, no sandbox', () => {
    const result = runMain({}, ['--production']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('');
    const [refusal, ...more] = jsonLines(result.stdout);
    expect(more).toEqual([]);
    expect(refusal).toMatchObject({ level: 60 });
    expect(String(refusal?.msg).split('\n')).toHaveLength(1);
    expect(refusal?.msg).toContain('BOT_TOKEN');
    expect(refusal?.msg).not.toMatch(/Mode:|Launcher/);
  });

  it('refuses an argument it does not know, in one line', () => {
    const result = runMain({ MODE: 'sandbox', DATA_DIR: 'memory://' }, ['--prod']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining('--prod')]);
  });
});
