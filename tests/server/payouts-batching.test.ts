/**
 * A payout batch costs no node call or database statement per payout beyond what each payout needs
 * (docs/performance.md "Payouts"): signing reads each distinct recipient once, several at a time; confirming
 * a batch, and the dev chain running its transfer, take as many statements for 24 payouts as for 2.
 */
import { describe, expect, it } from 'vitest';
import { PAYOUT_RECIPIENT_READS } from '../../server/constants';
import type { Db, Queryable } from '../../server/db/index';
import type { Deps } from '../../server/deps';
import { sendBoc } from '../../server/sandbox/chain/service';
import { type PayoutNode, runPayoutStep } from '../../server/withdraw/worker';
import { TON } from './mint-kit';
import {
  client,
  ctx,
  drain,
  lossyNode,
  newHotWallet,
  newRecipient,
  queue,
  queueToNew,
  unixNow,
  user,
  usePayoutSuite,
  withdrawal,
  worker,
} from './payout-kit';

usePayoutSuite();

/** `db`, counting the statements run through it, in its transactions too. */
function countingDb(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const counted = (q: Queryable): Queryable => ({
    query: <T>(sql: string, params?: unknown[]) => {
      statements++;
      return q.query<T>(sql, params);
    },
    exec: (sql: string) => {
      statements++;
      return q.exec(sql);
    },
  });
  const wrapped: Db = {
    ...counted(db),
    tx: (fn) => db.tx((q) => fn(counted(q))),
    close: () => db.close(),
    kind: db.kind,
  };
  return { db: wrapped, statements: () => statements };
}

const tenth = TON / 10n;

describe('a batch of payouts', () => {
  it('is signed after reading each distinct recipient once, several at a time (at most PAYOUT_RECIPIENT_READS)', async () => {
    const hot = await newHotWallet(ctx, 100n * TON, 'v5r1');
    const twice = newRecipient();
    const rows = [];
    for (const to of [...Array.from({ length: 15 }, () => newRecipient()), twice, twice]) {
      rows.push(await queue(ctx, user.userId, tenth, to.text));
    }
    const reads: string[] = [];
    let open = 0;
    let most = 0;
    const counting: PayoutNode = {
      getContractState: async (address) => {
        reads.push(address.toRawString());
        most = Math.max(most, ++open);
        try {
          return await client.getContractState(address);
        } finally {
          open--;
        }
      },
      getTransactions: (address, options) => client.getTransactions(address, options),
      sendFile: (boc) => client.sendFile(boc),
      runMethod: (address, name, stack) => client.runMethod(address, name, stack),
    };
    const run = worker(ctx, hot.wallet, counting);
    expect((await runPayoutStep(run, unixNow())).kind).toBe('signed');
    const recipients = reads.filter((raw) => raw !== hot.wallet.address.toRawString());
    expect(recipients).toHaveLength(16);
    expect(new Set(recipients).size).toBe(16);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(PAYOUT_RECIPIENT_READS);

    expect(await drain(run)).toEqual(['sent', 'confirmed', 'idle']);
    for (const row of rows) expect((await withdrawal(ctx, row.id)).status).toBe('completed');
  });

  /** The statements the step that confirms a batch of `count` payouts runs. */
  async function confirming(count: number): Promise<number> {
    const hot = await newHotWallet(ctx, 100n * TON, 'v5r1');
    const { rows } = await queueToNew(ctx, user.userId, Array<bigint>(count).fill(tenth));
    const run = worker(ctx, hot.wallet, client);
    expect(await drain(run, { max: 2 })).toEqual(['signed', 'sent']);
    const counted = countingDb(ctx.db);
    expect(await runPayoutStep({ ...run, deps: { db: counted.db, bus: ctx.bus } }, unixNow())).toMatchObject({
      kind: 'confirmed',
      completed: rows.map((row) => row.id),
    });
    return counted.statements();
  }

  it('is confirmed (completed, published, its owners notified) in as many statements for 24 payouts as for 2', async () => {
    expect(await confirming(24)).toBe(await confirming(2));
  });

  /** The statements the dev chain runs for the transfer of a batch of `count` payouts. */
  async function running(count: number): Promise<number> {
    const hot = await newHotWallet(ctx, 100n * TON, 'v5r1');
    const { recipients } = await queueToNew(ctx, user.userId, Array<bigint>(count).fill(tenth));
    const lossy = lossyNode(client, () => true); // the worker's own send is lost: the chain runs it below
    expect(await drain(worker(ctx, hot.wallet, lossy.node), { max: 2 })).toEqual(['signed', 'sent']);
    const counted = countingDb(ctx.db);
    await sendBoc({ db: counted.db } as Pick<Deps, 'db'> as Deps, lossy.sent[0]!);
    const statements = counted.statements();
    expect(await drain(worker(ctx, hot.wallet, client))).toEqual(['confirmed', 'idle']);
    for (const to of recipients) expect((await client.getContractState(to.address)).balance).toBe(tenth);
    return statements;
  }

  it('is run on the dev chain (a transaction per recipient) in as many statements for 24 payouts as for 2', async () => {
    expect(await running(24)).toBe(await running(2));
  });
});
