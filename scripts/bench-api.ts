/**
 * API throughput (docs/foundations.md §7 Budgets): GET /api/user/me of a signed-in community member
 * (maintenance off) against two references answering a JSON body of the same size, in one interleaved
 * run (server, floor, bare, server…), so all see the same machine load:
 *
 * - the **one-query floor** (Postgres only): a bare Fastify route that runs one primary-key SELECT on the
 *   same Postgres per request (a pool of the server's size, a prepared statement) — what any call that
 *   reads the database costs at least; the goal is ≥ 0.9× of it;
 * - the **bare route**: the same answer with no database at all (the machine's ceiling, for scale).
 *
 * Each side is its own process; autocannon drives them from this one. Then, on Postgres, p99 at a steady
 * rate (`paced` below: autocannon's rate options are bursts, not a rate). It prints numbers only; it is
 * not a test.
 *
 *   npm run bench:api -- [--db pglite|postgres] [--duration 10] [--rounds 3] [--connections 50]
 *                        [--rate 1000] [--rate-duration 10] [--cpu-prof <dir>] [--price-walk]
 *
 * The server runs on production's request path (CHECK_RESPONSES off: production does not check its answers
 * against the contract's schemas, the sandbox does), but for the launcher it needs to sign a member in:
 * sandbox mode without the sandbox's simulated price (the random walk writes a tick every 5 s, and each one holds
 * /user/me up for some 20–50 ms at this rate; production's price changes only when the operator sets it).
 * `--price-walk` keeps the walk on.
 *
 * `--db postgres` starts a throwaway PostgreSQL server with the test suite's own code
 * (tests/server/support/postgres-server.ts). `--cpu-prof <dir>` writes the V8 CPU profiles of the server and of the
 * references' process there.
 */
import { spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { type PostgresServer, startPostgres } from '../tests/server/support/postgres-server';
import { createLauncherMember, flag, freePort, median, ROOT, signIn, startServerProcess } from './bench-kit';

// ---- the references: this file, started again with --serve-bare <port> ----------------------------
async function startBare(
  body: string,
  databaseUrl: string | undefined,
  nodeArgs: string[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const args = [...nodeArgs, '--import', 'tsx', 'scripts/bench-api.ts', '--serve-bare', String(port)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_BODY: body, ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) },
    stdio: 'inherit',
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/bare`)).ok) break;
    } catch {
      if (i > 300) throw new Error('the bare server did not start');
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, options: { connections: number; duration: number; token?: string }): Promise<Run> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * A steady rate: request i is due at start + i/rate, sent over at most `connections` keep-alive sockets,
 * and its latency counts from when it was due — a late generator or a full pool counts against the
 * server, as wrk2 measures. (autocannon's `overallRate` gives each connection a budget per second that
 * it spends at once: every second opens with a burst at full speed, and its p99 is the saturated one.)
 */
async function paced(
  url: string,
  options: { connections: number; duration: number; rate: number; token?: string },
): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const total = Math.round(options.rate * options.duration);
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 50;
  const dueAt = (i: number) => start + (i * 1000) / options.rate;
  await new Promise<void>((done) => {
    let sent = 0;
    let finished = 0;
    const settle = () => {
      if (++finished === total) done();
    };
    const send = (due: number) => {
      const request = get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors++;
          latencies.push(performance.now() - due);
          settle();
        });
      });
      request.on('error', () => {
        errors++;
        settle();
      });
    };
    const tick = () => {
      const now = performance.now();
      for (; sent < total && dueAt(sent) <= now; sent++) send(dueAt(sent));
      if (sent < total) setTimeout(tick, 1);
    };
    setTimeout(tick, 50);
  });
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? Number.NaN;
  return { rps: total / elapsed, p99: Math.round(p99 * 10) / 10, errors };
}

const fmt = (run: Run) =>
  `${run.rps.toFixed(0).padStart(7)} req/s  p99 ${String(run.p99).padStart(4)} ms${run.errors ? `  (${run.errors} errors/non-2xx)` : ''}`;

async function main() {
  const dbKind = flag('db', 'pglite');
  if (dbKind !== 'pglite' && dbKind !== 'postgres') throw new Error('--db pglite|postgres');
  const duration = Number(flag('duration', '10'));
  const rounds = Number(flag('rounds', '3'));
  const connections = Number(flag('connections', '50'));
  const rate = Number(flag('rate', '1000'));
  const rateDuration = Number(flag('rate-duration', String(duration)));
  const profileDir = flag('cpu-prof', '');
  const priceWalk = process.argv.includes('--price-walk');

  let postgres: PostgresServer | undefined;
  if (dbKind === 'postgres') postgres = await startPostgres();
  const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServerProcess({
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    nodeArgs: profileArgs,
    env: { CHECK_RESPONSES: '0', ...(priceWalk ? {} : { PRICE_TICK_MS: '0' }) },
  });
  let bare: { url: string; stop(): Promise<void> } | undefined;
  try {
    const member = await createLauncherMember(server.origin);
    const token = await signIn(server.origin, member);
    const meUrl = `${server.origin}/api/user/me`;
    const me = await fetch(meUrl, { headers: { authorization: `Bearer ${token}` } });
    const body = await me.text();
    if (!me.ok || !(JSON.parse(body) as { community_participation?: boolean }).community_participation) {
      throw new Error(`GET /api/user/me is not a member's 200: ${me.status} ${body}`);
    }
    // The same bytes, so every side writes the same response.
    bare = await startBare(body, postgres?.url, profileArgs);
    const floorUrl = postgres ? `${bare.url}/floor` : null;
    const bareUrl = `${bare.url}/bare`;

    console.log(
      `GET /api/user/me (${body.length} B JSON, response checks off as in production) vs ` +
        `${floorUrl ? 'the one-query floor and ' : ''}bare Fastify, ${dbKind}, ${connections} connections, ` +
        `${rounds} × ${duration} s each, interleaved; the sandbox's price walk ${priceWalk ? 'on' : 'off (--price-walk)'}`,
    );
    // A short warm-up of each side (JIT, pool, caches) that is not counted.
    await load(meUrl, { connections, duration: 2, token });
    if (floorUrl) await load(floorUrl, { connections, duration: 2 });
    await load(bareUrl, { connections, duration: 2 });
    const ours: Run[] = [];
    const floors: Run[] = [];
    const bares: Run[] = [];
    for (let round = 1; round <= rounds; round++) {
      const a = await load(meUrl, { connections, duration, token });
      ours.push(a);
      console.log(`  round ${round}  /api/user/me  ${fmt(a)}`);
      if (floorUrl) {
        const f = await load(floorUrl, { connections, duration });
        floors.push(f);
        console.log(`  round ${round}  floor         ${fmt(f)}`);
      }
      const b = await load(bareUrl, { connections, duration });
      bares.push(b);
      console.log(`  round ${round}  bare          ${fmt(b)}`);
    }
    const oursRps = median(ours.map((r) => r.rps));
    const bareRps = median(bares.map((r) => r.rps));
    console.log(`median  /api/user/me ${oursRps.toFixed(0)} req/s, p99 ${median(ours.map((r) => r.p99))} ms`);
    if (floors.length) {
      const floorRps = median(floors.map((r) => r.rps));
      console.log(`median  floor        ${floorRps.toFixed(0)} req/s, p99 ${median(floors.map((r) => r.p99))} ms`);
      console.log(`ratio   ${(oursRps / floorRps).toFixed(3)}× the one-query floor (goal ≥ 0.9×)`);
    } else {
      console.log('floor   Postgres only (--db postgres): PGlite lives inside the server process');
    }
    console.log(`median  bare         ${bareRps.toFixed(0)} req/s, p99 ${median(bares.map((r) => r.p99))} ms`);
    console.log(`ratio   ${(oursRps / bareRps).toFixed(3)}× bare (no database: the machine's ceiling, for scale)`);

    if (dbKind === 'postgres' && rate > 0) {
      // Sockets opened and the server warm at that rate first, not counted.
      await paced(meUrl, { connections, duration: 1, token, rate });
      if (floorUrl) await paced(floorUrl, { connections, duration: 1, rate });
      const fixed = await paced(meUrl, { connections, duration: rateDuration, token, rate });
      console.log(
        `steady ${rate} req/s for ${rateDuration} s: /api/user/me served ${fixed.rps.toFixed(0)} req/s, p99 ${fixed.p99} ms ` +
          `(goal ≤ 20 ms)${fixed.errors ? `, ${fixed.errors} errors/non-2xx` : ''}`,
      );
      // The one-query floor at that rate (same client, same connections).
      if (floorUrl) {
        const fixedFloor = await paced(floorUrl, { connections, duration: rateDuration, rate });
        console.log(
          `steady ${rate} req/s for ${rateDuration} s: the floor served ${fixedFloor.rps.toFixed(0)} req/s, p99 ${fixedFloor.p99} ms`,
        );
      }
    }
  } finally {
    await bare?.stop();
    await server.stop();
    await postgres?.stop();
  }
}

if (process.argv[2] === '--serve-bare') {
  const { default: Fastify } = await import('fastify');
  // The same JSON as an object, serialized per request as a route's answer is.
  const body: unknown = JSON.parse(process.env['BENCH_BODY'] ?? '{}');
  const app = Fastify({ logger: false });
  app.get('/bare', async () => body);
  const databaseUrl = process.env['BENCH_DATABASE_URL'];
  if (databaseUrl) {
    // One primary-key SELECT per request on the server's Postgres: a pool of the server's default size
    // (DATABASE_POOL_SIZE 10), a named (prepared) statement as the server's queries are.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const [first] = (await pool.query<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1')).rows;
    if (!first) throw new Error('the floor needs a user row');
    app.get('/floor', async () => {
      const { rows } = await pool.query({
        name: 'floor',
        text: 'SELECT * FROM users WHERE id = $1',
        values: [first.id],
      });
      if (rows.length !== 1) throw new Error('the user row is gone');
      return body;
    });
    app.addHook('onClose', async () => pool.end());
  }
  // A normal exit on SIGTERM, so --cpu-prof writes its profile.
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' });
} else {
  await main();
}
