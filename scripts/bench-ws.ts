/**
 * Socket fan-out (docs/foundations.md §7 Budgets: price_update to 10 000 sockets ≤ 250 ms): one server
 * (`server/main.ts`, sandbox, embedded PGlite) in its own process, N sockets on /api/ws/ signed in with
 * access tokens minted by the server's own signing (TokenKeys with the sandbox's secret) in one session
 * of a member created through the launcher, then one price tick (the launcher's Price ↑, which publishes
 * price_update) and the time until the last socket has it. It prints numbers only; it is not a test.
 *
 *   npm run bench:ws -- [--sockets 10000] [--batch 250]
 *
 * Every socket is an open file in both processes: the script raises its own soft limit if it can
 * (`ulimit -n` must allow sockets + a few hundred, in this shell and for the server it starts).
 * The sockets' side runs in this one process, so "last socket" includes reading N frames here too.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { SOCKET_PATHS } from '@contract';
import { loadConfig } from '../server/config';
import { TokenKeys } from '../server/http/auth-context';
import { createLauncherMember, flag, median, signIn, startServerProcess } from './bench-kit';

const SOCKETS = Number(flag('sockets', '10000'));
const BATCH = Number(flag('batch', '250'));

function fdLimit(): number {
  try {
    return Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  } catch {
    return Number.NaN;
  }
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const limit = fdLimit();
if (Number.isFinite(limit) && limit < SOCKETS + 500) {
  console.error(
    `The open-file limit is ${limit}; ${SOCKETS} sockets need at least ${SOCKETS + 500}: run \`ulimit -n ${SOCKETS + 1000}\` first.`,
  );
  process.exit(1);
}

const server = await startServerProcess({ env: { LOG_LEVEL: 'warn' } });
const sockets: WebSocket[] = [];
try {
  const member = await createLauncherMember(server.origin);
  await signIn(server.origin, member);
  const signedIn = await signIn(server.origin, member);
  const me = (await (
    await fetch(`${server.origin}/api/user/me`, { headers: { authorization: `Bearer ${signedIn}` } })
  ).json()) as {
    id: number;
    telegram_id: number;
  };
  // Every token names that sign-in's session: a socket is refused unless its session is live.
  const sessionId = String(decodeJwt(signedIn).sid);
  // The server's own signing: the sandbox's secret and access-token lifetime.
  const config = loadConfig({ MODE: 'sandbox', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
  const keys = new TokenKeys(config.jwtSecret, config.accessTokenTtlSeconds);
  const mintStart = performance.now();
  const tokens = await Promise.all(
    Array.from({ length: SOCKETS }, () => keys.sign({ userId: me.id, telegramId: me.telegram_id, sessionId })),
  );
  const mintMs = performance.now() - mintStart;

  const serverPid = server.child.pid!;
  const rssBefore = rssMb(serverPid);
  const clientRssBefore = process.memoryUsage().rss / 1024 / 1024;
  const wsUrl = server.origin.replace(/^http/, 'ws') + SOCKET_PATHS.main;
  let priceSentAt = 0;
  const arrivals: number[] = [];
  let allArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));

  // Each socket: open, send the token, count as signed in at its two first messages (the balances and
  // the price as they are now); the tick's price_update comes after.
  const open = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      sockets.push(socket);
      let signedIn = false;
      let snapshots = 0;
      socket.on('open', () => socket.send(token));
      socket.on('message', (data) => {
        if (!signedIn) {
          if (++snapshots < 2) return;
          signedIn = true;
          resolve();
          return;
        }
        if (priceSentAt && data.toString().includes('"price_update"')) {
          arrivals.push(performance.now() - priceSentAt);
          if (arrivals.length === SOCKETS) allArrived();
        }
      });
      socket.on('error', reject);
      socket.on('close', (code) => {
        if (!signedIn) reject(new Error(`socket closed before signing in (${code})`));
      });
    });

  const connectStart = performance.now();
  for (let i = 0; i < SOCKETS; i += BATCH) await Promise.all(tokens.slice(i, i + BATCH).map(open));
  const connectMs = performance.now() - connectStart;
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let the server settle (GC) before the tick
  const rssAfter = rssMb(serverPid);

  priceSentAt = performance.now();
  const nudge = await fetch(`${server.origin}/sandbox/api/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ direction: 'up' }),
  });
  if (!nudge.ok) throw new Error(`price nudge: ${nudge.status} ${await nudge.text()}`);
  const answeredMs = performance.now() - priceSentAt;
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(
      () => reject(new Error(`only ${arrivals.length}/${SOCKETS} sockets had price_update after 30 s`)),
      30_000,
    ),
  );
  await Promise.race([arrived, timeout]);
  const sorted = [...arrivals].sort((a, b) => a - b);

  console.log(`${SOCKETS} sockets on ${SOCKET_PATHS.main}, one member, sandbox on embedded PGlite`);
  console.log(`tokens minted           ${mintMs.toFixed(0)} ms`);
  console.log(
    `all connected+signed in ${(connectMs / 1000).toFixed(1)} s (${(SOCKETS / (connectMs / 1000)).toFixed(0)} sockets/s, batches of ${BATCH})`,
  );
  console.log(
    `server memory           ${rssBefore.toFixed(0)} MB → ${rssAfter.toFixed(0)} MB RSS ` +
      `(${(((rssAfter - rssBefore) * 1024) / SOCKETS).toFixed(1)} kB per socket); this process ` +
      `${clientRssBefore.toFixed(0)} → ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
  );
  console.log(`price nudge answered    ${answeredMs.toFixed(0)} ms`);
  console.log(
    `price_update reached    first ${sorted[0]!.toFixed(0)} ms, p50 ${median(sorted).toFixed(0)} ms, ` +
      `p99 ${percentile(sorted, 99).toFixed(0)} ms, last ${sorted.at(-1)!.toFixed(0)} ms (goal: last ≤ 250 ms)`,
  );
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
}
