/**
 * The payout worker (server/withdraw/worker) against the dev chain, driven by @ton/ton's TonClient
 * unchanged over the app's JSON-RPC route: every withdrawal paid exactly once, whichever step the worker
 * dies after, whatever the network loses, and however often it runs.
 */
import { Cell, loadMessage } from '@ton/core';
import { describe, expect, it } from 'vitest';
import {
  PAYOUT_FEE_RESERVE_NANOTONS,
  PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS,
  PAYOUT_EXPIRY_MARGIN_SECONDS,
  PAYOUT_MAX_SEND_ATTEMPTS,
  PAYOUT_TX_PAGE_SIZE,
  PAYOUT_VALID_FOR_SECONDS,
} from '../../server/constants';
import { inTransaction } from '../../server/events/transaction';
import { createBackgroundJobs } from '../../server/jobs';
import { ValidationError } from '../../server/lib/errors';
import { balances } from '../../server/ledger/queries';
import { confirmBatch, expireBatch, insertBatch } from '../../server/withdraw/queries';
import { BATCH_NOT_HELD, type HeldBatch, queueWithdrawal } from '../../server/withdraw/service';
import {
  BOUNCED_PAYOUT,
  type PayoutNode,
  createHotWallet,
  normalizedMessageHash,
  runPayoutStep,
} from '../../server/withdraw/worker';
import { mnemonicNew, mnemonicToPrivateKey } from '@ton/crypto';
import { buildApp } from '../../server/app';
import { CHAIN_RPC_PATH } from '../../server/sandbox/chain/routes';
import { sandboxHotWallet } from '../../server/sandbox/chain/service';
import { runOperator } from '../../server/operator';
import { sandboxConfig } from './helpers';
import { TON, TOKEN, listen, newUser } from './mint-kit';
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
  ownTransfer,
  queue,
  quiet,
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

usePayoutSuite();

const admin = (method: 'GET' | 'POST', url: string, token = ctx.config.adminToken) =>
  ctx.app.inject({ method, url: `/api/admin${url}`, headers: { authorization: `Bearer ${token}` } });

describe('queueWithdrawal', () => {
  it('stores a queued withdrawal with the address in its friendly form, flags kept', async () => {
    const to = newRecipient();
    const row = await queue(ctx, user.userId, 2n * TON, to.address.toRawString());
    expect(row).toMatchObject({
      status: 'queued',
      ton_amount: 2n * TON,
      token_amount: 10n * TOKEN,
      batch_id: null,
      tx_hash: null,
    });
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
          queueWithdrawal(tx, {
            userId: user.userId,
            sourceAccount: 'balance_token',
            tokenAmount: TOKEN,
            fee: 0n,
            ...input,
          }),
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
    expect(normalizedMessageHash(loadMessage(Cell.fromBase64(batch!.signed_boc).beginParse()))).toBe(
      batch!.message_hash,
    );
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
    // the outgoing message that paid it, as the recipient's node answer names it (lt and cell hash)
    const reply = await ctx.app.inject({
      method: 'POST',
      url: CHAIN_RPC_PATH,
      payload: {
        id: 1,
        jsonrpc: '2.0',
        method: 'getTransactions',
        params: { address: to.address.toString(), limit: 1 },
      },
    });
    const [received] = reply.json<{ result: Array<{ in_msg: { hash: string; created_lt: string } }> }>().result;
    expect(await withdrawal(ctx, w.id)).toMatchObject({
      out_msg_lt: BigInt(received!.in_msg.created_lt),
      out_msg_hash: received!.in_msg.hash,
    });
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
    const { recipients, rows } = await queueToNew(
      ctx,
      user.userId,
      [1n, 2n, 3n, 4n, 5n, 6n].map((n) => n * TON),
    );
    const kinds = await drain(worker(ctx, hot.wallet, client));
    expect(kinds).toEqual(['signed', 'sent', 'confirmed', 'signed', 'sent', 'confirmed', 'idle']);

    const batches = await batchesOf(ctx, hot.wallet);
    expect(batches.map((b) => [b.status, b.seqno])).toEqual([
      ['confirmed', 0n],
      ['confirmed', 1n],
    ]);
    const paid = await Promise.all(rows.map((row) => withdrawal(ctx, row.id)));
    expect(paid.map((w) => w.tx_hash)).toEqual([
      ...Array(4).fill(batches[0]!.tx_hash),
      ...Array(2).fill(batches[1]!.tx_hash),
    ]);
    for (const [i, to] of recipients.entries()) expect(await balanceOf(client, to.address)).toBe(BigInt(i + 1) * TON);
  });
});

// A worker killed after each step, and a lost send resent as the very same message: every kind, v4r2 included,
// in payouts-every-kind.test.ts.

describe('lost and refused messages', () => {
  it('after valid_until (plus the margin) with nothing on chain and the seqno unchanged: held, never signed again by itself; re-signed with its own seqno when an operator asks, paid once', async () => {
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
    // Lost, or the node is behind: no proof either way, so held, and it stays so however long it waits.
    expect(await runPayoutStep(run, later)).toMatchObject({
      kind: 'held',
      reason: expect.stringMatching(/seqno is still 0/),
    });
    expect(await drain(worker(ctx, hot.wallet, client), { now: () => later + 3600 })).toEqual(['held']);
    const [held] = await batchesOf(ctx, hot.wallet);
    expect(held).toMatchObject({ status: 'held', seqno: 0n });
    expect(await withdrawal(ctx, w.id)).toMatchObject({
      status: 'sending',
      batch_id: held!.id,
      error: held!.last_error,
    });

    // The operator sees it (the batch, and its withdrawal among those needing a person) and asks for a re-sign.
    const listed = (await admin('GET', '/payouts/held')).json<HeldBatch[]>();
    expect(listed).toEqual([
      expect.objectContaining({
        id: held!.id,
        seqno: 0,
        withdrawals: [w.id],
        resign_requested: false,
        reason: held!.last_error,
      }),
    ]);
    expect((await admin('GET', '/withdrawals')).json<Array<{ id: number }>>().map((row) => row.id)).toContain(w.id);
    // the same through the operator CLI
    const lines: string[] = [];
    const apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    const cli = (...args: string[]) =>
      runOperator(args, { apiUrl, adminToken: ctx.config.adminToken, print: (line) => lines.push(line) });
    await cli('payouts', 'held');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(`^batch #${held!.id} seqno 0 .*withdrawals #${w.id} — The wallet's seqno is still 0`),
      ),
    ]);
    await cli('payouts', 'resign', String(held!.id));
    expect(lines.at(-1)).toMatch(new RegExp(`^To be signed again: batch #${held!.id} .*re-sign asked for`));
    expect((await admin('GET', '/payouts/held')).json()).toEqual([
      expect.objectContaining({ id: held!.id, resign_requested: true }),
    ]);

    // Re-signed with seqno 0 again (so the lost message and the new one can never both land), then paid.
    expect(await drain(worker(ctx, hot.wallet, client), { now: () => later + 3600 })).toEqual([
      'resigned',
      'sent',
      'confirmed',
      'idle',
    ]);
    const [batch] = await batchesOf(ctx, hot.wallet);
    expect(batch).toMatchObject({
      id: held!.id,
      status: 'confirmed',
      seqno: 0n,
      previous_hashes: [held!.message_hash],
    });
    expect(batch!.signed_boc).not.toBe(held!.signed_boc);
    expect(await batchesOf(ctx, hot.wallet)).toHaveLength(1);
    // the lost message turning up late is refused (its seqno is taken)
    await expect(client.sendFile(Buffer.from(held!.signed_boc, 'base64'))).rejects.toMatchObject({
      response: { data: { error: expect.stringMatching(/seqno|already applied/) } },
    });
    expect(await balanceOf(client, to.address)).toBe(2n * TON);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', error: null });
  });

  it('a re-sign asked for while the first transfer had in fact landed (the node was behind) pays nothing more', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const stale = staleNode(client, hot.wallet.address);
    const run = worker(ctx, hot.wallet, stale.node);
    const start = unixNow();
    await runPayoutStep(run, start);
    await stale.freeze();
    expect((await runPayoutStep(run, start)).kind).toBe('sent'); // landed; the node does not show it
    const later = start + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    expect((await runPayoutStep(run, later)).kind).toBe('held');
    const [held] = await batchesOf(ctx, hot.wallet);
    expect((await admin('POST', `/payouts/held/${held!.id}/resign`)).statusCode).toBe(200);
    // The worker re-signs with seqno 0, which the chain has used: every send of the new message is refused.
    const kinds = await drain(run, { now: () => later });
    expect(kinds[0]).toBe('resigned');
    expect(kinds.slice(1)).toEqual([...Array(PAYOUT_MAX_SEND_ATTEMPTS).fill('send_failed'), 'waiting']);
    stale.thaw();
    expect(await drain(run, { now: () => later + 2 * 3600 })).toEqual(['confirmed', 'idle']);
    const batches = await batchesOf(ctx, hot.wallet);
    expect(batches).toEqual([expect.objectContaining({ status: 'confirmed', previous_hashes: [held!.message_hash] })]);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', tx_hash: batches[0]!.tx_hash });
    expect(await balanceOf(client, to.address)).toBe(TON);
  });

  it('the operator can ask only a held batch to be signed again', async () => {
    const hot = await newHotWallet(ctx);
    await queue(ctx, user.userId, TON, newRecipient().text);
    await drain(worker(ctx, hot.wallet, client));
    const [confirmed] = await batchesOf(ctx, hot.wallet);
    expect((await admin('POST', `/payouts/held/${confirmed!.id}/resign`)).json()).toEqual({
      msg: BATCH_NOT_HELD,
      code: 'conflict',
    });
    expect((await admin('POST', `/payouts/held/${confirmed!.id}/resign`)).statusCode).toBe(409);
    expect((await admin('POST', '/payouts/held/999999/resign')).statusCode).toBe(404);
    expect((await admin('POST', `/payouts/held/${confirmed!.id}/resign`, 'wrong-admin-token-123')).statusCode).toBe(
      401,
    );
    expect((await batchesOf(ctx, hot.wallet))[0]).toMatchObject({ status: 'confirmed' });
  });

  it('when another transfer took the seqno, waits for valid_until, then (every transaction since signing read) re-signs with a new seqno and pays once', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const lossy = lossyNode(client, () => true);
    const start = unixNow();
    const run = worker(ctx, hot.wallet, lossy.node);
    await runPayoutStep(run, start);
    await runPayoutStep(run, start);
    await ownTransfer(client, hot.keys.keyPair, newRecipient().address, TON); // seqno 0 used by something else
    // more transactions than one page: the proof reads them all, back to where the batch was signed
    for (let i = 0; i < 2 * PAYOUT_TX_PAGE_SIZE; i++) await fund(ctx, hot.wallet.address, 1n);
    const waiting = await runPayoutStep(run, start + 10);
    expect(waiting).toMatchObject({ kind: 'waiting' });
    expect((await batchesOf(ctx, hot.wallet))[0]!.last_error).toMatch(/seqno moved past 0/);
    const later = start + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    expect(await runPayoutStep(run, later)).toMatchObject({ kind: 'expired', requeued: [w.id] });
    expect(await drain(worker(ctx, hot.wallet, client), { now: () => later })).toEqual([
      'signed',
      'sent',
      'confirmed',
      'idle',
    ]);
    expect((await batchesOf(ctx, hot.wallet)).map((b) => [b.status, b.seqno])).toEqual([
      ['expired', 0n],
      ['confirmed', 1n],
    ]);
    expect(await balanceOf(client, to.address)).toBe(TON);
  }, 60_000); // 100 chain writes

  it('a message the chain refuses is retried, then reported; after it expires it is held, re-signed on request and paid once', async () => {
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
    expect(batch!.last_error).toMatch(
      /^The node refused the transfer; the node's words: ".*message expired \(exit code 36\)/,
    );
    // The node's words as they came, beside the code: never translated.
    const [coded] = await ctx.db.query('SELECT last_error_code, last_error_params FROM payout_batches WHERE id = $1', [
      batch!.id,
    ]);
    expect(coded).toMatchObject({
      last_error_code: 'node_refused',
      last_error_params: { node_error: expect.stringMatching(/message expired \(exit code 36\)/) },
    });
    // reported on the withdrawal too, which is not lost
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'sending', error: expect.stringMatching(/refused/) });

    const later = skewed + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    expect(await runPayoutStep(run, later)).toMatchObject({ kind: 'held' });
    expect((await admin('POST', `/payouts/held/${batch!.id}/resign`)).statusCode).toBe(200);
    // the clock fixed: signed again with its own seqno, paid once
    expect(await drain(run)).toEqual(['resigned', 'sent', 'confirmed', 'idle']);
    expect(await balanceOf(client, to.address)).toBe(TON);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', error: null });
  });
});

// A node stuck on the state before the transfer (held with its reason, confirmed once it catches up) and a
// flood of incoming transfers after a payout: every kind, v4r2 included, in payouts-every-kind.test.ts.
describe('a stale node read never pays twice', () => {
  const expiry = PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;

  it('a node whose seqno lags but whose history shows the transfer: confirmed after valid_until, not signed again', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const stale = staleNode(client, hot.wallet.address, { history: 'fresh' });
    const run = worker(ctx, hot.wallet, stale.node);
    const start = unixNow();
    await runPayoutStep(run, start);
    await stale.freeze();
    expect((await runPayoutStep(run, start)).kind).toBe('sent');
    expect((await runPayoutStep(run, start + expiry)).kind).toBe('confirmed');
    for (let round = 2; round <= 4; round++) await drain(run, { now: () => start + round * expiry });
    stale.thaw();
    await drain(run, { now: () => start + 5 * expiry });
    expect((await batchesOf(ctx, hot.wallet)).map((b) => b.status)).toEqual(['confirmed']);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    expect(await balanceOf(client, to.address)).toBe(TON);
  });

  it('a node whose history leaves out the batch transaction while the seqno moved: held, never expired; confirmed once it answers in full', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    let hidden: string | null = null;
    const gappy: PayoutNode = {
      getContractState: (address) => client.getContractState(address),
      getTransactions: async (address, options) =>
        (await client.getTransactions(address, options)).filter(
          (t) => !(hidden && t.inMessage?.info.type === 'external-in' && normalizedMessageHash(t.inMessage) === hidden),
        ),
      sendFile: (boc) => client.sendFile(boc),
      runMethod: (address, name, stack) => client.runMethod(address, name, stack),
    };
    const run = worker(ctx, hot.wallet, gappy);
    const start = unixNow();
    await runPayoutStep(run, start);
    hidden = (await batchesOf(ctx, hot.wallet))[0]!.message_hash;
    expect((await runPayoutStep(run, start)).kind).toBe('sent');
    await fund(ctx, hot.wallet.address, TON); // a later transaction names the hidden one as its predecessor
    for (let round = 1; round <= 3; round++) await drain(run, { now: () => start + round * expiry });
    const [batch] = await batchesOf(ctx, hot.wallet);
    expect(batch).toMatchObject({
      status: 'held',
      last_error: expect.stringMatching(/moved past 0, but not every transaction/),
    });
    hidden = null;
    expect(await drain(run, { now: () => start + 4 * expiry })).toEqual(['confirmed', 'idle']);
    expect((await batchesOf(ctx, hot.wallet)).map((b) => b.status)).toEqual(['confirmed']);
    expect((await withdrawal(ctx, w.id)).status).toBe('completed');
    expect(await balanceOf(client, to.address)).toBe(TON);
  });
});

describe('a range longer than one read', () => {
  it('a batch whose transactions since signing exceed the read bound is held, never expired, and confirmed once they can be read', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const w = await queue(ctx, user.userId, TON, to.text);
    const lossy = lossyNode(client, () => true);
    const run = { ...worker(ctx, hot.wallet, lossy.node), historyPages: { pageSize: 5, maxPages: 2 } };
    const start = unixNow();
    await runPayoutStep(run, start);
    await runPayoutStep(run, start);
    await ownTransfer(client, hot.keys.keyPair, newRecipient().address, TON); // the seqno moves on without it
    for (let i = 0; i < 12; i++) await fund(ctx, hot.wallet.address, 1n);
    const later = start + PAYOUT_VALID_FOR_SECONDS + PAYOUT_EXPIRY_MARGIN_SECONDS + 1;
    expect(await runPayoutStep(run, later)).toMatchObject({
      kind: 'held',
      reason: expect.stringMatching(/more than 10 transactions/),
    });
    expect((await withdrawal(ctx, w.id)).status).toBe('sending');
    // read with the full bound: the proof holds, so it is queued again and paid once
    expect(await drain(worker(ctx, hot.wallet, client), { now: () => later })).toEqual([
      'expired',
      'signed',
      'sent',
      'confirmed',
      'idle',
    ]);
    expect(await balanceOf(client, to.address)).toBe(TON);
  });
});

describe('bounced payouts', () => {
  const refundEntries = async (id: number) =>
    ctx.db.query<{ delta: bigint; account: string }>(
      `SELECT delta, account FROM ledger WHERE reason = 'withdrawal_refund' AND ref_type = 'withdrawal' AND ref_id = $1`,
      [String(id)],
    );

  it('a payout the recipient contract refuses comes back: the withdrawal is failed with the reason and its tokens returned once', async () => {
    const hot = await newHotWallet(ctx);
    const shop = await refusingContract(ctx, client);
    const seller = await newUser(ctx);
    const w = await sold(ctx, seller.userId, 2n * TON, shop.text);
    const debited = await balances(ctx.db, seller.userId);
    const socket = listen(ctx, seller.userId);
    const shopBefore = await balanceOf(client, shop.address);
    const run = worker(ctx, hot.wallet, client);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'bounced', 'idle']);

    const [received] = await client.getTransactions(hot.wallet.address, { limit: 1 });
    const bounce = received?.inMessage?.info;
    expect(bounce).toMatchObject({ type: 'internal', bounced: true });
    expect(await withdrawal(ctx, w.id)).toMatchObject({
      status: 'failed',
      error: BOUNCED_PAYOUT,
      bounced_tx_hash: received!.hash().toString('base64'),
    });
    // The shop kept nothing of the 2 TON: only the storage fee its bounce charged (a nanoton per second passed).
    const kept = (await balanceOf(client, shop.address)) - shopBefore;
    expect(kept <= 0n && kept > -1000n).toBe(true);
    expect((await balances(ctx.db, seller.userId))?.task_balance).toBe(debited!.task_balance + 10n * TOKEN);
    expect(await refundEntries(w.id)).toEqual([{ delta: 10n * TOKEN, account: 'task_balance' }]);
    expect(socket.events('user:withdrawal').map((m) => m.data.status)).toEqual(['sending', 'completed', 'failed']);
    expect(socket.events('user:balance').at(-1)?.data.task_balance).toBe('10');

    // Seen again (another process whose cursor was lost): nothing more.
    await forgetBounceCursor(ctx, hot.wallet);
    expect(await drain(worker(ctx, createHotWallet(hot.keys, 'testnet'), client))).toEqual(['idle']);
    expect(await refundEntries(w.id)).toHaveLength(1);
    // The operator can neither refund it again nor pay it again, and it is not listed as needing a person.
    expect((await admin('POST', `/withdrawals/${w.id}/refund`)).statusCode).toBe(409);
    expect((await admin('POST', `/withdrawals/${w.id}/retry`)).statusCode).toBe(409);
    expect((await admin('GET', '/withdrawals')).json<Array<{ id: number }>>().map((row) => row.id)).not.toContain(w.id);
    expect((await balances(ctx.db, seller.userId))?.task_balance).toBe(debited!.task_balance + 10n * TOKEN);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'failed', error: BOUNCED_PAYOUT });
    // The seller is told twice in all: paid, then refunded because it bounced (server/notifications).
    const told = await ctx.db.query<{ kind: string; params: unknown }>(
      'SELECT kind, params FROM notifications WHERE user_id = $1 ORDER BY id',
      [seller.userId],
    );
    expect(told.map((row) => row.kind)).toEqual(['payout_completed', 'payout_refunded']);
    expect(told[1]?.params).toEqual({ token_amount: '10', bounced: true });
    socket.stop();
  });

  it('finds a bounce however many transactions follow it, reading on from where the last read stopped, and moves its cursor once', async () => {
    const hot = await newHotWallet(ctx);
    const shop = await refusingContract(ctx, client);
    const seller = await newUser(ctx);
    const w = await sold(ctx, seller.userId, TON, shop.text);
    const run = { ...worker(ctx, hot.wallet, client), historyPages: { pageSize: 5, maxPages: 2 } };
    expect(await drain(run, { max: 3 })).toEqual(['signed', 'sent', 'confirmed']);
    for (let i = 0; i < 25; i++) await fund(ctx, hot.wallet.address, 1n); // after the bounce
    // 10 transactions a step: the newest 20 hold no bounce (nothing to do: idle), the third read reaches it
    const kinds = [];
    for (let step = 0; step < 4; step++) kinds.push((await runPayoutStep(run, unixNow())).kind);
    expect(kinds).toEqual(['idle', 'idle', 'bounced', 'idle']);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'failed', error: BOUNCED_PAYOUT });
    expect(await refundEntries(w.id)).toHaveLength(1);
    const [cursor] = await ctx.db.query<{ last_lt: bigint; scan_lt: bigint | null }>(
      'SELECT last_lt, scan_lt FROM payout_bounce_cursor WHERE wallet_address = $1',
      [hot.wallet.address.toRawString()],
    );
    const [newest] = await client.getTransactions(hot.wallet.address, { limit: 1 });
    expect(cursor).toEqual({ last_lt: newest!.lt, scan_lt: null });
  });

  it('a bounce that names a withdrawal but comes from another address refunds nothing', async () => {
    const hot = await newHotWallet(ctx);
    const to = newRecipient();
    const seller = await newUser(ctx);
    const w = await sold(ctx, seller.userId, TON, to.text);
    const run = worker(ctx, hot.wallet, client);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    // The hot wallet itself sends a refusing contract a message with this withdrawal's comment: it bounces back.
    const other = await refusingContract(ctx, client);
    await ownTransfer(client, hot.keys.keyPair, other.address, TON, { body: `Withdrawal ${w.id}`, bounce: true });
    const [received] = await client.getTransactions(hot.wallet.address, { limit: 1 });
    expect(received?.inMessage?.info).toMatchObject({ bounced: true });
    expect(await drain(run)).toEqual(['idle']);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed', bounced_tx_hash: null });
    expect(await refundEntries(w.id)).toEqual([]);
    expect(await balanceOf(client, to.address)).toBe(TON);
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
    expect(await withdrawal(ctx, w.id)).toMatchObject({
      status: 'queued',
      error: expect.stringMatching(/hot wallet holds 0/),
    });
    expect(await batchesOf(ctx, hot.wallet)).toEqual([]);
    // Stored as a code and its figures (nanotons), which the console words in the operator's language.
    const needed = String(PAYOUT_FEE_RESERVE_NANOTONS + 5n * TON + PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS);
    const coded = { code: 'hot_wallet_short', params: { balance: '0', needed } };
    expect(await withdrawal(ctx, w.id)).toMatchObject({ error_code: coded.code, error_params: coded.params });
    const listed = (await admin('GET', '/withdrawals')).json<{ id: number; error_coded: unknown }[]>();
    expect(listed.find((row) => row.id === w.id)?.error_coded).toEqual(coded);

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
    const batch = (seqno: number, tag: string) => ({
      walletAddress,
      seqno,
      validUntil: unixNow(),
      signedBoc: tag,
      messageHash: `hash-${tag}-${walletAddress}`,
      start: { lt: 0n, hash: null },
    });
    const first = await insertBatch(ctx.db, batch(0, 'a'));
    expect(first).not.toBeNull();
    expect(await insertBatch(ctx.db, batch(1, 'b'))).toBeNull(); // one open batch at a time
    await confirmBatch(ctx.db, first!.id, 'tx-a');
    // a worker that read seqno 0 just before the transfer landed: its batch is never stored
    expect(await insertBatch(ctx.db, batch(0, 'c'))).toBeNull();
    const second = await insertBatch(ctx.db, batch(1, 'd'));
    expect(second).not.toBeNull();
    // an expired batch's seqno may be signed again
    await expireBatch(ctx.db, second!.id, { code: 'seqno_moved_expired', params: { seqno: 0 } });
    expect(await insertBatch(ctx.db, batch(1, 'e'))).not.toBeNull();
    await ctx.db.query(`UPDATE payout_batches SET status = 'expired' WHERE wallet_address = $1 AND status = 'signed'`, [
      walletAddress,
    ]);
  });

  it('two step loops at once (PGlite serialises them) pay each withdrawal once', async () => {
    await expectPayoutsPaidOnce([ctx], client);
  });
});

describe('the background job', () => {
  it('in the sandbox its own v5r1 hot wallet pays, from app.hotWallet, through TonClient at TON_NODE_URL', async () => {
    expect(ctx.app.hotWallet?.version).toBe('v5r1');
    const hot = createHotWallet(ctx.app.hotWallet!, ctx.config.tonNetwork);
    expect(hot.address.equals(sandboxHotWallet(ctx.config).address)).toBe(true);
    expect(hot.address.toString()).not.toBe(ctx.config.treasuryAddress);
    expect((await client.getContractState(hot.address)).state).toBe('active');
    const to = newRecipient();
    const w = await queue(ctx, user.userId, 7n * TON, to.text);
    const jobs = createBackgroundJobs({
      config: {
        ...ctx.config,
        tonNodeUrl: `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}/sandbox/chain/jsonRPC`,
      },
      db: ctx.db,
      bus: ctx.bus,
      log: quiet,
      hotWallet: ctx.app.hotWallet,
    });
    expect(jobs.payouts).not.toBeNull();
    try {
      for (let i = 0; i < 10 && (await withdrawal(ctx, w.id)).status !== 'completed'; i++)
        await jobs.payouts!.runOnce();
    } finally {
      await jobs.stop();
    }
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'completed' });
    expect(await balanceOf(client, to.address)).toBe(7n * TON);
  });

  it('in production the app derives the hot wallet from HOT_WALLET_MNEMONIC (off without it)', async () => {
    const words = await mnemonicNew(24);
    const production = sandboxConfig({
      mode: 'production',
      communityChatId: '@c',
      hotWalletMnemonic: words,
      payoutsEnabled: true,
    });
    const options = {
      db: ctx.db,
      logger: false as const,
      community: { isMember: async () => true, recheckIntervalMs: 0 },
    };
    const app = await buildApp({ ...options, config: production });
    const off = await buildApp({ ...options, config: { ...production, payoutsEnabled: false } });
    try {
      expect(app.hotWallet).toEqual({ version: 'v5r1', keyPair: await mnemonicToPrivateKey(words) });
      expect(off.hotWallet).toBeNull();
    } finally {
      await Promise.all([app.close(), off.close()]);
    }
  });

  it('is off when payouts are disabled or there is no hot wallet', () => {
    const base = { db: ctx.db, bus: ctx.bus, log: quiet };
    expect(createBackgroundJobs({ ...base, config: ctx.config }).payouts).toBeNull();
    expect(
      createBackgroundJobs({ ...base, config: { ...ctx.config, payoutsEnabled: false }, hotWallet: ctx.app.hotWallet })
        .payouts,
    ).toBeNull();
  });
});
