/**
 * `npm run soak:sales` — a write soak of the sale path (docs/performance.md "Payouts"): a fresh Postgres, two
 * sandbox server processes on it, `--users` members each proving a wallet of their own with ton_proof, then
 * every member selling over HTTP as fast as the answers come for `--seconds`, alternating between the two
 * processes, while the payout worker pays. The money-moving rate limits are lifted for the run (a flood, not
 * a user). Afterwards, once nothing is queued or sending: each wallet received exactly one payment per
 * completed sale and their sum (its balance is that less the storage fees the chain charged), no outgoing
 * message pays two sales, and every user's balances equal their ledger. Prints the answers by status, the
 * drain time after the selling stopped and the checks; exits 1 when a check fails. Not part of `npm test`.
 * Arguments: --users 50 --seconds 60
 */
import { randomBytes } from 'node:crypto';
import { Address, beginCell, storeStateInit } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { createDb } from '../server/db/index';
import { createInProcessBus } from '../server/events/bus';
import { inTransaction } from '../server/events/transaction';
import { changeBalance } from '../server/ledger/service';
import { ACCOUNTS, balances, ledgerSums } from '../server/ledger/queries';
import { getAccount } from '../server/sandbox/chain/reads';
import { signTonProof } from '../server/sandbox/wallet/ton-proof';
import { startPostgres } from '../tests/server/support/postgres-server';
import { type ServerProcess, createLauncherMember, flag, signIn, startServerProcess } from './bench-kit';

const USERS = Number(flag('users', '50'));
const SECONDS = Number(flag('seconds', '60'));
const sleep = (ms: number) => new Promise((d) => setTimeout(d, ms));

const postgres = await startPostgres();
const servers: ServerProcess[] = [];
try {
  // One after the other: the first migrates, the second finds the schema ready. A flood, not a user: the
  // money-moving limits are lifted, and the price ticks every second (each sale is quoted at the price then).
  const env = { PRICE_TICK_MS: '1000', RATE_LIMIT_MONEY_PER_IP: '1000000', RATE_LIMIT_MONEY_PER_USER: '1000000' };
  for (let i = 0; i < 2; i++) servers.push(await startServerProcess({ databaseUrl: postgres.url, env }));
  const db = await createDb({ databaseUrl: postgres.url, dataDir: 'memory://', poolSize: 4 });
  const bus = createInProcessBus();
  const users: { token: string; wallet: Address; userId: number }[] = [];
  for (let i = 0; i < USERS; i++) {
    const origin = servers[0]!.origin;
    const token = await signIn(origin, await createLauncherMember(origin, `Soak ${i + 1}`));
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { payload } = (await (await fetch(`${origin}/api/wallet/ton-proof/payload`, { headers })).json()) as {
      payload: string;
    };
    const keys = keyPairFromSeed(randomBytes(32));
    const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
    const proof = signTonProof({
      address: contract.address,
      secretKey: keys.secretKey,
      domain: new URL(origin).host,
      payload,
    });
    const stateInit = beginCell().store(storeStateInit(contract.init)).endCell().toBoc().toString('base64');
    const res = await fetch(`${origin}/api/wallet/ton-proof`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        address: contract.address.toRawString(),
        network: '-3',
        public_key: keys.publicKey.toString('hex'),
        proof: { ...proof, state_init: stateInit },
      }),
    });
    if (res.status !== 200) throw new Error(`proof ${res.status} ${await res.text()}`);
    const me = (await (await fetch(`${origin}/api/user/me`, { headers })).json()) as { id: number };
    await inTransaction(db, bus, (tx) =>
      changeBalance(tx, {
        userId: me.id,
        account: 'balance_token',
        delta: 10n ** 9n * 100_000n,
        reason: 'sandbox_grant',
      }),
    );
    users.push({ token, wallet: contract.address, userId: me.id });
  }
  console.log(`${USERS} users with proved wallets; selling for ${SECONDS} s on two processes…`);
  const until = Date.now() + SECONDS * 1000;
  const statuses = new Map<number, number>();
  let n = 0;
  await Promise.all(
    users.map(async (u, i) => {
      while (Date.now() < until) {
        const origin = servers[(n++ + i) % 2]!.origin;
        const res = await fetch(`${origin}/api/withdraw/create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            token_amount: '50',
            address: u.wallet.toString({ urlSafe: true, bounceable: false, testOnly: true }),
          }),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) console.log('5xx', await res.text());
        else await res.arrayBuffer();
      }
    }),
  );
  console.log('answers:', Object.fromEntries(statuses));
  const drainStart = Date.now();
  for (;;) {
    const [c] = await db.query<{ open: number; done: number; bad: number }>(
      `SELECT count(*) FILTER (WHERE status IN ('queued','sending'))::int AS open, count(*) FILTER (WHERE status='completed')::int AS done, count(*) FILTER (WHERE status IN ('failed','refunded'))::int AS bad FROM withdrawals`,
    );
    if (c!.open === 0) {
      console.log(
        `drained in ${((Date.now() - drainStart) / 1000).toFixed(1)} s: ${c!.done} completed, ${c!.bad} failed/refunded`,
      );
      break;
    }
    if (Date.now() - drainStart > 1_800_000) throw new Error(`still ${c!.open} open`);
    await sleep(1000);
  }
  const wrong: string[] = [];
  let totalFees = 0n;
  for (const u of users) {
    const [paid] = await db.query<{ sum: string; n: number }>(
      `SELECT coalesce(sum(ton_amount),0)::text AS sum, count(*)::int AS n FROM withdrawals WHERE user_id = $1 AND status='completed'`,
      [u.userId],
    );
    const account = await getAccount(db, u.wallet);
    const [chain] = await db.query<{ n: number; sum: string; fees: string }>(
      `SELECT count(*)::int AS n, coalesce(sum((in_msg->>'value')::numeric),0)::text AS sum, coalesce(sum(fee),0)::text AS fees FROM chain_transactions WHERE account = $1`,
      [u.wallet.toRawString()],
    );
    if (chain!.n !== paid!.n || chain!.sum !== paid!.sum)
      wrong.push(`user ${u.userId}: chain got ${chain!.n} payments, ${chain!.sum} ≠ ${paid!.n} sales, ${paid!.sum}`);
    if (account.balance !== BigInt(paid!.sum) - BigInt(chain!.fees))
      wrong.push(`user ${u.userId}: balance ${account.balance} ≠ paid ${paid!.sum} − storage fees ${chain!.fees}`);
    totalFees += BigInt(chain!.fees);
    const [row, sums] = await Promise.all([balances(db, u.userId), ledgerSums(db, u.userId)]);
    for (const a of ACCOUNTS)
      if (row?.[a] !== sums[a]) wrong.push(`user ${u.userId}: ${a} ${row?.[a]} ≠ ledger ${sums[a]}`);
  }
  const [tx] = await db.query<{ dup: number }>(
    `SELECT count(*)::int AS dup FROM (SELECT out_msg_hash FROM withdrawals WHERE out_msg_hash IS NOT NULL GROUP BY out_msg_hash HAVING count(*) > 1) d`,
  );
  console.log(`storage fees the recipients paid on the chain: ${totalFees} nanotons in all`);
  console.log(`duplicate outgoing messages: ${tx!.dup}`);
  await db.close();
  if (wrong.length > 0) {
    console.error(`${wrong.length} checks failed:\n${wrong.slice(0, 20).join('\n')}`);
    process.exitCode = 1;
  } else console.log('every sale paid once, every chain balance = its payouts, every balance = its ledger');
} finally {
  for (const s of servers) await s.stop();
  await postgres.stop();
}
