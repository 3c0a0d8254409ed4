/**
 * What the process says outside requests (server/lib/process-log.ts, docs/operations.md "Logs"): in
 * production JSON lines shaped like the app's own (pino's level numbers, time, pid, hostname, msg), the start
 * banner and a refused start included; in the sandbox readable text. The production banner of the compiled
 * server is tests/install/'s.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { announceStart, processLog, startLogFormat } from '../../server/lib/process-log';
import { PRODUCTION_ENV } from './production-env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGE_VERSION = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }).version;

function captured(format: 'json' | 'text') {
  const out: string[] = [];
  const err: string[] = [];
  const log = processLog(format, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { log, out, err };
}

describe('the process log', () => {
  it('JSON: one line each, as the app logger writes them, errors serialized', () => {
    const { log, out, err } = captured('json');
    log.info('SIGTERM: shutting down…', { signal: 'SIGTERM' });
    log.fatal('start failed', { err: new Error('connect ECONNREFUSED') });
    expect(err).toEqual([]);
    expect(out).toHaveLength(2);
    expect(out.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toBe(true);
    const [info, fatal] = out.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(info).toMatchObject({ level: 30, pid: process.pid, signal: 'SIGTERM', msg: 'SIGTERM: shutting down…' });
    expect(typeof info?.time).toBe('number');
    expect(typeof info?.hostname).toBe('string');
    expect(fatal).toMatchObject({
      level: 60,
      msg: 'start failed',
      err: { type: 'Error', message: 'connect ECONNREFUSED' },
    });
  });

  it('the banner: in production one JSON line with the mode, the build and the addresses; in the sandbox text', () => {
    const json = captured('json');
    announceStart(json.log, { mode: 'production', publicUrl: 'https://app.example.com' }, 'http://127.0.0.1:8080');
    expect(json.out).toHaveLength(1);
    expect(JSON.parse(json.out[0]!)).toMatchObject({
      level: 30,
      msg: 'started',
      mode: 'production',
      version: PACKAGE_VERSION,
      node: process.version,
      listen: 'http://127.0.0.1:8080',
      app: 'https://app.example.com/',
    });

    const text = captured('text');
    announceStart(text.log, { mode: 'sandbox', publicUrl: 'http://127.0.0.1:8080' }, 'http://127.0.0.1:8080');
    const banner = text.out.join('');
    expect(banner).toMatch(/^Mode: {5}sandbox$/m);
    expect(banner).toMatch(new RegExp(`^Version: {2}${PACKAGE_VERSION.replace(/\./g, '\\.')}`, 'm'));
    expect(banner).toMatch(/^Listen: {3}http:\/\/127\.0\.0\.1:8080$/m);
    expect(banner).toMatch(/^Launcher: http:\/\/127\.0\.0\.1:8080\/sandbox\/$/m);
  });

  it('before the settings are read: JSON when MODE or a production setting says production', () => {
    expect(startLogFormat({ MODE: 'production' })).toBe('json');
    expect(startLogFormat({ BOT_TOKEN: '123:real' })).toBe('json');
    expect(startLogFormat({ MODE: 'sandbox', BOT_TOKEN: '123:real' })).toBe('text');
    expect(startLogFormat({})).toBe('text');
  });

  it('a refused production start is a JSON line (level 60) too, and nothing else is written', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...PRODUCTION_ENV, JWT_SECRET: 'short' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toBe('');
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/JWT_SECRET/);
  });
});
