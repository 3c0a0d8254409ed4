/**
 * The payout worker (issue #12, DESIGN.md §7 Payouts): queued withdrawals leave the hot wallet exactly
 * once, following the usual recipe for wallet contracts with a seqno.
 *
 *  1. sign: take up to `maxMessages` queued withdrawals (4 for v4r2), read the wallet's seqno, build and
 *     sign one transfer (valid_until a few minutes out) and store it — BOC, normalized message hash,
 *     status `signed` — with the withdrawals moved to `sending`, in one database transaction, BEFORE
 *     anything is sent;
 *  2. send: hand the stored BOC to the node (sendFile) and mark the batch `sent`;
 *  3. confirm: find the wallet's transaction whose inbound message has that hash and the outgoing
 *     internal message to each recipient; mark each withdrawal completed with the transaction hash (one
 *     whose message the chain skipped, e.g. for want of balance, is `failed` for an operator).
 *
 * `runPayoutStep` does one of these per call, from what the database says, so a worker can die between
 * any two steps and the next call (this process restarted, or another one) carries on. An open batch is
 * always resumed first, and the wallet has at most one (a unique index):
 *  - the wallet's seqno moved past the batch's → its message landed, or another one took the seqno:
 *    look the transaction up by message hash (confirm), else wait; after valid_until + margin, with the
 *    whole history since the batch was signed read and nothing found, the batch expires;
 *  - seqno not moved and before valid_until → send the same BOC again (never a new signature);
 *    a refused send is counted and retried, and after PAYOUT_MAX_SEND_ATTEMPTS reported and left alone;
 *  - seqno not moved and valid_until + margin passed → nothing can land any more: the batch expires
 *    and its withdrawals go back to the queue, to be signed again with the current seqno.
 * An operator can hold payouts (setting payouts_paused): then nothing new is signed, an open batch is still
 * finished. Withdrawals the hot wallet cannot pay (its balance short of them plus fees) are not signed: they wait
 * in the queue with the reason in `error`, and the operator is told (log); nothing is dropped.
 *
 * The node is @ton/ton's TonClient (toncenter v2; the dev chain in the sandbox), of which the worker uses
 * getContractState, runMethod('seqno'), getTransactions and sendFile. One worker per hot wallet runs at a
 * time across processes (jobs.ts, advisory lock); should two run anyway, the open-batch index and the
 * row locks keep every withdrawal in one batch, and one seqno pays at most one transfer.
 */
import {
  Address,
  type Cell,
  type Message,
  type MessageRelaxed,
  SendMode,
  type StateInit,
  type Transaction,
  beginCell,
  external,
  internal,
  loadMessage,
  storeMessage,
} from '@ton/core';
import { type TonClient, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYOUT_EXPIRY_MARGIN_SECONDS,
  PAYOUT_FEE_RESERVE_NANOTONS,
  PAYOUT_MAX_SEND_ATTEMPTS,
  PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS,
  PAYOUT_TX_MAX_PAGES,
  PAYOUT_TX_PAGE_SIZE,
  PAYOUT_VALID_FOR_SECONDS,
} from '../constants';
import type { Deps, HotWalletKeys } from '../deps';
import { inTransaction } from '../events/transaction';
import { formatUnits } from '../lib/money';
import { getSetting } from '../settings/service';
import {
  type BatchRow,
  type WithdrawalRow,
  assignToBatch,
  batchWithdrawals,
  completeWithdrawal,
  confirmBatch,
  expireBatch,
  failWithdrawal,
  insertBatch,
  lockOpenBatch,
  lockQueued,
  markBatchSent,
  markSendFailed,
  noteBatchError,
  noteWithdrawalErrors,
  oldestQueued,
  openBatch,
  requeueBatch,
} from './queries';
import { publishWithdrawal } from './wire';

/** The node calls the worker makes: @ton/ton's TonClient as it is. */
export type PayoutNode = Pick<TonClient, 'getContractState' | 'runMethod' | 'getTransactions' | 'sendFile'>;

/** The hot wallet as the worker uses it: its address and how it signs a transfer. */
export interface HotWallet {
  version: HotWalletKeys['version'];
  address: Address;
  /** The state init that deploys it (sent with the first transfer of a wallet not yet active). */
  init: StateInit;
  /** Messages one transfer can carry: 4 (v4r2), 255 (v5r1). */
  maxMessages: number;
  /** The signed external body of a transfer. */
  transferBody(args: { seqno: number; validUntil: number; messages: MessageRelaxed[] }): Cell;
}

/** Each message pays its own forwarding (PAY_GAS_SEPARATELY); one that fails does not stop the rest (IGNORE_ERRORS). */
const SEND_MODE = SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS;

export function createHotWallet(keys: HotWalletKeys): HotWallet {
  const { publicKey, secretKey } = keys.keyPair;
  if (keys.version === 'v5r1') {
    const wallet = WalletContractV5R1.create({ workchain: 0, publicKey });
    return {
      version: 'v5r1',
      address: wallet.address,
      init: wallet.init,
      maxMessages: 255,
      transferBody: ({ seqno, validUntil, messages }) =>
        wallet.createTransfer({ seqno, secretKey, messages, sendMode: SEND_MODE, timeout: validUntil }),
    };
  }
  const wallet = WalletContractV4.create({ workchain: 0, publicKey });
  return {
    version: 'v4r2',
    address: wallet.address,
    init: wallet.init,
    maxMessages: 4,
    transferBody: ({ seqno, validUntil, messages }) =>
      wallet.createTransfer({ seqno, secretKey, messages, sendMode: SEND_MODE, timeout: validUntil }),
  };
}

/**
 * The external message's normalized hash (TEP-467: no source, no import fee, no state init, body in a
 * reference), base64. Unlike the plain cell hash it does not depend on how a node re-serialises the
 * message, so the stored hash finds the transaction whatever the route the message took.
 */
export function normalizedMessageHash(message: Message): string {
  if (message.info.type !== 'external-in') throw new Error('normalizedMessageHash: not an external inbound message');
  const normalized: Message = {
    info: { type: 'external-in', src: null, dest: message.info.dest, importFee: 0n },
    init: null,
    body: message.body,
  };
  return beginCell().store(storeMessage(normalized, { forceRef: true })).endCell().hash().toString('base64');
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface PayoutDeps {
  deps: Pick<Deps, 'db' | 'bus'>;
  node: PayoutNode;
  wallet: HotWallet;
  log: Log;
}

export type PayoutStepResult =
  | { kind: 'idle' }
  /** An operator holds payouts (setting payouts_paused): nothing new is signed. */
  | { kind: 'paused'; queued: number }
  /** Another worker opened a batch or took these withdrawals first: nothing done. */
  | { kind: 'busy' }
  | { kind: 'insufficient_balance'; balance: bigint; needed: bigint; withdrawals: number[] }
  | { kind: 'signed'; batchId: number; seqno: number; withdrawals: number[] }
  | { kind: 'sent'; batchId: number }
  | { kind: 'send_failed'; batchId: number; attempts: number; error: string }
  | { kind: 'confirmed'; batchId: number; txHash: string; completed: number[]; failed: number[] }
  | { kind: 'waiting'; batchId: number; reason: string }
  | { kind: 'expired'; batchId: number; requeued: number[] };

/** An error as an operator reads it: TonClient's HTTP errors carry the node's own reason in the response body. */
function errorText(error: unknown): string {
  const response = (error as { response?: { data?: { error?: unknown } } } | null)?.response;
  const reason = typeof response?.data?.error === 'string' ? response.data.error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (reason ? `${reason} (${message})` : message).slice(0, 500);
}

/** The wallet's seqno and balance; an account that is not active has seqno 0 and needs its state init. */
async function walletState(node: PayoutNode, wallet: HotWallet): Promise<{ seqno: number; balance: bigint; active: boolean }> {
  const state = await node.getContractState(wallet.address);
  if (state.state !== 'active') return { seqno: 0, balance: state.balance, active: false };
  const { stack } = await node.runMethod(wallet.address, 'seqno');
  return { seqno: stack.readNumber(), balance: state.balance, active: true };
}

/** A batch's transaction among the wallet's recent ones (newest first), and whether the search reached back past the batch. */
async function findBatchTransaction(
  node: PayoutNode,
  wallet: HotWallet,
  batch: BatchRow,
): Promise<{ transaction: Transaction | null; searchedAll: boolean }> {
  // Transactions older than this cannot carry a message signed afterwards.
  const signedAt = Math.floor(batch.created_at.getTime() / 1000) - PAYOUT_EXPIRY_MARGIN_SECONDS;
  let from: { lt: string; hash: string } | null = null;
  for (let page = 0; page < PAYOUT_TX_MAX_PAGES; page++) {
    const transactions: Transaction[] = await node.getTransactions(wallet.address, {
      limit: PAYOUT_TX_PAGE_SIZE,
      ...(from ? { lt: from.lt, hash: from.hash, inclusive: true } : {}),
    });
    const after = from?.lt;
    const fresh = after === undefined ? transactions : transactions.filter((t) => t.lt.toString() !== after);
    for (const transaction of fresh) {
      const message = transaction.inMessage;
      if (message?.info.type === 'external-in' && normalizedMessageHash(message) === batch.message_hash) {
        return { transaction, searchedAll: true };
      }
    }
    const oldest = transactions[transactions.length - 1];
    if (!oldest || transactions.length < PAYOUT_TX_PAGE_SIZE || oldest.now < signedAt) {
      return { transaction: null, searchedAll: true };
    }
    from = { lt: oldest.lt.toString(), hash: oldest.hash().toString('base64') };
  }
  return { transaction: null, searchedAll: false };
}

/** The withdrawals a transaction paid: each matched to a distinct outgoing internal message (address and value). */
function matchPayments(transaction: Transaction, withdrawals: WithdrawalRow[]) {
  const outgoing = [...transaction.outMessages.values()].flatMap((message) =>
    message.info.type === 'internal' ? [{ dest: message.info.dest, value: message.info.value.coins }] : [],
  );
  const paid: number[] = [];
  const skipped: number[] = [];
  for (const withdrawal of withdrawals) {
    const to = parseAddress(withdrawal.address);
    const index = outgoing.findIndex((out) => to !== null && out.dest.equals(to) && out.value === withdrawal.ton_amount);
    if (index === -1) {
      skipped.push(withdrawal.id);
    } else {
      outgoing.splice(index, 1);
      paid.push(withdrawal.id);
    }
  }
  return { paid, skipped };
}

function parseAddress(text: string): Address | null {
  try {
    return Address.parse(text);
  } catch {
    return null;
  }
}

const SKIPPED_ON_CHAIN =
  "The hot wallet's transfer went through without this payment (the chain skipped it: not enough balance, or the address cannot receive)";

async function confirm(p: PayoutDeps, batch: BatchRow, transaction: Transaction): Promise<PayoutStepResult> {
  const txHash = transaction.hash().toString('base64');
  const outcome = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if (!(await lockOpenBatch(tx, batch.id))) return null;
    const withdrawals = await batchWithdrawals(tx, batch.id);
    const { paid, skipped } = matchPayments(transaction, withdrawals);
    // Each owner hears of each change (user:withdrawal), once the transaction commits.
    for (const id of paid) {
      const row = await completeWithdrawal(tx, id, txHash);
      if (row) publishWithdrawal(tx, row);
    }
    for (const id of skipped) {
      const row = await failWithdrawal(tx, id, SKIPPED_ON_CHAIN);
      if (row) publishWithdrawal(tx, row);
    }
    await confirmBatch(tx, batch.id, txHash);
    return { paid, skipped };
  });
  if (!outcome) return { kind: 'busy' };
  p.log.info({ batchId: batch.id, txHash, completed: outcome.paid }, 'payout confirmed');
  if (outcome.skipped.length > 0) {
    p.log.error({ batchId: batch.id, txHash, failed: outcome.skipped }, 'payouts skipped on chain need an operator');
  }
  return { kind: 'confirmed', batchId: batch.id, txHash, completed: outcome.paid, failed: outcome.skipped };
}

async function expire(p: PayoutDeps, batch: BatchRow, why: string): Promise<PayoutStepResult> {
  const requeued = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if (!(await lockOpenBatch(tx, batch.id))) return null;
    await expireBatch(tx, batch.id, why);
    const rows = await requeueBatch(tx, batch.id, why);
    for (const row of rows) publishWithdrawal(tx, row);
    return rows.map((row) => row.id);
  });
  if (!requeued) return { kind: 'busy' };
  p.log.warn({ batchId: batch.id, seqno: String(batch.seqno), requeued, why }, 'payout batch expired: signing again');
  return { kind: 'expired', batchId: batch.id, requeued };
}

async function resume(p: PayoutDeps, batch: BatchRow, now: number): Promise<PayoutStepResult> {
  const { node, wallet } = p;
  const { seqno } = await walletState(node, wallet);
  const validUntil = Number(batch.valid_until);
  const givenUp = now > validUntil + PAYOUT_EXPIRY_MARGIN_SECONDS;

  if (seqno > Number(batch.seqno)) {
    const { transaction, searchedAll } = await findBatchTransaction(node, wallet, batch);
    if (transaction) return confirm(p, batch, transaction);
    if (searchedAll && givenUp) {
      return expire(p, batch, `The wallet's seqno moved past ${batch.seqno} and the signed transfer is not on chain`);
    }
    const reason = searchedAll
      ? `The wallet's seqno moved past ${batch.seqno} without this transfer; waiting until it expires`
      : `The wallet's seqno moved past ${batch.seqno}; the transfer was not found in the recent transactions yet`;
    await noteBatchError(p.deps.db, batch.id, reason);
    p.log.warn({ batchId: batch.id }, reason);
    return { kind: 'waiting', batchId: batch.id, reason };
  }

  if (givenUp) return expire(p, batch, `The signed transfer expired at ${validUntil} without reaching the chain`);
  if (now >= validUntil) return { kind: 'waiting', batchId: batch.id, reason: 'valid_until passed; waiting out the margin' };
  if (batch.attempts >= PAYOUT_MAX_SEND_ATTEMPTS) {
    // Sent (or refused) often enough: wait for it to land or expire.
    return { kind: 'waiting', batchId: batch.id, reason: batch.last_error ?? 'sent; waiting for the chain' };
  }

  // Not on chain and still valid: the very same message again (a duplicate can never pay twice).
  try {
    await node.sendFile(Buffer.from(batch.signed_boc, 'base64'));
  } catch (error) {
    const text = `The node refused the transfer: ${errorText(error)}`;
    const attempts = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
      const count = await markSendFailed(tx, batch.id, text);
      const ids = (await batchWithdrawals(tx, batch.id)).map((w) => w.id);
      await noteWithdrawalErrors(tx, ids, text);
      return count;
    });
    if (attempts >= PAYOUT_MAX_SEND_ATTEMPTS) {
      p.log.error({ batchId: batch.id, attempts, error: text }, 'payout refused by the node: needs an operator');
    } else {
      p.log.warn({ batchId: batch.id, attempts, error: text }, 'payout send failed; will retry');
    }
    return { kind: 'send_failed', batchId: batch.id, attempts, error: text };
  }
  await markBatchSent(p.deps.db, batch.id);
  return { kind: 'sent', batchId: batch.id };
}

async function signNext(p: PayoutDeps, now: number): Promise<PayoutStepResult> {
  const { node, wallet } = p;
  const queued = await oldestQueued(p.deps.db, wallet.maxMessages);
  if (queued.length === 0) return { kind: 'idle' };
  if (await getSetting(p.deps.db, 'payouts_paused')) return { kind: 'paused', queued: queued.length };

  const state = await walletState(node, wallet);
  // As many of the oldest as the balance pays, fees included; the rest wait for the next transfer.
  let needed = PAYOUT_FEE_RESERVE_NANOTONS;
  const batch: WithdrawalRow[] = [];
  for (const withdrawal of queued) {
    const more = needed + withdrawal.ton_amount + PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS;
    if (more > state.balance) break;
    needed = more;
    batch.push(withdrawal);
  }
  const head = queued[0] as WithdrawalRow;
  if (batch.length === 0) {
    const short = PAYOUT_FEE_RESERVE_NANOTONS + head.ton_amount + PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS;
    const text = `The hot wallet holds ${formatUnits(state.balance)} TON; this payout needs ${formatUnits(short)} TON with fees`;
    await noteWithdrawalErrors(p.deps.db, [head.id], text);
    p.log.error({ withdrawal: head.id, balance: String(state.balance), needed: String(short) }, 'hot wallet too low: payouts wait');
    return { kind: 'insufficient_balance', balance: state.balance, needed: short, withdrawals: [head.id] };
  }

  // Uninitialised recipients get non-bounceable messages (a bounce would bring the TON back to us).
  const messages: MessageRelaxed[] = [];
  for (const withdrawal of batch) {
    const to = parseAddress(withdrawal.address);
    if (!to) throw new Error(`withdrawal ${withdrawal.id}: stored address does not parse`);
    const recipient = await node.getContractState(to);
    messages.push(internal({ to, value: withdrawal.ton_amount, bounce: recipient.state === 'active' }));
  }
  const validUntil = now + PAYOUT_VALID_FOR_SECONDS;
  const body = wallet.transferBody({ seqno: state.seqno, validUntil, messages });
  const message = external({ to: wallet.address, init: state.active ? null : wallet.init, body });
  const cell = beginCell().store(storeMessage(message)).endCell();
  const signedBoc = cell.toBoc().toString('base64');
  const messageHash = normalizedMessageHash(loadMessage(cell.beginParse()));
  const ids = batch.map((w) => w.id);

  // Stored before it is sent: from here a restarted worker resends exactly this message or finds it.
  const stored = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if ((await lockQueued(tx, ids)).length === 0) return null;
    const row = await insertBatch(tx, {
      walletAddress: wallet.address.toRawString(),
      seqno: state.seqno,
      validUntil,
      signedBoc,
      messageHash,
    });
    if (!row) return null;
    for (const withdrawal of await assignToBatch(tx, ids, row.id)) publishWithdrawal(tx, withdrawal);
    return row;
  });
  if (!stored) return { kind: 'busy' };
  p.log.info({ batchId: stored.id, seqno: state.seqno, withdrawals: ids }, 'payout signed');
  return { kind: 'signed', batchId: stored.id, seqno: state.seqno, withdrawals: ids };
}

/**
 * One unit of payout work at `now` (unix seconds): resume the wallet's open batch (send, confirm or
 * expire it), or else sign the next one from the queue. Returns what it did.
 */
export async function runPayoutStep(p: PayoutDeps, now: number): Promise<PayoutStepResult> {
  const batch = await openBatch(p.deps.db, p.wallet.address.toRawString());
  return batch ? resume(p, batch, now) : signNext(p, now);
}
