/**
 * The alert rules a deployment loads (deploy/prometheus/alerts.yml, docs/operations.md "Alerts"):
 * `promtool check rules` accepts them and `promtool test rules` passes their cases (alerts.test.yml: each
 * rule fires on its fault and stays quiet on a healthy app). And they read what the app really exports: on a
 * fresh app, composed as start.ts composes it (its jobs created, none run yet), every series selector of
 * every rule matches a scraped series, and no series carries a label Prometheus sets itself (`job`,
 * `instance`: the scrape would rename the app's to `exported_job`, and a rule reading `job` would match
 * nothing). promtool is Debian's `prometheus` package (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type BackgroundJobs, createBackgroundJobs } from '../../server/jobs';
import { Metrics } from '../../server/observability/metrics';
import { type TestContext, createTestContext } from './helpers';
import { quiet } from './payout-kit';

const run = promisify(execFile);
const RULES_DIR = fileURLToPath(new URL('../../deploy/prometheus/', import.meta.url));
const RULES = `${RULES_DIR}alerts.yml`;
const PROMTOOL = '/usr/bin/promtool';
/** Labels the scrape sets on every series it stores: an app's own would be renamed `exported_…`. */
const PROMETHEUS_LABELS = ['job', 'instance'];
/** Series Prometheus makes itself, not the app. */
const PROMETHEUS_SERIES = new Set(['up']);

interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}
interface Selector {
  text: string;
  name: string;
  matchers: Matcher[];
}
interface Sample {
  name: string;
  labels: Record<string, string>;
}

/** Every rule's `expr`, inline or a folded block (`>-` and the more indented lines under it). */
function ruleExpressions(yaml: string): string[] {
  const lines = yaml.split('\n');
  const exprs: string[] = [];
  lines.forEach((line, i) => {
    const match = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!match) return;
    const [, indent, rest] = match as unknown as [string, string, string];
    if (rest !== '>-') {
      exprs.push(rest);
      return;
    }
    const block: string[] = [];
    for (let j = i + 1; j < lines.length && (lines[j]!.startsWith(`${indent}  `) || !lines[j]!.trim()); j++) {
      block.push(lines[j]!.trim());
    }
    exprs.push(block.join(' '));
  });
  return exprs;
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset']);

/** The series selectors of a PromQL expression: metric names with their matchers, functions left out. */
function selectorsOf(expr: string): Selector[] {
  const stripped = expr
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const selectors: Selector[] = [];
  for (const match of stripped.matchAll(/([a-zA-Z_:][\w:]*)\s*(\{[^}]*\})?(\s*\()?/g)) {
    const [text, name, braces, call] = match as unknown as [string, string, string | undefined, string | undefined];
    if (call || KEYWORDS.has(name)) continue;
    const matchers = [...(braces ?? '').matchAll(/(\w+)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g)].map(
      ([, label, op, value]) => ({ label: label!, op: op as Matcher['op'], value: value! }),
    );
    selectors.push({ text: text.trim(), name, matchers });
  }
  return selectors;
}

const matches = (selector: Selector, sample: Sample): boolean =>
  sample.name === selector.name &&
  selector.matchers.every(({ label, op, value }) => {
    const actual = sample.labels[label] ?? '';
    const re = () => new RegExp(`^(?:${value})$`).test(actual);
    return op === '=' ? actual === value : op === '!=' ? actual !== value : op === '=~' ? re() : !re();
  });

/** The samples of a Prometheus text scrape (comments left out). */
function samplesOf(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? \S+$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    return [{ name: match[1]!, labels }];
  });
}

describe('the alert rules', () => {
  it("promtool is installed (.ci/run installs Debian's prometheus package)", () => {
    expect(existsSync(PROMTOOL), `${PROMTOOL} is missing: apt-get install -y prometheus`).toBe(true);
  });

  it('pass `promtool check rules`', async () => {
    const { stdout } = await run(PROMTOOL, ['check', 'rules', RULES]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('pass their tests: each fires on its fault and stays quiet on a healthy app (`promtool test rules`)', async () => {
    const result = await run(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], { cwd: RULES_DIR }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    expect(result.stdout).toMatch(/SUCCESS/);
    expect(result.stdout).not.toMatch(/FAILED/);
  });

  it('every rule is tested', () => {
    const names = [...readFileSync(RULES, 'utf8').matchAll(/^\s*- alert: (\w+)$/gm)].map((m) => m[1]!);
    const tests = readFileSync(`${RULES_DIR}alerts.test.yml`, 'utf8');
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      // A firing case (exp_alerts with labels) for each rule, beside the healthy app's quiet one.
      expect(tests, name).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:\\n\\s+- exp_labels`));
    }
  });
});

describe('what the rules read, on a fresh app', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let jobs: BackgroundJobs;
  let fresh: Sample[];
  const scrape = async () => {
    const response = await app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    return samplesOf(response.body);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    // As start.ts composes a process: one Metrics for the app and its jobs, the jobs created (not run).
    const metrics = new Metrics();
    app = await buildApp({ config: ctx.config, db: ctx.db, bus: ctx.bus, logger: false, metrics });
    jobs = createBackgroundJobs({
      config: ctx.config,
      db: ctx.db,
      bus: ctx.bus,
      log: quiet,
      hotWallet: app.hotWallet,
      botApi: app.botApi,
      metrics,
    });
    expect([jobs.watcher, jobs.payouts, jobs.notifications].every(Boolean)).toBe(true);
    // Prometheus's second scrape: the first one's request is counted by then.
    await scrape();
    fresh = await scrape();
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  it('every series selector of every rule matches a series the app exports from its start', () => {
    const selectors = ruleExpressions(readFileSync(RULES, 'utf8')).flatMap(selectorsOf);
    expect(selectors.length).toBeGreaterThan(15);
    const missing = selectors
      .filter((selector) => !PROMETHEUS_SERIES.has(selector.name))
      .filter((selector) => !fresh.some((sample) => matches(selector, sample)))
      .map((selector) => selector.text);
    expect(missing).toEqual([]);
  });

  it('no series has a label Prometheus sets (job, instance), fresh or after a job ran', async () => {
    expect(await jobs.settlement.runOnce()).toBe(true);
    const ran = await scrape();
    expect(ran.length).toBeGreaterThan(50);
    const clashing = [...fresh, ...ran].filter((sample) => PROMETHEUS_LABELS.some((label) => label in sample.labels));
    expect(clashing.map((sample) => `${sample.name}{${Object.keys(sample.labels).join(',')}}`)).toEqual([]);
  });
});
