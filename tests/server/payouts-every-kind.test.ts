/**
 * Exactly once, for every hot wallet kind (v4r2, v5r1, highload v3) on the dev chain's TVM with each
 * contract's real code: the payout worker's promises of tests/server/payouts.test.ts (where the seqno rules
 * are tested in depth on v4r2) run here for each kind — a worker killed at every step, a lost send, a node
 * stuck on an old state, a flood of incoming transfers, two workers, a bounce, a proven expiry (a seqno
 * wallet's by its seqno moving on, a highload wallet's by the chain's time).
 */
import { describe, expect, it, vi } from 'vitest';
import type { HotWalletVersion } from '../../server/config';
import { PAYOUT_EXPIRY_MARGIN_SECONDS, PAYOUT_VALID_FOR_SECONDS } from '../../server/constants';
import { BOUNCED_PAYOUT, createHotWallet, runPayoutStep } from '../../server/withdraw/worker';
import { TON, newUser } from './mint-kit';
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
  ownSeqnoTransfer,
  queue,
  refusingContract,
  sold,
  staleNode,
  unixNow,
  withdrawal,
  worker,
  forgetBounceCursor,
  queueToNew,
  usePayoutSuite,
} from './payout-kit';
import { expectPayoutsPaidOnce } from './race-kit';

const KINDS: HotWalletVersion[] = ['v4r2', 'v5r1', 'highload-v3'];

usePayoutSuite();

/** Past any seqno batch's valid_until and margin (a highload batch ignores the worker's clock). */
const expiry = PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;

describe.each(KINDS)('%s', (kind) => {
  const hotWallet = (funds?: bigint) => newHotWallet(ctx, funds, kind);

  it('pays 6 withdrawals in as few transfers as the kind carries, oldest first, each once', async () => {
    const hot = await hotWallet();
    const { recipients, rows } = await queueToNew(
      ctx,
      user.userId,
      [1n, 2n, 3n, 4n, 5n, 6n].map((n) => n * TON),
    );
    const transfer = ['signed', 'sent', 'confirmed'];
    expect(await drain(worker(ctx, hot.wallet, client))).toEqual(
      kind === 'v4r2' ? [...transfer, ...transfer, 'idle'] : [...transfer, 'idle'],
    );
    for (const [i, to] of recipients.entries()) expect(await balanceOf(client, to.address)).toBe(BigInt(i + 1) * TON);
    for (const row of rows) expect(await withdrawal(ctx, row.id)).toMatchObject({ status: 'completed' });
  }, 60_000); // the first run of the file loads the TVM

  describe('a worker killed at every step', () => {
    it('after signing: the restarted worker sends the stored message, not a new one', async () => {
      const hot = await hotWallet();
      const to = newRecipient();
      const w = await queue(ctx, user.userId, 2n * TON, to.text);
      expect((await runPayoutStep(worker(ctx, hot.wallet, client), unixNow())).kind).toBe('signed');
      const restarted = lossyNode(client, () => false);
      expect(await drain(worker(ctx, createHotWallet(hot.keys, 'testnet'), restarted.node))).toEqual([
        'sent',
        'confirmed',
        'idle',
      ]);
      expect(restarted.sent).toEqual([(await batchesOf(ctx, hot.wallet))[0]!.signed_boc]);
      expect(await balanceOf(client, to.address)).toBe(2n * TON);
      expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    });

    it('after the message reached the chain but before it was marked sent: found on chain, not sent again', async () => {
      const hot = await hotWallet();
      const to = newRecipient();
      const w = await queue(ctx, user.userId, 2n * TON, to.text);
      await runPayoutStep(worker(ctx, hot.wallet, client), unixNow());
      const [batch] = await batchesOf(ctx, hot.wallet);
      await client.sendFile(Buffer.from(batch!.signed_boc, 'base64'));
      const restarted = lossyNode(client, () => false);
      expect(await drain(worker(ctx, createHotWallet(hot.keys, 'testnet'), restarted.node))).toEqual([
        'confirmed',
        'idle',
      ]);
      expect(restarted.sent).toEqual([]);
      expect(await balanceOf(client, to.address)).toBe(2n * TON);
      expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    });

    it('after sending: the restarted worker confirms it; after confirming nothing more is paid and a replay is refused', async () => {
      const hot = await hotWallet();
      const to = newRecipient();
      const w = await queue(ctx, user.userId, TON, to.text);
      const first = worker(ctx, hot.wallet, client);
      await runPayoutStep(first, unixNow());
      expect((await runPayoutStep(first, unixNow())).kind).toBe('sent');
      expect(await drain(worker(ctx, createHotWallet(hot.keys, 'testnet'), client))).toEqual(['confirmed', 'idle']);
      expect(await drain(worker(ctx, createHotWallet(hot.keys, 'testnet'), client))).toEqual(['idle']);
      const [batch] = await batchesOf(ctx, hot.wallet);
      await expect(client.sendFile(Buffer.from(batch!.signed_boc, 'base64'))).rejects.toThrow();
      expect(await balanceOf(client, to.address)).toBe(TON);
      expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    });
  });

  it('a lost send: the very same message again, paid once', async () => {
    const hot = await hotWallet();
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const lossy = lossyNode(client, (attempt) => attempt === 1);
    expect(await drain(worker(ctx, hot.wallet, lossy.node))).toEqual(['signed', 'sent', 'sent', 'confirmed', 'idle']);
    expect(lossy.sent).toHaveLength(2);
    expect(lossy.sent[1]).toBe(lossy.sent[0]);
    expect(await batchesOf(ctx, hot.wallet)).toHaveLength(1);
    expect(await balanceOf(client, to.address)).toBe(TON);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
  });

  it('a node stuck on the state before the transfer applied: never signed again, confirmed once it catches up', async () => {
    const hot = await hotWallet();
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 2n * TON, to.text);
    const stale = staleNode(client, hot.wallet.address);
    const run = worker(ctx, hot.wallet, stale.node);
    const start = unixNow();
    expect((await runPayoutStep(run, start)).kind).toBe('signed');
    await stale.freeze();
    expect((await runPayoutStep(run, start)).kind).toBe('sent');
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
    for (let round = 1; round <= 3; round++) await drain(run, { now: () => start + round * expiry });
    const [batch] = await batchesOf(ctx, hot.wallet);
    if (kind === 'highload-v3') {
      expect(batch!.status).toMatch(/^(sent|signed)$/);
      expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'sending', batch_id: batch!.id });
    } else {
      // The seqno has not moved as far as the node says, long past valid_until: held with why, for a person.
      expect(batch).toMatchObject({ status: 'held', last_error: expect.stringMatching(/seqno/) });
      expect(await withdrawal(ctx, w.id)).toMatchObject({
        status: 'sending',
        batch_id: batch!.id,
        error: expect.any(String),
      });
    }
    expect(await batchesOf(ctx, hot.wallet)).toHaveLength(1);

    stale.thaw();
    await drain(run, { now: () => start + 4 * expiry });
    const batches = await batchesOf(ctx, hot.wallet);
    expect(batches.map((b) => b.status)).toEqual(['confirmed']);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', tx_hash: batches[0]!.tx_hash });
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
  });

  it('a flood of 150 incoming transfers after the payout: found however many follow it', async () => {
    const hot = await hotWallet();
    const { recipients, rows } = await queueToNew(ctx, user.userId, [TON, 2n * TON]);
    const run = worker(ctx, hot.wallet, client);
    const start = unixNow();
    expect((await runPayoutStep(run, start)).kind).toBe('signed');
    expect((await runPayoutStep(run, start)).kind).toBe('sent');
    for (let i = 0; i < 150; i++) await fund(ctx, hot.wallet.address, 1n);
    expect(await runPayoutStep(run, start + 1)).toMatchObject({ kind: 'confirmed', completed: rows.map((r) => r.id) });
    for (let round = 1; round <= 2; round++) await drain(run, { now: () => start + round * expiry });
    expect((await batchesOf(ctx, hot.wallet)).map((b) => b.status)).toEqual(['confirmed']);
    for (const [i, to] of recipients.entries()) expect(await balanceOf(client, to.address)).toBe(BigInt(i + 1) * TON);
  }, 120_000);

  it('two step loops at once pay each withdrawal once', async () => {
    await expectPayoutsPaidOnce([ctx], client, 2, undefined, kind);
  });

  it('a bounced payout is failed and its tokens returned once', async () => {
    const hot = await hotWallet();
    const shop = await refusingContract(ctx, client);
    const seller = await newUser(ctx);
    const w = await sold(ctx, seller.userId, 2n * TON, shop.text);
    const run = worker(ctx, hot.wallet, client);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'bounced', 'idle']);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'failed', error: BOUNCED_PAYOUT });
    await forgetBounceCursor(ctx, hot.wallet);
    expect(await drain(worker(ctx, createHotWallet(hot.keys, 'testnet'), client))).toEqual(['idle']);
    const refunds = await ctx.db.query(
      `SELECT 1 FROM ledger WHERE reason = 'withdrawal_refund' AND ref_type = 'withdrawal' AND ref_id = $1`,
      [String(w.id)],
    );
    expect(refunds).toHaveLength(1);
  });

  it('a lost transfer proven expired (by the seqno moving on, or by the chain’s time) is signed again and paid once', async () => {
    const hot = await hotWallet();
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 3n * TON, to.text);
    let lose = true;
    const lossy = lossyNode(client, () => lose);
    const run = worker(ctx, hot.wallet, lossy.node);
    const start = unixNow();
    expect(await drain(run, { max: 2, now: () => start })).toEqual(['signed', 'sent']);
    const [lost] = await batchesOf(ctx, hot.wallet);
    lose = false;
    if (kind === 'highload-v3') {
      const [row] = await ctx.db.query<{ valid_until: string }>(
        'SELECT valid_until::text FROM payout_batches WHERE id = $1',
        [lost!.id],
      );
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime((Number(row!.valid_until) + 1) * 1000);
    } else {
      await ownSeqnoTransfer(client, hot, newRecipient().address, TON); // takes the batch's seqno
    }
    expect(await drain(run, { now: () => unixNow() + expiry })).toEqual([
      'expired',
      'signed',
      'sent',
      'confirmed',
      'idle',
    ]);
    expect((await batchesOf(ctx, hot.wallet)).map((b) => b.status)).toEqual(['expired', 'confirmed']);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    await expect(client.sendFile(Buffer.from(lost!.signed_boc, 'base64'))).rejects.toThrow();
    expect(await balanceOf(client, to.address)).toBe(3n * TON);
  });
});
