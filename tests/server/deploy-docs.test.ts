/**
 * The deployment guide matches the code: every setting docs/deploy.md, .env.example and compose.yaml
 * name is one the server reads, every setting the server reads is in docs/operations.md's table, every
 * `npm run` script the guide shows exists, the Dockerfile runs the steps tests/install/ proves
 * (production dependencies only, the compiled server, a non-root user, a health check on /readyz), and
 * every production path is the production start: `start:prod`, the image's CMD and the guide's systemd
 * unit run `main.js --production`, the host paths reading `.env` one way (Node's `--env-file`), which
 * .env.example is written for; Compose passes the database password apart from the URL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_REQUIRED_SETTINGS, SETTING_NAMES, loadConfig } from '../../server/config';
import { announceStart, logFormatOf, processLog } from '../../server/lib/process-log';
import { PRODUCTION_ENV } from './production-env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');
/** Compose's own variables (its Postgres image's, and deploy/postgres/app-role.sql's), not the server's. */
const COMPOSE_VARIABLES = new Set([
  'POSTGRES_PASSWORD',
  'POSTGRES_USER',
  'POSTGRES_DB',
  'APP_DATABASE_USER',
  'APP_DATABASE_NAME',
  'APP_DATABASE_PASSWORD',
]);
/** The production start on the host: .env read by Node, then `main.js --production` (exec: npm passes signals on). */
const START_PROD = 'exec node --env-file=.env dist-server/main.js --production';

/** Upper-case names with an underscore, in backticks or starting an assignment (`NAME=`, `NAME:`). */
function namesIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`|^#?\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[=:]/gm)) {
    names.add((match[1] ?? match[2])!);
  }
  return [...names];
}

describe('the deployment guide and files match the code', () => {
  it.each(['docs/deploy.md', '.env.example', 'compose.yaml'])('%s names only settings the server reads', (file) => {
    const named = namesIn(read(file));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !SETTING_NAMES.includes(name) && !COMPOSE_VARIABLES.has(name))).toEqual([]);
  });

  it('docs/operations.md lists every setting the server reads', () => {
    const table = read('docs/operations.md');
    expect(SETTING_NAMES.filter((name) => !table.includes(`| \`${name}\``))).toEqual([]);
  });

  it('.env.example offers every setting production requires', () => {
    const offered = namesIn(read('.env.example'));
    // Production with nothing set refuses to start naming every required setting.
    expect(() => loadConfig({ MODE: 'production' })).toThrow(PRODUCTION_REQUIRED_SETTINGS.join(', '));
    expect(PRODUCTION_REQUIRED_SETTINGS.filter((name) => !offered.includes(name))).toEqual([]);
  });

  it(".env.example is written as Node's reader and Compose's read alike: quoted when it has spaces", () => {
    const assignments = read('.env.example')
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((match) => match !== null);
    expect(assignments.length).toBeGreaterThan(10);
    for (const [, name, raw] of assignments) {
      const quoted = /^"[^"$]*"$/.test(raw!);
      // A value with spaces or a # is double-quoted; nothing is written around the = or after the value.
      if (/[\s#]/.test(raw!)) expect(quoted, name).toBe(true);
      expect(parseEnv(`${name}=${raw}`)[name!], name).toBe(quoted ? raw!.slice(1, -1) : raw);
    }
    const mnemonic = assignments.find(([, name]) => name === 'HOT_WALLET_MNEMONIC')!;
    expect(parseEnv(`X=${mnemonic[2]}`).X?.split(' ')).toHaveLength(24);
  });

  it('compose.yaml passes the database password apart from the URL, and the guide generates hex passwords', () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/^\s+DATABASE_URL: postgres:\/\/app@db:5432\/app$/m);
    expect(compose).toMatch(/^\s+DATABASE_PASSWORD: \$\{DATABASE_PASSWORD:\?[^}]*\}$/m);
    // Whatever POSTGRES_PASSWORD holds, the app puts it in the URL percent-encoded.
    const password = 'pQ/7+Zx9#?@%';
    const config = loadConfig({
      ...PRODUCTION_ENV,
      DATABASE_URL: 'postgres://app@db:5432/app',
      DATABASE_PASSWORD: password,
    });
    expect(decodeURIComponent(new URL(config.databaseUrl!).password)).toBe(password);
    // Every password the guide and .env.example generate is hex: nothing to encode in a DATABASE_URL either.
    for (const file of ['docs/deploy.md', '.env.example']) {
      const lines = read(file).split('\n');
      const near = lines.flatMap((line, i) => (/PASSWORD|password/.test(line) ? [lines[i - 1] ?? '', line] : []));
      const commands = [...near.join('\n').matchAll(/openssl rand -(\w+) (\d+)/g)];
      expect(commands.length, file).toBeGreaterThan(0);
      for (const [, encoding, bytes] of commands) {
        expect(encoding, file).toBe('hex');
        const generated = randomBytes(Number(bytes)).toString('hex');
        const url = `postgres://app:${generated}@127.0.0.1:5432/app`;
        expect(loadConfig({ ...PRODUCTION_ENV, DATABASE_URL: url }).databaseUrl).toBe(url);
      }
    }
  });

  it.each(['docs/deploy.md', '.env.example', 'docs/operations.md'])(
    '%s generates BOT_WEBHOOK_SECRET with a command whose output production takes',
    (file) => {
      const lines = read(file).split('\n');
      // The command is on the setting's line or the comment just above it (.env.example).
      const near = lines.flatMap((line, i) => (line.includes('BOT_WEBHOOK_SECRET') ? [lines[i - 1] ?? '', line] : []));
      const commands = [...near.join('\n').matchAll(/openssl rand -(\w+) (\d+)/g)];
      expect(commands.length).toBeGreaterThan(0);
      for (const [command, encoding, bytes] of commands) {
        expect(command, 'Telegram takes no base64 characters (+ / =)').toMatch(/-hex /);
        const generated = randomBytes(Number(bytes)).toString(encoding as 'hex');
        expect(loadConfig({ ...PRODUCTION_ENV, BOT_WEBHOOK_SECRET: generated }).botWebhookSecret).toBe(generated);
      }
    },
  );

  it('every npm script the guide shows exists', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const shown = [...read('docs/deploy.md').matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(shown).toContain('start:prod');
    expect(shown.filter((name) => !(name in scripts))).toEqual([]);
    expect(scripts['start:prod']).toBe(START_PROD);
    expect(scripts['start:cluster']).toBe('exec node --env-file=.env dist-server/cluster.js --production');
  });

  it("the guide's systemd unit runs what start:prod runs, as the user the guide creates, and outlasts a slow Postgres", () => {
    const guide = read('docs/deploy.md');
    const unit = /```ini\n([\s\S]*?)```/.exec(guide)![1]!;
    const section = (name: string) =>
      new RegExp(`^\\[${name}\\]\\n([\\s\\S]*?)(?=^\\[|$(?![\\s\\S]))`, 'm').exec(unit)![1]!;
    const setting = (text: string, key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text)?.[1];
    const [unitPart, service] = [section('Unit'), section('Service')];
    // One way to read .env, the same command: node, Node's reader, the production start.
    expect(setting(service, 'ExecStart')).toBe(START_PROD.replace(/^exec node /, '/usr/bin/node '));
    expect(setting(service, 'EnvironmentFile')).toBeUndefined();
    expect(setting(service, 'WorkingDirectory')).toBe('/srv/ton-token');
    const user = setting(service, 'User')!;
    expect(guide).toMatch(new RegExp(`useradd --system .*\\b${user}$`, 'm'));
    expect(setting(unitPart, 'Wants')).toContain('network-online.target');
    expect(setting(unitPart, 'After')).toContain('network-online.target');
    // A restart waits RestartSec; the start limit lets a start that waited the whole
    // DATABASE_START_TIMEOUT_SECONDS (120 s by default) be retried for as long as the window lasts.
    expect(setting(service, 'Restart')).toBe('always');
    const restartSec = Number(setting(service, 'RestartSec'));
    const interval = Number(setting(unitPart, 'StartLimitIntervalSec'));
    const burst = Number(setting(unitPart, 'StartLimitBurst'));
    expect(restartSec).toBeGreaterThanOrEqual(1);
    const waitS = loadConfig({}).faults.databaseStartTimeoutSeconds;
    expect(Math.ceil(interval / (waitS + restartSec))).toBeLessThan(burst);
    // Longer than SHUTDOWN_TIMEOUT_MS (10 s): the drain finishes before systemd kills.
    expect(Number(setting(service, 'TimeoutStopSec')) * 1000).toBeGreaterThan(loadConfig({}).faults.shutdownTimeoutMs);
  });

  it('every operator command the guide shows is one the CLI knows', async () => {
    const { USAGE } = await import('../../server/operator');
    // "npm run operator -- payouts status|pause|resume" → payouts status, payouts pause, payouts resume.
    const known = new Set<string>();
    for (const [, command, action] of USAGE.matchAll(/npm run operator -- ([a-z-]+)(?: ([a-z|-]+))?/g)) {
      known.add(command!);
      for (const each of action?.split('|') ?? []) known.add(`${command} ${each}`);
    }
    // The runbook's `op …` is the same CLI (`npm run operator --` with API_URL and ADMIN_TOKEN).
    const shown = [...read('docs/deploy.md').matchAll(/(?:npm run operator --|`op) ([a-z-]+(?: [a-z-]+)?)/g)].map(
      (match) => match[1]!,
    );
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toContain('payouts held');
    expect(shown.filter((command) => !known.has(command))).toEqual([]);
  });

  it('the Dockerfile builds with every dependency and runs with production ones, compiled, as a non-root user', () => {
    const dockerfile = read('Dockerfile');
    const [build, runtime] = dockerfile.split(/^FROM .* AS runtime$/m);
    expect(build).toMatch(/RUN npm ci\b/);
    expect(build).toMatch(/RUN npm run build/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist-server \.\/dist-server/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    // The production start: production or a refusal, never the sandbox (the settings: compose's env_file).
    expect(runtime).toMatch(/^CMD \["node", "dist-server\/main\.js", "--production"\]$/m);
    // Both stages on Node 24 LTS (Node 20's end of life: April 2026), the version the guide names for hosts.
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual([
      'node:24-bookworm-slim',
      'node:24-bookworm-slim',
    ]);
    expect(read('docs/deploy.md')).toMatch(/Node\.js 24 LTS/);
  });

  it("the guide's proxies block /metrics and every path under it (not only the exact path)", () => {
    const guide = read('docs/deploy.md');
    const caddy = /^app\.example\.com \{\n([\s\S]*?)^\}/m.exec(guide)![1]!;
    const nginx = /```nginx\n([\s\S]*?)```/.exec(guide)![1]!;
    // Caddy: a prefix matcher, before the proxy (Caddy's order puts respond first anyway).
    expect(caddy).toMatch(/^\s*respond \/metrics\* 404\b/m);
    // nginx: a prefix location that wins over regex locations; `location = /metrics` lets `/metrics/` through.
    expect(nginx).toMatch(/^\s*location \^~ \/metrics \{ return 404; \}/m);
    expect(nginx).not.toMatch(/location = \/metrics\b/);
  });
});

/** A top-level service's block of compose.yaml (its lines indented under `  <name>:`). */
function composeService(name: string): string {
  const block = new RegExp(`^  ${name}:\\n((?:(?:    .*)?\\n)*)`, 'm').exec(read('compose.yaml'));
  expect(block, name).not.toBeNull();
  return block![1]!;
}

/** A service's `environment:` map, values as written (quotes taken off). */
function composeEnvironment(service: string): Record<string, string> {
  const environment = /^ {4}environment:\n((?:(?: {6}.*)?\n)*)/m.exec(service)![1]!;
  const entries = [...environment.matchAll(/^ {6}([A-Z][A-Z0-9_]*): (.*)$/gm)];
  return Object.fromEntries(entries.map(([, name, value]) => [name!, value!.replace(/^'(.*)'$/, '$1')]));
}

describe("compose.yaml's database role and proxy", () => {
  it('the app connects as the role deploy/postgres/app-role.sql creates, never as the superuser', () => {
    const db = composeService('db');
    const dbEnv = composeEnvironment(db);
    const appEnv = composeEnvironment(composeService('app'));
    const url = new URL(appEnv.DATABASE_URL!);
    // The image's superuser is another role than the app's (POSTGRES_USER: app made the app the superuser).
    expect(dbEnv.POSTGRES_USER).toBeDefined();
    expect(dbEnv.POSTGRES_USER).not.toBe(url.username);
    expect(dbEnv.APP_DATABASE_USER).toBe(url.username);
    expect(dbEnv.APP_DATABASE_NAME).toBe(url.pathname.slice(1));
    expect(dbEnv.POSTGRES_DB).toBeUndefined();
    // One password, .env's DATABASE_PASSWORD, for the role the script creates and the app that signs in.
    expect(dbEnv.APP_DATABASE_PASSWORD).toBe(appEnv.DATABASE_PASSWORD);
    expect(appEnv.DATABASE_PASSWORD).toMatch(/^\$\{DATABASE_PASSWORD:\?/);
    // The script, run by the image on an empty volume, is the repository's.
    const mount = /^\s+- \.\/(deploy\/postgres\/[\w.-]+\.sql):\/docker-entrypoint-initdb\.d\/[\w.-]+\.sql:ro$/m.exec(
      db,
    );
    expect(mount).not.toBeNull();
    expect(read(mount![1]!)).toMatch(/CREATE ROLE :"app_user" LOGIN NOSUPERUSER/);
    // env_file hands the app all of .env: the superuser's password is blanked in its environment.
    expect(composeService('app')).toMatch(/^ {4}env_file: \.env$/m);
    expect(appEnv.POSTGRES_PASSWORD).toBe('');
  });

  it("TRUST_PROXY under Compose is compose.yaml's own, never .env's, and trusts the Docker gateway the proxy comes from", async () => {
    const value = composeEnvironment(composeService('app')).TRUST_PROXY!;
    // Not interpolated: `${TRUST_PROXY:-…}` took .env's 127.0.0.1 (the host install's value) when it was set.
    expect(value).not.toContain('$');
    const seenAs = async (trustProxy: string, peer: string) => {
      const { faults } = loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: trustProxy });
      const app = Fastify({ trustProxy: faults.trustProxy });
      app.get('/', async (request) => request.ip);
      const response = await app.inject({
        url: '/',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      await app.close();
      return response.body;
    };
    // Docker's default bridge and Compose networks' gateways (its default address pools).
    for (const gateway of ['172.17.0.1', '172.18.0.1', '172.31.0.1', '192.168.0.1', '192.168.240.1']) {
      expect(await seenAs(value, gateway), gateway).toBe('198.51.100.7');
      // What the host install's value would have done here: every client the gateway.
      expect(await seenAs('127.0.0.1', gateway), gateway).toBe(gateway);
    }
    // A public peer is not a proxy.
    expect(await seenAs(value, '203.0.113.9')).toBe('203.0.113.9');
    // The guide and .env.example say to leave it out under Compose.
    expect(read('docs/deploy.md')).toMatch(/\| `TRUST_PROXY` \|[^\n]*\*\*With Compose leave it out\*\*/);
    expect(read('.env.example')).toMatch(/^# .*Not with Compose.*\n(?:#.*\n)*# TRUST_PROXY=127\.0\.0\.1$/m);
  });
});

describe("the guide's references", () => {
  const guide = read('docs/deploy.md');

  it('every file of the repository it names exists', () => {
    // Paths in backticks or links: a folder of the repository, or a file at its root.
    const named = new Set<string>();
    for (const [, path] of guide.matchAll(
      /[`(]((?:deploy|docs|server|scripts|tests|src)\/[\w./-]*[\w/]|compose\.yaml|Dockerfile|\.env\.example|package(?:-lock)?\.json)[`)#]/g,
    )) {
      named.add(path!);
    }
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((path) => !existsSync(`${ROOT}${path}`))).toEqual([]);
  });

  it('the start line the guide says to look for is what production prints', () => {
    const said = /Try it\s+in the foreground first: it prints ([^;]*);/.exec(guide)![1]!;
    const fragments = [...said.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    expect(fragments.length).toBeGreaterThan(0);
    let printed = '';
    const log = processLog(logFormatOf({ mode: 'production' }), {
      out: (line) => (printed += line),
      err: (line) => (printed += line),
    });
    announceStart(log, { mode: 'production', publicUrl: 'https://app.example.com' }, 'http://0.0.0.0:8080');
    expect(fragments.filter((fragment) => !printed.includes(fragment))).toEqual([]);
  });

  it('every link into docs/*.md names a heading that exists', () => {
    const slug = (heading: string) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s/g, '-');
    const links = [...guide.matchAll(/\]\((\w+\.md)?#([\w-]+)\)/g)].map(([, file, anchor]) => ({
      file: file ?? 'deploy.md',
      anchor: anchor!,
    }));
    expect(links.length).toBeGreaterThan(5);
    const missing = links.filter(({ file, anchor }) => {
      const headings = [...read(`docs/${file}`).matchAll(/^#+ (.*)$/gm)].map((match) => slug(match[1]!));
      return !headings.includes(anchor);
    });
    expect(missing).toEqual([]);
  });
});
