/**
 * The payout worker (server/withdraw/payouts.ts) against the dev chain, driven by @ton/ton's TonClient
 * unchanged over the app's JSON-RPC route: every withdrawal paid exactly once, whichever step the worker
 * dies after, whatever the network loses, and however often it runs.
 */
import { Cell, loadMessage } from '@ton/core';
import type { TonClient } from '@ton/ton';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_EXPIRY_MARGIN_SECONDS, PAYOUT_MAX_SEND_ATTEMPTS, PAYOUT_VALID_FOR_SECONDS } from '../../server/constants';
import { inTransaction } from '../../server/events/transaction';
import { createBackgroundJobs } from '../../server/jobs';
import { ValidationError } from '../../server/lib/errors';
import { createHotWallet, normalizedMessageHash } from '../../server/withdraw/payouts';
import { confirmBatch, expireBatch, insertBatch } from '../../server/withdraw/queries';
import { queueWithdrawal, runPayoutStep } from '../../server/withdraw/service';
import { mnemonicNew, mnemonicToPrivateKey } from '@ton/crypto';
import { buildApp } from '../../server/app';
import { createTestContext, sandboxConfig, type TestContext } from './helpers';
import { TON, TOKEN, newUser, type TestUser } from './mint-kit';
import {
  balanceOf,
  batchesOf,
  chainClient,
  drain,
  fund,
  lossyNode,
  newHotWallet,
  newRecipient,
  ownTransfer,
  queue,
  quiet,
  unixNow,
  withdrawal,
  worker,
} from './payout-kit';
import { expectPayoutsPaidOnce } from './race-kit';

let ctx: TestContext;
let client: TonClient;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  client = await chainClient(ctx);
  user = await newUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('queueWithdrawal', () => {
  it('stores a queued withdrawal with the address in its friendly form, flags kept', async () => {
    const to = newRecipient();
    const row = await queue(ctx, user.userId, 2n * TON, to.address.toRawString());
    expect(row).toMatchObject({ status: 'queued', ton_amount: 2n * TON, token_amount: 10n * TOKEN, batch_id: null, tx_hash: null });
    expect(row.address).toBe(to.address.toString({ urlSafe: true, bounceable: true }));
    const again = await queue(ctx, user.userId, TON, to.text);
    expect(again.address).toBe(to.text);
    await ctx.db.query(`UPDATE withdrawals SET status = 'refunded' WHERE id = ANY($1::int[])`, [[row.id, again.id]]);
  });

  it('refuses a bad address, a masterchain address and amounts that are not positive (422), writing nothing', async () => {
    const [before] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM withdrawals');
    const to = newRecipient();
    const bad = [
      { address: 'not an address', tonAmount: TON },
      { address: `-1:${to.address.hash.toString('hex')}`, tonAmount: TON },
      { address: to.text, tonAmount: 0n },
      { address: to.text, tonAmount: -TON },
    ];
    for (const input of bad) {
      await expect(
        inTransaction(ctx.db, ctx.bus, (tx) =>
          queueWithdrawal(tx, { userId: user.userId, sourceAccount: 'balance_token', tokenAmount: TOKEN, fee: 0n, ...input }),
        ),
      ).rejects.toBeInstanceOf(ValidationError);
    }
    const [after] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM withdrawals');
    expect(after?.n).toBe(before?.n);
  });
});

describe('paying', () => {
  it('pays one withdrawal exactly once: signed and stored, sent, confirmed by its transaction; the recipient gets exactly ton_amount', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 3n * TON + 123n, to.text);
    const run = worker(ctx, hot.wallet, client);

    const signed = await runPayoutStep(run, unixNow());
    expect(signed).toMatchObject({ kind: 'signed', seqno: 0, withdrawals: [w.id] });
    // stored before anything was sent: the BOC, its normalized hash, and the withdrawal in the batch
    const [batch] = await batchesOf(ctx, hot.wallet);
    expect(batch).toMatchObject({ status: 'signed', seqno: 0n, attempts: 0 });
    expect(normalizedMessageHash(loadMessage(Cell.fromBase64(batch!.signed_boc).beginParse()))).toBe(batch!.message_hash);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'sending', batch_id: batch!.id });
    expect(await balanceOf(client, to.address)).toBe(0n);

    expect(await runPayoutStep(run, unixNow())).toMatchObject({ kind: 'sent' });
    const confirmed = await runPayoutStep(run, unixNow());
    expect(confirmed).toMatchObject({ kind: 'confirmed', completed: [w.id], failed: [] });
    expect(await runPayoutStep(run, unixNow())).toEqual({ kind: 'idle' });

    expect(await balanceOf(client, to.address)).toBe(3n * TON + 123n);
    const [tx] = await client.getTransactions(hot.wallet.address, { limit: 1 });
    const txHash = tx!.hash().toString('base64');
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', tx_hash: txHash, error: null });
    expect((await batchesOf(ctx, hot.wallet))[0]).toMatchObject({ status: 'confirmed', tx_hash: txHash });
    // the hot wallet's first transfer deployed it; the uninitialised recipient got a non-bounceable message
    expect((await client.getContractState(hot.wallet.address)).state).toBe('active');
    const out = [...tx!.outMessages.values()];
    expect(out).toHaveLength(1);
    expect(out[0]!.info).toMatchObject({ type: 'internal', bounce: false, value: { coins: 3n * TON + 123n } });
  });

  it('sends a bounceable message to a recipient wallet that is already active', async () => {
    const hot = await newHotWallet(ctx);
    const other = await newHotWallet(ctx, 5n * TON);
    await ownTransfer(client, other.keys.keyPair, newRecipient().address, TON); // deploys it
    const w = await queue(ctx, user.userId, TON, other.wallet.address.toString({ bounceable: false }));
    await drain(worker(ctx, hot.wallet, client));
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    const [tx] = await client.getTransactions(hot.wallet.address, { limit: 1 });
    expect([...tx!.outMessages.values()][0]!.info).toMatchObject({ bounce: true });
  });

  it('puts 6 withdrawals in 2 transfers (4 + 2), oldest first, each paid once', async () => {
    const hot = await newHotWallet(ctx);
    const recipients = Array.from({ length: 6 }, () => newRecipient());
    const rows = [];
    for (const [i, to] of recipients.entries()) rows.push(await queue(ctx, user.userId, BigInt(i + 1) * TON, to.text));
    const kinds = await drain(worker(ctx, hot.wallet, client));
    expect(kinds).toEqual(['signed', 'sent', 'confirmed', 'signed', 'sent', 'confirmed', 'idle']);

    const batches = await batchesOf(ctx, hot.wallet);
    expect(batches.map((b) => [b.status, b.seqno])).toEqual([
      ['confirmed', 0n],
      ['confirmed', 1n],
    ]);
    const paid = await Promise.all(rows.map((row) => withdrawal(ctx, row.id)));
    expect(paid.map((w) => w.tx_hash)).toEqual([...Array(4).fill(batches[0]!.tx_hash), ...Array(2).fill(batches[1]!.tx_hash)]);
    for (const [i, to] of recipients.entries()) expect(await balanceOf(client, to.address)).toBe(BigInt(i + 1) * TON);
  });
});

describe('a worker killed at every step pays each withdrawal exactly once when restarted', () => {
  it('after signing (nothing sent): the restarted worker sends the stored message, not a new one', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 2n * TON, to.text);
    expect((await runPayoutStep(worker(ctx, hot.wallet, client), unixNow())).kind).toBe('signed');
    // killed here; a new process with its own wallet object from the same keys
    const restarted = lossyNode(client, () => false);
    const kinds = await drain(worker(ctx, createHotWallet(hot.keys), restarted.node));
    expect(kinds).toEqual(['sent', 'confirmed', 'idle']);
    expect(restarted.sent).toEqual([(await batchesOf(ctx, hot.wallet))[0]!.signed_boc]);
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
  });

  it('after the message reached the chain but before it was marked sent: found on chain, not sent again', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 2n * TON, to.text);
    await runPayoutStep(worker(ctx, hot.wallet, client), unixNow());
    const [batch] = await batchesOf(ctx, hot.wallet);
    await client.sendFile(Buffer.from(batch!.signed_boc, 'base64')); // sent, then killed before recording it
    const restarted = lossyNode(client, () => false);
    expect(await drain(worker(ctx, createHotWallet(hot.keys), restarted.node))).toEqual(['confirmed', 'idle']);
    expect(restarted.sent).toEqual([]);
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
  });

  it('after sending: the restarted worker confirms it', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const first = worker(ctx, hot.wallet, client);
    await runPayoutStep(first, unixNow());
    expect((await runPayoutStep(first, unixNow())).kind).toBe('sent');
    expect(await drain(worker(ctx, createHotWallet(hot.keys), client))).toEqual(['confirmed', 'idle']);
    expect(await balanceOf(client, to.address)).toBe(TON);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
  });

  it('after confirming: nothing more is paid, and the old message is refused by the chain', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    await queue(ctx, user.userId, TON, to.text);
    await drain(worker(ctx, hot.wallet, client));
    expect(await drain(worker(ctx, createHotWallet(hot.keys), client))).toEqual(['idle']);
    const [batch] = await batchesOf(ctx, hot.wallet);
    await expect(client.sendFile(Buffer.from(batch!.signed_boc, 'base64'))).rejects.toThrow();
    expect(await balanceOf(client, to.address)).toBe(TON);
  });
});

describe('lost and refused messages', () => {
  it('resends the very same message while it is valid when the first send was lost', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const lossy = lossyNode(client, (attempt) => attempt === 1);
    const kinds = await drain(worker(ctx, hot.wallet, lossy.node));
    expect(kinds).toEqual(['signed', 'sent', 'sent', 'confirmed', 'idle']);
    expect(lossy.sent).toHaveLength(2);
    expect(lossy.sent[1]).toBe(lossy.sent[0]);
    expect(await batchesOf(ctx, hot.wallet)).toHaveLength(1);
    expect(await balanceOf(client, to.address)).toBe(TON);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
  });

  it('after valid_until (plus the margin) with nothing on chain, signs again; the lost message can never pay twice', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 2n * TON, to.text);
    const lossy = lossyNode(client, () => true); // the network loses everything
    const start = unixNow();
    const run = worker(ctx, hot.wallet, lossy.node);
    expect((await runPayoutStep(run, start)).kind).toBe('signed');
    expect((await runPayoutStep(run, start)).kind).toBe('sent');
    // past valid_until but within the margin: still waiting
    expect((await runPayoutStep(run, start + PAYOUT_VALID_FOR_SECONDS + 1)).kind).toBe('waiting');
    const later = start + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    const expired = await runPayoutStep(run, later);
    expect(expired).toMatchObject({ kind: 'expired', requeued: [w.id] });
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'queued', batch_id: null });

    // the network is back; re-signed with the wallet's current seqno (nothing used it: the same one)
    expect(await drain(worker(ctx, hot.wallet, client), { now: () => later })).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    const batches = await batchesOf(ctx, hot.wallet);
    expect(batches.map((b) => [b.status, b.seqno])).toEqual([
      ['expired', 0n],
      ['confirmed', 0n],
    ]);
    expect(batches[1]!.signed_boc).not.toBe(batches[0]!.signed_boc);
    // the lost message turning up late is refused (its seqno is taken)
    await expect(client.sendFile(Buffer.from(batches[0]!.signed_boc, 'base64'))).rejects.toMatchObject({
      response: { data: { error: expect.stringMatching(/seqno|already applied/) } },
    });
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
  });

  it('when another transfer took the seqno, waits for valid_until, then re-signs with a new seqno and pays once', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const lossy = lossyNode(client, () => true);
    const start = unixNow();
    const run = worker(ctx, hot.wallet, lossy.node);
    await runPayoutStep(run, start);
    await runPayoutStep(run, start);
    await ownTransfer(client, hot.keys.keyPair, newRecipient().address, TON); // seqno 0 used by something else
    const waiting = await runPayoutStep(run, start + 10);
    expect(waiting).toMatchObject({ kind: 'waiting' });
    expect((await batchesOf(ctx, hot.wallet))[0]!.last_error).toMatch(/seqno moved past 0/);
    const later = start + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    expect(await runPayoutStep(run, later)).toMatchObject({ kind: 'expired', requeued: [w.id] });
    expect(await drain(worker(ctx, hot.wallet, client), { now: () => later })).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect((await batchesOf(ctx, hot.wallet)).map((b) => [b.status, b.seqno])).toEqual([
      ['expired', 0n],
      ['confirmed', 1n],
    ]);
    expect(await balanceOf(client, to.address)).toBe(TON);
  });

  it('a message the chain refuses is retried, then reported; after it expires it is signed again and paid once', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    // This server's clock runs 1000 s behind the chain's: what it signs has expired on chain already.
    const skewed = unixNow() - 1000;
    const run = worker(ctx, hot.wallet, client);
    expect((await runPayoutStep(run, skewed)).kind).toBe('signed');
    for (let attempt = 1; attempt <= PAYOUT_MAX_SEND_ATTEMPTS; attempt++) {
      expect(await runPayoutStep(run, skewed + attempt)).toMatchObject({ kind: 'send_failed', attempts: attempt });
    }
    expect(await runPayoutStep(run, skewed + 10)).toMatchObject({ kind: 'waiting' });
    const [batch] = await batchesOf(ctx, hot.wallet);
    expect(batch).toMatchObject({ status: 'signed', attempts: PAYOUT_MAX_SEND_ATTEMPTS });
    expect(batch!.last_error).toMatch(/^The node refused the transfer: .*expired at/);
    // reported on the withdrawal too, which is not lost
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'sending', error: expect.stringMatching(/refused/) });

    const later = skewed + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    expect(await runPayoutStep(run, later)).toMatchObject({ kind: 'expired', requeued: [w.id] });
    // the clock fixed: signed again, paid once
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect(await balanceOf(client, to.address)).toBe(TON);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', error: null });
  });
});

describe('an empty hot wallet', () => {
  it('leaves withdrawals waiting in the queue with the reason, signs nothing, and pays them once it is funded', async () => {
    const hot = await newHotWallet(ctx, 0n);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 5n * TON, to.text);
    const run = worker(ctx, hot.wallet, client);
    const result = await runPayoutStep(run, unixNow());
    expect(result).toMatchObject({ kind: 'insufficient_balance', balance: 0n, withdrawals: [w.id] });
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'queued', error: expect.stringMatching(/hot wallet holds 0/) });
    expect(await batchesOf(ctx, hot.wallet)).toEqual([]);

    // topped up with less than it needs: a smaller one behind it still waits (first come, first paid)
    await fund(ctx, hot.wallet.address, 2n * TON);
    expect((await runPayoutStep(run, unixNow())).kind).toBe('insufficient_balance');
    await fund(ctx, hot.wallet.address, 10n * TON);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect(await balanceOf(client, to.address)).toBe(5n * TON);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', error: null });
  });

  it('a batch takes only the oldest withdrawals the balance pays; the rest follow when it can', async () => {
    const hot = await newHotWallet(ctx, 3n * TON + TON / 2n);
    const [a, b] = [newRecipient(), newRecipient()];
    const first = await queue(ctx, user.userId, 2n * TON, a.text);
    const second = await queue(ctx, user.userId, 2n * TON, b.text);
    const run = worker(ctx, hot.wallet, client);
    expect(await runPayoutStep(run, unixNow())).toMatchObject({ kind: 'signed', withdrawals: [first.id] });
    await drain(run);
    expect((await withdrawal(ctx, second.id)).status).toBe('queued');
    await fund(ctx, hot.wallet.address, 5n * TON);
    await drain(run);
    expect(await balanceOf(client, a.address)).toBe(2n * TON);
    expect(await balanceOf(client, b.address)).toBe(2n * TON);
  });
});

describe('several workers', () => {
  it('the database refuses a second open batch per wallet, and a batch for a seqno a live batch used', async () => {
    const hot = await newHotWallet(ctx, 0n);
    const walletAddress = hot.wallet.address.toRawString();
    const batch = (seqno: number, tag: string) => ({ walletAddress, seqno, validUntil: unixNow(), signedBoc: tag, messageHash: `hash-${tag}-${walletAddress}` });
    const first = await insertBatch(ctx.db, batch(0, 'a'));
    expect(first).not.toBeNull();
    expect(await insertBatch(ctx.db, batch(1, 'b'))).toBeNull(); // one open batch at a time
    await confirmBatch(ctx.db, first!.id, 'tx-a');
    // a worker that read seqno 0 just before the transfer landed: its batch is never stored
    expect(await insertBatch(ctx.db, batch(0, 'c'))).toBeNull();
    const second = await insertBatch(ctx.db, batch(1, 'd'));
    expect(second).not.toBeNull();
    // an expired batch's seqno may be signed again
    await expireBatch(ctx.db, second!.id, 'test');
    expect(await insertBatch(ctx.db, batch(1, 'e'))).not.toBeNull();
    await ctx.db.query(`UPDATE payout_batches SET status = 'expired' WHERE wallet_address = $1 AND status = 'signed'`, [walletAddress]);
  });


  it('two step loops at once (PGlite serialises them) pay each withdrawal once', async () => {
    await expectPayoutsPaidOnce([ctx], client);
  });
});

describe('the background job', () => {
  it('in the sandbox the dev chain treasury pays, from app.hotWallet, through TonClient at TON_NODE_URL', async () => {
    expect(ctx.app.hotWallet?.version).toBe('v4r2');
    const treasury = createHotWallet(ctx.app.hotWallet!);
    expect(treasury.address.toString()).toBe(ctx.config.treasuryAddress);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 7n * TON, to.text);
    const jobs = createBackgroundJobs({
      config: { ...ctx.config, tonNodeUrl: `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/sandbox/chain/jsonRPC` },
      db: ctx.db,
      bus: ctx.bus,
      log: quiet,
      hotWallet: ctx.app.hotWallet,
    });
    expect(jobs.payouts).not.toBeNull();
    try {
      for (let i = 0; i < 10 && (await withdrawal(ctx, w.id)).status !== 'completed'; i++) await jobs.payouts!.runOnce();
    } finally {
      await jobs.stop();
    }
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(client, to.address)).toBe(7n * TON);
  });

  it('in production the app derives the hot wallet from HOT_WALLET_MNEMONIC (off without it)', async () => {
    const words = await mnemonicNew(24);
    const production = sandboxConfig({ mode: 'production', communityChatId: '@c', hotWalletMnemonic: words, payoutsEnabled: true });
    const options = { db: ctx.db, logger: false as const, community: { isMember: async () => true, recheckIntervalMs: 0 } };
    const app = await buildApp({ ...options, config: production });
    const off = await buildApp({ ...options, config: { ...production, payoutsEnabled: false } });
    try {
      expect(app.hotWallet).toEqual({ version: 'v4r2', keyPair: await mnemonicToPrivateKey(words) });
      expect(off.hotWallet).toBeNull();
    } finally {
      await Promise.all([app.close(), off.close()]);
    }
  });

  it('is off when payouts are disabled or there is no hot wallet', () => {
    const base = { db: ctx.db, bus: ctx.bus, log: quiet };
    expect(createBackgroundJobs({ ...base, config: ctx.config }).payouts).toBeNull();
    expect(createBackgroundJobs({ ...base, config: { ...ctx.config, payoutsEnabled: false }, hotWallet: ctx.app.hotWallet }).payouts).toBeNull();
  });
});
