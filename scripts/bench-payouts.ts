/**
 * `npm run bench:payouts` — how fast the payout worker drains a busy day's queue (docs/performance.md
 * "Payouts"; the kinds and their mainnet capacity: docs/deploy.md). Per hot wallet kind: a fresh Postgres,
 * two sandbox server processes on it (the worker runs in whichever holds its advisory lock; the other
 * serves), `--users` community members signed in through the launcher, `--sales` sales queued through the
 * ledger (each debits its tokens, as a sale does) while payouts are paused, then released at once: the time
 * until the last one is paid on the TVM dev chain. Afterwards: every sale paid exactly once (completed, its recipient's balance on
 * the chain exactly its amount) and every user's balances equal to their ledger.
 *
 * Prints per kind the payouts per second from the release to the last payout and the time of the last one,
 * ending with a line per kind `payouts per second: <n> (<kind>)`. Not part of `npm test`.
 * Arguments: --sales 10000 --users 200 --kinds v5r1,highload-v3,v4r2 --timeout 3600 (seconds per kind)
 * [--cpu-prof <dir>] (the V8 CPU profiles of both server processes, written when they stop).
 */
import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { HOT_WALLET_VERSIONS, type HotWalletVersion } from '../server/config';
import { createDb } from '../server/db/index';
import { createInProcessBus } from '../server/events/bus';
import { inTransaction } from '../server/events/transaction';
import { changeBalance } from '../server/ledger/service';
import { ACCOUNTS, balances, ledgerSums } from '../server/ledger/queries';
import { getAccount } from '../server/sandbox/chain/reads';
import { queueWithdrawal, setPayoutsPaused } from '../server/withdraw/service';
import { startPostgres } from '../tests/server/support/postgres-server';
import { createLauncherMember, flag, signIn, startServerProcess } from './bench-kit';

const SALES = Number(flag('sales', '10000'));
const USERS = Number(flag('users', '200'));
const KINDS = flag('kinds', 'v5r1,highload-v3,v4r2').split(',') as HotWalletVersion[];
const TIMEOUT_S = Number(flag('timeout', '3600'));
const PROFILE_DIR = flag('cpu-prof', '');
for (const kind of KINDS) if (!HOT_WALLET_VERSIONS.includes(kind)) throw new Error(`unknown kind ${kind}`);

const NANO = 10n ** 9n;
/** Each sale: 1 token sold, 0.01 TON paid out (the dev faucet funds the sandbox hot wallet with a million). */
const TOKENS_PER_SALE = NANO;
const TON_PER_SALE = NANO / 100n;
const QUEUE_PER_TRANSACTION = 100;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** A fresh wallet address nobody deployed, as a user would paste it (non-bounceable). */
const newRecipient = () =>
  WalletContractV4.create({ workchain: 0, publicKey: keyPairFromSeed(randomBytes(32)).publicKey }).address.toString({
    urlSafe: true,
    bounceable: false,
  });

async function benchKind(kind: HotWalletVersion): Promise<{ perSecond: number; lastPaidS: number }> {
  const postgres = await startPostgres();
  const env = { HOT_WALLET_VERSION: kind, PRICE_TICK_MS: '0' };
  const nodeArgs = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${kind}`] : [];
  const servers = [];
  try {
    // One after the other: the first migrates, the second finds the schema ready.
    servers.push(await startServerProcess({ databaseUrl: postgres.url, env, nodeArgs }));
    servers.push(await startServerProcess({ databaseUrl: postgres.url, env, nodeArgs }));
    const origin = servers[0]!.origin;
    for (let i = 0; i < USERS; i++) await signIn(origin, await createLauncherMember(origin, `Seller ${i + 1}`));

    const db = await createDb({ databaseUrl: postgres.url, dataDir: 'memory://', poolSize: 4 });
    const bus = createInProcessBus();
    const userIds = (await db.query<{ id: number }>('SELECT id FROM users ORDER BY id')).map((row) => row.id);
    if (userIds.length < USERS) throw new Error(`${userIds.length} users signed in of ${USERS}`);
    const perUser = BigInt(Math.ceil(SALES / USERS));
    for (const userId of userIds) {
      await inTransaction(db, bus, (tx) =>
        changeBalance(tx, {
          userId,
          account: 'balance_token',
          delta: perUser * TOKENS_PER_SALE,
          reason: 'sandbox_grant',
        }),
      );
    }

    // Held while the sales queue (as an operator's pause holds them), so the worker drains one full queue in
    // full batches: queueing 10 000 takes longer than paying them, and would be measured instead.
    await setPayoutsPaused({ db, bus }, true);
    const recipients = new Map<number, string>();
    const queuedAt = Date.now();
    for (let start = 0; start < SALES; start += QUEUE_PER_TRANSACTION) {
      await inTransaction(db, bus, async (tx) => {
        for (let i = start; i < Math.min(SALES, start + QUEUE_PER_TRANSACTION); i++) {
          const userId = userIds[i % userIds.length]!;
          const address = newRecipient();
          const row = await queueWithdrawal(tx, {
            userId,
            sourceAccount: 'balance_token',
            tokenAmount: TOKENS_PER_SALE,
            tonAmount: TON_PER_SALE,
            fee: 0n,
            address,
          });
          await changeBalance(tx, {
            userId,
            account: 'balance_token',
            delta: -TOKENS_PER_SALE,
            reason: 'withdrawal',
            refType: 'withdrawal',
            refId: row.id,
          });
          recipients.set(row.id, address);
        }
      });
    }
    console.log(`${kind}: ${SALES} sales queued in ${seconds(Date.now() - queuedAt)} s; paying…`);
    await setPayoutsPaused({ db, bus }, false);
    const releasedAt = Date.now();

    const deadline = Date.now() + TIMEOUT_S * 1000;
    let lastReport = 0;
    for (;;) {
      const [count] = await db.query<{ completed: number; failed: number; open: number }>(
        `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed,
                count(*) FILTER (WHERE status IN ('failed', 'refunded'))::int AS failed,
                count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS open
           FROM withdrawals`,
      );
      const { completed, failed, open } = count!;
      if (Date.now() - lastReport > 10_000) {
        console.log(`  ${seconds(Date.now() - releasedAt)} s: ${completed} paid, ${open} waiting, ${failed} failed`);
        lastReport = Date.now();
      }
      if (open === 0) {
        if (failed > 0) throw new Error(`${kind}: ${failed} sales failed`);
        break;
      }
      if (Date.now() > deadline) throw new Error(`${kind}: ${open} sales still waiting after ${TIMEOUT_S} s`);
      await sleep(250);
    }
    const lastPaidAt = Date.now();

    // Where a batch's round goes (created_at is its signing transaction's start, after the recipients' reads).
    const [round] = await db.query<{ batches: number; signed_sent: number; sent_confirmed: number; to_next: number }>(
      `WITH b AS (
         SELECT sent_at - created_at AS signed_sent, confirmed_at - sent_at AS sent_confirmed,
                lead(created_at) OVER (ORDER BY id) - confirmed_at AS to_next
           FROM payout_batches WHERE status = 'confirmed')
       SELECT count(*)::int AS batches,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM signed_sent)))::float AS signed_sent,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM sent_confirmed)))::float AS sent_confirmed,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM to_next)))::float AS to_next
         FROM b`,
    );
    const median = (value: number | null | undefined) => (value == null ? '–' : `${value.toFixed(2)} s`);
    console.log(
      `  ${round?.batches} batches; medians: signed → sent ${median(round?.signed_sent)}, sent → confirmed ${median(round?.sent_confirmed)}, confirmed → the next signed ${median(round?.to_next)}`,
    );

    // Exactly once: each recipient holds exactly what its one sale paid, and each balance is its ledger.
    const wrong: string[] = [];
    for (const [id, address] of recipients) {
      const account = await getAccount(db, Address.parse(address));
      if (account.balance !== TON_PER_SALE) wrong.push(`sale ${id}: ${account.balance} nanotons at ${address}`);
    }
    for (const userId of userIds) {
      const [row, sums] = await Promise.all([balances(db, userId), ledgerSums(db, userId)]);
      for (const account of ACCOUNTS)
        if (row?.[account] !== sums[account])
          wrong.push(`user ${userId}: ${account} ${row?.[account]} ≠ ledger ${sums[account]}`);
    }
    await db.close();
    if (wrong.length > 0) throw new Error(`${kind}: ${wrong.length} checks failed:\n${wrong.slice(0, 10).join('\n')}`);

    // From the release to the last payout: the first batch's whole round (sign, send, confirm) counts too.
    const paying = (lastPaidAt - releasedAt) / 1000;
    return { perSecond: SALES / Math.max(paying, 0.001), lastPaidS: paying };
  } finally {
    for (const server of servers) await server.stop();
    await postgres.stop();
  }
}

const results: Array<[HotWalletVersion, { perSecond: number; lastPaidS: number }]> = [];
for (const kind of KINDS) {
  const result = await benchKind(kind);
  console.log(
    `${kind}: ${SALES} payouts, the last paid ${result.lastPaidS.toFixed(1)} s after release; ${result.perSecond.toFixed(1)} per second; every sale paid once, every balance its ledger`,
  );
  results.push([kind, result]);
}
for (const [kind, { perSecond }] of results) console.log(`payouts per second: ${perSecond.toFixed(1)} (${kind})`);
