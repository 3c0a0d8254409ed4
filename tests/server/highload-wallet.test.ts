/**
 * Highload wallet v3 as the hot wallet (server/withdraw/worker/highload-v3.ts and the worker's highload
 * steps), on the dev chain's TVM with the contract's published code: the code is the one its hash names;
 * the query id and created_at are stored before anything is sent; the identical external is sent again until
 * the wallet reports it processed; a replay is refused by the contract; a batch is paid only when the
 * transaction of its internal_transfer is read; expiry is proven by the chain's time, never by the clock
 * of the worker alone.
 */
import { Cell, loadMessage } from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutNode } from '../../server/withdraw/worker';
import {
  HIGHLOAD_QUERY_IDS,
  HIGHLOAD_TIMEOUT_SECONDS,
  HIGHLOAD_V3_CODE_HASH,
  checkedCode,
  highloadQueryId,
  highloadV3Code,
} from '../../server/withdraw/worker/highload-v3';
import { TON } from './mint-kit';
import {
  balanceOf,
  client,
  ctx,
  user,
  batchesOf,
  drain,
  fund,
  lossyNode,
  newHotWallet,
  newRecipient,
  queue,
  unixNow,
  withdrawal,
  worker,
  queueToNew,
  usePayoutSuite,
} from './payout-kit';
import { runPayoutStep } from '../../server/withdraw/worker';
import { BATCH_HIGHLOAD } from '../../server/withdraw/service';

usePayoutSuite();

const batchRow = async (id: number) =>
  (
    await ctx.db.query<{
      query_id: string | null;
      message_created_at: string | null;
      valid_until: string;
      seqno: string;
    }>(
      'SELECT query_id::text, message_created_at::text, valid_until::text, seqno::text FROM payout_batches WHERE id = $1',
      [id],
    )
  )[0]!;

const queryIdOf = (boc: string): bigint => {
  const message = loadMessage(Cell.fromBase64(boc).beginParse());
  const inner = message.body.beginParse().loadRef().beginParse();
  inner.skip(32);
  inner.loadRef();
  inner.skip(8);
  return inner.loadUintBig(23);
};

describe('the highload wallet v3 code', () => {
  it('is the published contract: its hash is recomputed here, and a changed code is refused', () => {
    expect(highloadV3Code().hash().toString('hex')).toBe(HIGHLOAD_V3_CODE_HASH);
    expect(HIGHLOAD_V3_CODE_HASH).toBe('11acad7955844090f283bf238bc1449871f783e7cc0979408d3f4859483e8525');
    const other = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32) }).init.code;
    expect(() => checkedCode(other.toBoc().toString('hex'), HIGHLOAD_V3_CODE_HASH)).toThrow(/does not hash to/);
  });

  it('query ids: shift and bit number as HighloadQueryId.fromSeqno maps them, never the emergency one', () => {
    expect(highloadQueryId(0n)).toBe(0n);
    expect(highloadQueryId(1022n)).toBe(1022n);
    expect(highloadQueryId(1023n)).toBe(1n << 10n);
    expect(highloadQueryId(BigInt(HIGHLOAD_QUERY_IDS) - 1n)).toBe((8191n << 10n) + 1021n);
    expect(highloadQueryId(BigInt(HIGHLOAD_QUERY_IDS))).toBe(0n);
  });
});

describe('paying from a highload wallet v3', () => {
  it('stores query id and created_at before sending, deploys with the first batch and pays 6 withdrawals in one internal_transfer, once', async () => {
    const hot = await newHotWallet(ctx, 100n * TON, 'highload-v3');
    const { recipients, rows } = await queueToNew(
      ctx,
      user.userId,
      [1n, 2n, 3n, 4n, 5n, 6n].map((n) => n * TON),
    );
    const { node, sent } = lossyNode(client, () => false);
    const w = worker(ctx, hot.wallet, node);

    const [signed] = await drain(w, { max: 1 });
    expect(signed).toBe('signed');
    const [batch] = await batchesOf(ctx, hot.wallet);
    const stored = await batchRow(batch!.id);
    expect(sent).toHaveLength(0);
    expect(stored.query_id).toBe('0');
    expect(Number(stored.valid_until) - Number(stored.message_created_at)).toBe(HIGHLOAD_TIMEOUT_SECONDS);
    expect(queryIdOf(batch!.signed_boc)).toBe(0n);

    expect(await drain(w)).toEqual(['sent', 'confirmed', 'idle']);
    for (const [i, to] of recipients.entries()) expect(await balanceOf(client, to.address)).toBe(BigInt(i + 1) * TON);
    for (const row of rows) expect(await withdrawal(ctx, row.id)).toMatchObject({ status: 'completed' });
    // The batch's transaction is its internal_transfer's, which carries the payouts (not the external's).
    const [done] = await batchesOf(ctx, hot.wallet);
    expect(done).toMatchObject({ status: 'confirmed' });
    const history = await client.getTransactions(hot.wallet.address, { limit: 5 });
    const paying = history.find((t) => t.hash().toString('base64') === done!.tx_hash)!;
    expect(paying.inMessage?.info.type).toBe('internal');
    expect(paying.outMessagesCount).toBe(6);
    expect((await withdrawal(ctx, rows[0]!.id)).tx_hash).toBe(done!.tx_hash);

    // The next batch takes the next query id.
    const next = newRecipient();
    await queue(ctx, user.userId, TON, next.text);
    expect(await drain(w)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    const [, second] = await batchesOf(ctx, hot.wallet);
    expect((await batchRow(second!.id)).query_id).toBe('1');
    expect(await balanceOf(client, next.address)).toBe(TON);

    // A replay of a processed external is refused by the contract itself (already executed).
    await expect(client.sendFile(Buffer.from(batch!.signed_boc, 'base64'))).rejects.toThrow();
    expect(await balanceOf(client, recipients[0]!.address)).toBe(TON);
  });

  it('sends the identical external again until the wallet reports it processed, then only waits for it', async () => {
    const hot = await newHotWallet(ctx, 100n * TON, 'highload-v3');
    const to = newRecipient();
    const w0 = await queue(ctx, user.userId, 2n * TON, to.text);
    const { node, sent } = lossyNode(client, (attempt) => attempt <= 3);
    const w = worker(ctx, hot.wallet, node);
    const kinds = await drain(w, { max: 12 });
    expect(kinds).toEqual(['signed', 'sent', 'sent', 'sent', 'sent', 'confirmed', 'idle']);
    expect(new Set(sent).size).toBe(1);
    expect(sent).toHaveLength(4);
    expect(await withdrawal(ctx, w0.id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
  });

  it('a batch the wallet processed is not paid until its internal_transfer is read: a node whose history lags waits', async () => {
    const hot = await newHotWallet(ctx, 100n * TON, 'highload-v3');
    const to = newRecipient();
    const w0 = await queue(ctx, user.userId, TON, to.text);
    let hideNewer: bigint | null = null;
    const lagging: PayoutNode = {
      getContractState: async (address) => {
        const state = await client.getContractState(address);
        if (hideNewer === null || !address.equals(hot.wallet.address)) return state;
        return { ...state, lastTransaction: null };
      },
      getTransactions: (address, options) => client.getTransactions(address, options),
      sendFile: (boc) => client.sendFile(boc),
      runMethod: (address, name, stack) => client.runMethod(address, name, stack),
    };
    const w = worker(ctx, hot.wallet, lagging);
    expect(await drain(w, { max: 2 })).toEqual(['signed', 'sent']);
    hideNewer = 0n; // the state read shows no transaction: the batch's is not read
    const [waiting] = await drain(w, { max: 1 });
    expect(waiting).toBe('waiting');
    expect(await withdrawal(ctx, w0.id)).toMatchObject({ status: 'sending' });
    hideNewer = null;
    expect(await drain(w)).toEqual(['confirmed', 'idle']);
    expect(await balanceOf(client, to.address)).toBe(TON);
  });

  it('expiry is proven by the chain’s time: lost until created_at + timeout, then queued again with a new query id and paid once; the old external is refused', async () => {
    const hot = await newHotWallet(ctx, 100n * TON, 'highload-v3');
    const to = newRecipient();
    const w0 = await queue(ctx, user.userId, 3n * TON, to.text);
    let lose = true;
    const { node } = lossyNode(client, () => lose);
    const w = worker(ctx, hot.wallet, node);
    expect(await drain(w, { max: 3 })).toEqual(['signed', 'sent', 'sent']);
    const [lost] = await batchesOf(ctx, hot.wallet);
    const { valid_until } = await batchRow(lost!.id);

    // The worker's own clock past the deadline proves nothing: the chain's time (the node's) must pass it.
    const [early] = await drain(w, { max: 1, now: () => Number(valid_until) + 10_000 });
    expect(early).not.toBe('expired');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Number(valid_until) + 1) * 1000);
    lose = false;
    expect(await drain(w)).toEqual(['expired', 'signed', 'sent', 'confirmed', 'idle']);
    const batches = await batchesOf(ctx, hot.wallet);
    expect(batches.map((b) => b.status)).toEqual(['expired', 'confirmed']);
    expect((await batchRow(batches[1]!.id)).query_id).toBe('1');
    expect(await withdrawal(ctx, w0.id)).toMatchObject({ status: 'completed', batch_id: batches[1]!.id });
    expect(await balanceOf(client, to.address)).toBe(3n * TON);
    await expect(client.sendFile(Buffer.from(lost!.signed_boc, 'base64'))).rejects.toThrow();
    expect(await balanceOf(client, to.address)).toBe(3n * TON);
  });

  it('past the deadline with a history that cannot be read in full: held, never expired, refused a re-sign (409); released by the full read', async () => {
    const hot = await newHotWallet(ctx, 100n * TON, 'highload-v3');
    const to = newRecipient();
    const w0 = await queue(ctx, user.userId, TON, to.text);
    const lossy = lossyNode(client, () => true);
    const run = { ...worker(ctx, hot.wallet, lossy.node), historyPages: { pageSize: 2, maxPages: 1 } };
    expect(await drain(run, { max: 2 })).toEqual(['signed', 'sent']);
    for (let i = 0; i < 4; i++) await fund(ctx, hot.wallet.address, 1n);
    const [batch] = await batchesOf(ctx, hot.wallet);
    const { valid_until } = await batchRow(batch!.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Number(valid_until) + 1) * 1000);
    expect(await runPayoutStep(run, unixNow())).toMatchObject({
      kind: 'held',
      reason: expect.stringMatching(/could be read/),
    });
    expect(await withdrawal(ctx, w0.id)).toMatchObject({ status: 'sending' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/held/${batch!.id}/resign`,
      headers: { authorization: `Bearer ${ctx.config.adminToken}` },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'conflict', msg: BATCH_HIGHLOAD });
    expect(await drain(worker(ctx, hot.wallet, client))).toEqual(['expired', 'signed', 'sent', 'confirmed', 'idle']);
    expect(await balanceOf(client, to.address)).toBe(TON);
  });
});
