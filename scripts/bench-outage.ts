/**
 * How long a call waits on a frozen database before it answers 503 (docs/performance.md "Database
 * outages"). A real PostgreSQL server is stopped with SIGSTOP (connections stay open, nothing answers);
 * the server (server/main.ts, sandbox mode, DATABASE_URL) is asked for GET /api/user/me and a transfer at
 * once, and the time until all three answered is measured, `--rounds` times. The bound is a pooled
 * connection's statement (statement timeout + 1 s grace) after the connect timeout (+ 1 s grace): the
 * script prints the median and the worst against it and exits 1 when the worst passes it.
 *
 *   npm run bench:outage [-- --rounds 5]
 *
 * tests/server/db-faults.test.ts checks what the answers are; this measures how soon they come.
 */
import { startPostgres } from '../tests/server/support/postgres-server';
import { createLauncherMember, flag, median, signIn, startServerProcess } from './bench-kit';

const TIMEOUTS = { connectMs: 500, statementMs: 1_000, idleInTransactionMs: 2_000 };
const BOUND_MS = TIMEOUTS.statementMs + 1_000 + TIMEOUTS.connectMs + 1_000;
const rounds = Number(flag('rounds', '5'));

const postgres = await startPostgres();
const server = await startServerProcess({
  databaseUrl: postgres.url,
  env: {
    DATABASE_CONNECT_TIMEOUT_MS: String(TIMEOUTS.connectMs),
    DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUTS.statementMs),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: String(TIMEOUTS.idleInTransactionMs),
  },
});
try {
  const token = await signIn(server.origin, await createLauncherMember(server.origin));
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const me = () => fetch(`${server.origin}/api/user/me`, { headers });
  const transfer = () =>
    fetch(`${server.origin}/api/withdraw/transfer-from-referral-balance`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token_amount: '1' }),
    });
  const recovered = async () => {
    for (let i = 0; i < 1_000; i++) {
      if ((await me()).status === 200) return;
      await new Promise((done) => setTimeout(done, 10));
    }
    throw new Error('the server did not recover after the database thawed');
  };

  await recovered();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    postgres.freeze();
    try {
      const started = performance.now();
      const answers = await Promise.all([me(), transfer(), me()]);
      times.push(performance.now() - started);
      const statuses = answers.map((answer) => answer.status);
      if (statuses.some((status) => status !== 503))
        throw new Error(`expected 503 from a frozen database, got ${statuses.join(', ')}`);
    } finally {
      postgres.thaw();
    }
    await recovered();
  }
  const worst = Math.max(...times);
  console.log(
    `frozen database → 503: median ${median(times).toFixed(0)} ms, worst ${worst.toFixed(0)} ms over ${rounds} rounds (bound ${BOUND_MS} ms)`,
  );
  if (worst > BOUND_MS) {
    console.log('FAIL: a call waited longer than the bound');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  await postgres.stop();
}
