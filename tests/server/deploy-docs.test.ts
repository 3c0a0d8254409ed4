/**
 * The deployment guide matches the code: every setting docs/deploy.md, .env.example and compose.yaml
 * name is one the server reads, every setting the server reads is in docs/operations.md's table, every
 * `npm run` script the guide shows exists, and the Dockerfile runs the steps tests/install/ proves
 * (production dependencies only, the compiled server, a non-root user, a health check on /readyz).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../../server/config';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');
/** Compose's own variables (its Postgres image's), not the server's. */
const COMPOSE_VARIABLES = new Set(['POSTGRES_PASSWORD', 'POSTGRES_USER', 'POSTGRES_DB']);

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

  it('.env.example offers every setting production requires', async () => {
    const { loadConfig } = await import('../../server/config');
    const offered = namesIn(read('.env.example'));
    // Production with nothing set refuses to start naming every required setting.
    let message = '';
    try {
      loadConfig({ MODE: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    const required = [...message.matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+) is required/g)].map((match) => match[1]!);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !offered.includes(name))).toEqual([]);
  });

  it.each(['docs/deploy.md', '.env.example', 'docs/operations.md'])(
    '%s generates BOT_WEBHOOK_SECRET with a command whose output production takes',
    async (file) => {
      const { loadConfig } = await import('../../server/config');
      const { PRODUCTION_ENV } = await import('./production-env');
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
    expect(scripts['start:prod']).toBe('node dist-server/main.js');
  });

  it('every operator command the guide shows is one the CLI knows', async () => {
    const { USAGE } = await import('../../server/operator');
    // "npm run operator -- payouts status|pause|resume" → payouts status, payouts pause, payouts resume.
    const known = new Set<string>();
    for (const [, command, action] of USAGE.matchAll(/npm run operator -- ([a-z-]+)(?: ([a-z|-]+))?/g)) {
      known.add(command!);
      for (const each of action?.split('|') ?? []) known.add(`${command} ${each}`);
    }
    const shown = [...read('docs/deploy.md').matchAll(/npm run operator -- ([a-z-]+(?: [a-z-]+)?)/g)].map(
      (match) => match[1]!,
    );
    expect(shown.length).toBeGreaterThan(0);
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
    expect(runtime).toMatch(/^CMD \["node", "dist-server\/main\.js"\]$/m);
  });
});
