/**
 * The payout worker (docs/foundations.md §7 Payouts, §7b), the withdraw domain's background part: it owns signing,
 * the history search (history.ts), held batches and bounces (bounces.ts), the types they share (types.ts);
 * the calls people make are in ../service.ts. Queued withdrawals leave the hot wallet exactly once,
 * following the usual recipe for wallet contracts with a seqno (v4r2, v5r1; below), or, for a highload
 * wallet v3 (highload-v3.ts), the recipe for query ids: see `resumeHighload` (docs/security.md, payouts).
 *
 *  1. sign: take up to `maxMessages` queued withdrawals (4 for v4r2), read the wallet's state (seqno,
 *     balance and its last transaction, from one answer), build and sign one transfer (valid_until a few
 *     minutes out) and store it — BOC, normalized message hash, the last transaction's lt and hash as the
 *     batch's `start`, status `signed` — with the withdrawals moved to `sending`, in one database
 *     transaction, BEFORE anything is sent;
 *  2. send: hand the stored BOC to the node (sendFile) and mark the batch `sent`;
 *  3. confirm: find the wallet's transaction whose inbound message has that hash and the outgoing
 *     internal message to each recipient; mark each withdrawal completed with the transaction hash and
 *     its outgoing message (lt, hash) (one whose message the chain skipped, e.g. for want of balance, is
 *     `failed` for an operator).
 *
 * `runPayoutStep` does one of these per call, from what the database says, so a worker can die between
 * any two steps and the next call (this process restarted, or another one) carries on. An open batch is
 * always resumed first, and the wallet has at most one (a unique index; signed, sent or held).
 *
 * **A batch is signed again only with proof that its transfer can no longer land.** Its message carries
 * seqno N and is accepted only while the wallet's seqno is N and before valid_until. The proof is a state
 * of the wallet S (one getContractState answer: seqno from its data, and its last transaction) with
 * seqno > N, plus every transaction from S's last one back to the batch's `start` read (history.ts: a hash
 * chain, each transaction the one its successor names, reaching `start` exactly, at most
 * PAYOUT_TX_MAX_PAGES pages) with the message in none of them: it did not land before S, and after S it
 * never can. Then, once valid_until + PAYOUT_EXPIRY_MARGIN_SECONDS has passed too, the batch is
 * `expired` and its withdrawals queued again, to be signed with the current seqno. The search reads from
 * the newest transaction down to `start`, so it finds the message however many transactions came after
 * it (a flood of incoming transfers cannot hide it). A seqno that has not moved is no proof: a node on a
 * lagging liteserver answers the old seqno after the transfer applied.
 *
 * Each step on an open batch, by the state just read:
 *  - seqno not moved, before valid_until → send the same BOC again (never a new signature); a refused
 *    send is counted and retried, and after PAYOUT_MAX_SEND_ATTEMPTS reported and left alone;
 *  - seqno not moved, within the margin after valid_until → wait;
 *  - otherwise search: the message found (any message of the batch) → confirm; seqno moved and the proof
 *    holds → expire after the margin, wait before it; no proof after the margin (the seqno has not moved,
 *    a read broke off, the range is longer than the bound) → `held`: the reason in the batch's and its
 *    withdrawals' `error` (the operator's lists), logged at error level once. Nothing new is signed while
 *    a batch is held, and its withdrawals stay `sending` (they may be paid).
 * A held batch is searched again at every step, so it is released by itself when the proof comes (the
 * node caught up: confirmed; the seqno moved on without it: expired, queued again). The seqno only moves
 * while a batch is held if its own transfer landed or someone else used the wallet, so a transfer that
 * was lost needs an operator: POST /api/admin/payouts/held/:id/resign (../service.ts, held batches) asks the worker to sign
 * the same withdrawals again with the batch's own seqno N, which it does only while the seqno it reads is N.
 * That can never pay twice: the old and the new message both need seqno N, so at most one of them is ever
 * applied, and the batch keeps every message's hash (previous_hashes) and its start, so whichever landed
 * confirms it.
 *
 * Each payout message carries the comment `Withdrawal <id>`; with no batch open, a step first reads the hot
 * wallet's new transactions for payouts that came back bounced and refunds them (bounces.ts).
 *
 * An operator can hold payouts (setting payouts_paused): then nothing new is signed, an open batch is still
 * finished. Withdrawals the hot wallet cannot pay (its balance short of them plus fees) are not signed: they wait
 * in the queue with the reason in `error`, and the operator is told (log); nothing is dropped.
 *
 * The node is @ton/ton's TonClient (toncenter v2; the dev chain in the sandbox), of which the worker uses
 * getContractState, getTransactions, sendFile and runMethod (a highload wallet's `processed?`). One
 * worker per hot wallet runs at a time across processes (jobs.ts, advisory lock); should two run anyway,
 * the open-batch index and the row locks keep every withdrawal in one batch, and one seqno (one query id)
 * pays at most one transfer.
 */
import {
  Address,
  Cell,
  Dictionary,
  type Message,
  type MessageRelaxed,
  SendMode,
  type Transaction,
  beginCell,
  external,
  internal,
  loadMessage,
  storeMessage,
} from '@ton/core';
import { mnemonicToPrivateKey } from '@ton/crypto';
import { WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import type { TonNetwork } from '@contract';
import {
  PAYOUT_EXPIRY_MARGIN_SECONDS,
  PAYOUT_FEE_RESERVE_NANOTONS,
  PAYOUT_MAX_SEND_ATTEMPTS,
  PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS,
  PAYOUT_VALID_FOR_SECONDS,
} from '../../constants';
import type { HotWalletVersion } from '../../config';
import type { HotWalletKeys } from '../../deps';
import { inTransaction } from '../../events/transaction';
import { formatUnits } from '../../lib/money';
import { withinMs } from '../../lib/timeout';
import { walletAppAddress } from '../../lib/ton-address';
import { getSetting } from '../../settings/service';
import { payoutComment, refundBouncedPayouts } from './bounces';
import { HIGHLOAD_MAX_MESSAGES, highloadQueryId, highloadWalletV3 } from './highload-v3';
import { type HistoryPoint, START_OF_HISTORY, pagesOf, readHistory } from './history';
import type { HighloadHotWallet, HotWallet, PayoutDeps, PayoutNode, SeqnoHotWallet } from './types';
import {
  type BatchRow,
  type WithdrawalRow,
  assignToBatch,
  batchWithdrawals,
  completeWithdrawal,
  confirmBatch,
  expireBatch,
  failWithdrawal,
  holdBatch,
  insertBatch,
  lockOpenBatch,
  lockQueued,
  markBatchSent,
  markSendFailed,
  nextHighloadNumber,
  noteBatchError,
  oldestQueued,
  openBatch,
  requeueBatch,
  resignBatch,
} from '../queries';
import { payoutCompletedNotice } from '../wire';
import { noteWaiting, publishWithdrawal } from '../service';
import { notify } from '../../notifications/service';

export { BOUNCED_PAYOUT } from './bounces';
export type { HighloadHotWallet, HotWallet, PayoutDeps, PayoutNode, SeqnoHotWallet } from './types';

/** The chains' global ids, as a v5r1 wallet id carries them. */
const MAINNET_GLOBAL_ID = -239;
const TESTNET_GLOBAL_ID = -3;

/** Each message pays its own forwarding (PAY_GAS_SEPARATELY); one that fails does not stop the rest (IGNORE_ERRORS). */
const SEND_MODE = SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS;

/**
 * The hot wallet on `network` (TON_NETWORK). A v5r1 wallet's id names its network (-239 mainnet, -3
 * testnet), so its address differs between the two: on testnet it is the address testnet wallet apps
 * show for the same words, the one an operator funds. A v4r2 wallet is the same account on both.
 */
export function createHotWallet(keys: HotWalletKeys, network: TonNetwork): HotWallet {
  const { publicKey, secretKey } = keys.keyPair;
  if (keys.version === 'highload-v3') {
    // The same account on both networks: its subwallet id names none. The code is checked against its hash here.
    const highload = highloadWalletV3(publicKey, secretKey);
    return {
      version: 'highload-v3',
      address: highload.address,
      init: highload.init,
      maxMessages: HIGHLOAD_MAX_MESSAGES,
      highload,
    };
  }
  if (keys.version === 'v5r1') {
    const wallet = WalletContractV5R1.create({
      publicKey,
      walletId: {
        networkGlobalId: network === 'testnet' ? TESTNET_GLOBAL_ID : MAINNET_GLOBAL_ID,
        context: { walletVersion: 'v5r1', workchain: 0, subwalletNumber: 0 },
      },
    });
    return {
      version: 'v5r1',
      address: wallet.address,
      init: wallet.init,
      maxMessages: 255,
      transferBody: ({ seqno, validUntil, messages, sendMode = SEND_MODE }) =>
        wallet.createTransfer({ seqno, secretKey, messages, sendMode, timeout: validUntil }),
      // is_signature_allowed:1 seqno:32 wallet_id:32 public_key:256 extensions:dict
      seqnoOf: (data) => {
        const slice = data.beginParse();
        slice.skip(1);
        return slice.loadUint(32);
      },
    };
  }
  const wallet = WalletContractV4.create({ workchain: 0, publicKey });
  return {
    version: 'v4r2',
    address: wallet.address,
    init: wallet.init,
    maxMessages: 4,
    transferBody: ({ seqno, validUntil, messages, sendMode = SEND_MODE }) =>
      wallet.createTransfer({ seqno, secretKey, messages, sendMode, timeout: validUntil }),
    // seqno:32 subwallet_id:32 public_key:256 plugins:dict
    seqnoOf: (data) => data.beginParse().loadUint(32),
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
  return beginCell()
    .store(storeMessage(normalized, { forceRef: true }))
    .endCell()
    .hash()
    .toString('base64');
}

export type PayoutStepResult =
  | { kind: 'idle' }
  /** An operator holds payouts (setting payouts_paused): nothing new is signed. */
  | { kind: 'paused'; queued: number }
  /** Another worker opened a batch or took these withdrawals first: nothing done. */
  | { kind: 'busy' }
  | { kind: 'insufficient_balance'; balance: bigint; needed: bigint; withdrawals: number[] }
  | { kind: 'signed'; batchId: number; seqno: number; withdrawals: number[] }
  /** A held batch signed again with its own seqno, as an operator asked. */
  | { kind: 'resigned'; batchId: number; seqno: number; withdrawals: number[] }
  | { kind: 'sent'; batchId: number }
  | { kind: 'send_failed'; batchId: number; attempts: number; error: string }
  | { kind: 'confirmed'; batchId: number; txHash: string; completed: number[]; failed: number[] }
  | { kind: 'waiting'; batchId: number; reason: string }
  /** Neither found nor proven lost after valid_until: waits for an operator (or for the proof). */
  | { kind: 'held'; batchId: number; reason: string }
  | { kind: 'expired'; batchId: number; requeued: number[] }
  /** Payouts that came back bounced: failed, tokens returned (bounces.ts). */
  | { kind: 'bounced'; withdrawals: number[] };

/** An error as an operator reads it: TonClient's HTTP errors carry the node's own reason in the response body. */
function errorText(error: unknown): string {
  const response = (error as { response?: { data?: { error?: unknown } } } | null)?.response;
  const reason = typeof response?.data?.error === 'string' ? response.data.error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (reason ? `${reason} (${message})` : message).slice(0, 500);
}

interface WalletState {
  /** 0 for a highload wallet (it has none). */
  seqno: number;
  balance: bigint;
  active: boolean;
  /** Its last transaction in the same answer: the seqno is the one after it. */
  last: HistoryPoint;
  /** The chain's time of the answer (the node's last block, toncenter's sync_utime), unix seconds. */
  time: number;
}

/**
 * The wallet's seqno, balance and last transaction from one answer of the node (the seqno read from the
 * data cell, not by a separate get method that another liteserver may answer); an account that is not
 * active has seqno 0 and needs its state init.
 */
async function walletState({ node, wallet, onBalance }: PayoutDeps): Promise<WalletState> {
  const state = await node.getContractState(wallet.address);
  onBalance?.(state.balance);
  const last = state.lastTransaction
    ? { lt: BigInt(state.lastTransaction.lt), hash: state.lastTransaction.hash }
    : START_OF_HISTORY;
  const time = state.timestampt;
  if (state.state !== 'active') return { seqno: 0, balance: state.balance, active: false, last, time };
  if (wallet.version === 'highload-v3') return { seqno: 0, balance: state.balance, active: true, last, time };
  const [data] = state.data ? Cell.fromBoc(state.data) : [];
  if (!data) throw new Error('the node answered the active hot wallet without its data: its seqno is unknown');
  return { seqno: wallet.seqnoOf(data), balance: state.balance, active: true, last, time };
}

/** Every message hash of the batch: the one it sends now and those a re-signing replaced. */
const batchHashes = (batch: BatchRow) => new Set([batch.message_hash, ...batch.previous_hashes]);

interface Search {
  transaction: Transaction | null;
  /** Every transaction from the state's last one back to the batch's start was read (none of them is the batch's). */
  covered: boolean;
  /** Why it is not covered. */
  gap: string | null;
}

/**
 * The batch's transaction among the wallet's transactions since the batch was signed (from the newest
 * down to its stored start), and whether that read covers the state `state` (history.ts).
 */
async function searchBatch(p: PayoutDeps, batch: BatchRow, state: WalletState): Promise<Search> {
  // A batch stored before its start was kept is searched back to the account's first transaction.
  const start = batch.start_lt === null ? START_OF_HISTORY : { lt: batch.start_lt, hash: batch.start_hash };
  const read = await readHistory(p.node, p.wallet.address, { downTo: start, ...pagesOf(p) });
  const hashes = batchHashes(batch);
  const transaction =
    read.transactions.find(
      (t) => t.inMessage?.info.type === 'external-in' && hashes.has(normalizedMessageHash(t.inMessage)),
    ) ?? null;
  if (!read.complete) return { transaction, covered: false, gap: read.gap };
  if (state.last.lt <= start.lt)
    return { transaction, covered: false, gap: 'the state read has no transaction since the batch was signed' };
  if (read.top === null || read.top.lt < state.last.lt) {
    return {
      transaction,
      covered: false,
      gap: `the transactions read end before the state read (lt ${state.last.lt})`,
    };
  }
  return { transaction, covered: true, gap: null };
}

/** A payment as the transaction made it: the outgoing message (its lt and hash) that paid each withdrawal. */
interface Payment {
  id: number;
  outMsgLt: bigint;
  outMsgHash: string;
}

/**
 * The transaction's outgoing message cells as the chain stored them, by index (TL-B: the first reference
 * holds the inbound message, maybe, then a HashmapE 15 of references to the outgoing ones): their hashes
 * are the messages' own, which re-serialising a parsed message need not give.
 */
function outMessageCells(transaction: Transaction): Map<number, Cell> {
  const messages = transaction.raw.refs[0]?.beginParse();
  if (!messages) return new Map();
  if (messages.loadBit()) messages.loadRef();
  const cells = messages.loadDict(Dictionary.Keys.Uint(15), {
    serialize: () => undefined,
    parse: (slice) => slice.loadRef(),
  });
  return new Map(cells);
}

/** The withdrawals a transaction paid: each matched to a distinct outgoing internal message (address and value). */
function matchPayments(transaction: Transaction, withdrawals: WithdrawalRow[]) {
  const cells = outMessageCells(transaction);
  const outgoing = [...transaction.outMessages].flatMap(([index, message]) =>
    message.info.type === 'internal'
      ? [
          {
            dest: message.info.dest,
            value: message.info.value.coins,
            lt: message.info.createdLt,
            hash: (cells.get(index) ?? beginCell().store(storeMessage(message)).endCell()).hash().toString('base64'),
          },
        ]
      : [],
  );
  const paid: Payment[] = [];
  const skipped: number[] = [];
  for (const withdrawal of withdrawals) {
    const to = parseAddress(withdrawal.address);
    const index = outgoing.findIndex(
      (out) => to !== null && out.dest.equals(to) && out.value === withdrawal.ton_amount,
    );
    const out = outgoing[index];
    if (!out) {
      skipped.push(withdrawal.id);
    } else {
      outgoing.splice(index, 1);
      paid.push({ id: withdrawal.id, outMsgLt: out.lt, outMsgHash: out.hash });
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
    for (const payment of paid) {
      const row = await completeWithdrawal(tx, payment.id, {
        txHash,
        outMsgLt: payment.outMsgLt,
        outMsgHash: payment.outMsgHash,
      });
      if (row) await publishWithdrawal(tx, row);
      if (row) await notify(tx, payoutCompletedNotice(row));
    }
    for (const id of skipped) {
      const row = await failWithdrawal(tx, id, SKIPPED_ON_CHAIN);
      if (row) await publishWithdrawal(tx, row);
    }
    await confirmBatch(tx, batch.id, txHash);
    return { paid: paid.map((payment) => payment.id), skipped };
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
    for (const row of rows) await publishWithdrawal(tx, row);
    return rows.map((row) => row.id);
  });
  if (!requeued) return { kind: 'busy' };
  p.log.warn({ batchId: batch.id, seqno: String(batch.seqno), requeued, why }, 'payout batch expired: signing again');
  return { kind: 'expired', batchId: batch.id, requeued };
}

/** The batch waits for an operator (or for the proof), its withdrawals saying why; logged at error level once. */
async function hold(p: PayoutDeps, batch: BatchRow, reason: string): Promise<PayoutStepResult> {
  if (batch.status !== 'held' || batch.last_error !== reason) {
    const stillOpen = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
      if (!(await lockOpenBatch(tx, batch.id))) return false;
      await holdBatch(tx, batch.id, reason);
      await noteWaiting(
        tx,
        (await batchWithdrawals(tx, batch.id)).map((w) => w.id),
        reason,
      );
      return true;
    });
    if (!stillOpen) return { kind: 'busy' }; // another worker closed it meanwhile
  }
  if (batch.status !== 'held') {
    p.log.error({ batchId: batch.id, seqno: String(batch.seqno), reason }, 'payout batch held: needs an operator');
  }
  return { kind: 'held', batchId: batch.id, reason };
}

/** The payout messages of these withdrawals, each carrying `Withdrawal <id>` (a bounce brings it back: bounces.ts). */
async function payoutMessages(p: PayoutDeps, withdrawals: WithdrawalRow[]): Promise<MessageRelaxed[]> {
  // Uninitialised recipients get non-bounceable messages (a bounce would bring the TON back to us).
  const messages: MessageRelaxed[] = [];
  for (const withdrawal of withdrawals) {
    const to = parseAddress(withdrawal.address);
    if (!to) throw new Error(`withdrawal ${withdrawal.id}: stored address does not parse`);
    const recipient = await p.node.getContractState(to);
    messages.push(
      internal({
        to,
        value: withdrawal.ton_amount,
        bounce: recipient.state === 'active',
        body: payoutComment(withdrawal.id),
      }),
    );
  }
  return messages;
}

/** The external message of a signed body: its BOC and normalized hash (with the state init while the wallet is not active). */
function externalOf(wallet: HotWallet, body: Cell, active: boolean): { signedBoc: string; messageHash: string } {
  const message = external({ to: wallet.address, init: active ? null : wallet.init, body });
  const cell = beginCell().store(storeMessage(message)).endCell();
  return {
    signedBoc: cell.toBoc().toString('base64'),
    messageHash: normalizedMessageHash(loadMessage(cell.beginParse())),
  };
}

/** The signed transfer of these withdrawals with this seqno: the external message's BOC and normalized hash. */
async function signTransfer(
  p: PayoutDeps,
  wallet: SeqnoHotWallet,
  withdrawals: WithdrawalRow[],
  state: WalletState,
  validUntil: number,
): Promise<{ signedBoc: string; messageHash: string }> {
  const messages = await payoutMessages(p, withdrawals);
  return externalOf(wallet, wallet.transferBody({ seqno: state.seqno, validUntil, messages }), state.active);
}

/** A held batch's withdrawals signed again with the batch's own seqno (an operator asked; the seqno read is still it). */
async function resign(
  p: PayoutDeps,
  wallet: SeqnoHotWallet,
  batch: BatchRow,
  state: WalletState,
  now: number,
): Promise<PayoutStepResult> {
  const withdrawals = await batchWithdrawals(p.deps.db, batch.id);
  const validUntil = now + PAYOUT_VALID_FOR_SECONDS;
  const signed = await signTransfer(p, wallet, withdrawals, state, validUntil);
  const ids = withdrawals.map((w) => w.id);
  const row = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if (!(await lockOpenBatch(tx, batch.id))) return null;
    const updated = await resignBatch(tx, batch.id, { ...signed, validUntil });
    if (updated) await noteWaiting(tx, ids, null);
    return updated ?? null;
  });
  if (!row) return { kind: 'busy' };
  p.log.warn(
    { batchId: batch.id, seqno: String(batch.seqno), withdrawals: ids },
    'held payout batch signed again with its own seqno',
  );
  return { kind: 'resigned', batchId: batch.id, seqno: Number(batch.seqno), withdrawals: ids };
}

async function resume(p: PayoutDeps, batch: BatchRow, now: number): Promise<PayoutStepResult> {
  const { wallet } = p;
  if (wallet.version === 'highload-v3') return resumeHighload(p, wallet, batch);
  const state = await walletState(p);
  const seqno = Number(batch.seqno);
  const moved = state.seqno > seqno;
  const validUntil = Number(batch.valid_until);
  const givenUp = now > validUntil + PAYOUT_EXPIRY_MARGIN_SECONDS;

  if (!moved && !givenUp && batch.status !== 'held') {
    if (now >= validUntil)
      return { kind: 'waiting', batchId: batch.id, reason: 'valid_until passed; waiting out the margin' };
    return send(p, batch);
  }

  const search = await searchBatch(p, batch, state);
  if (search.transaction) return confirm(p, batch, search.transaction);
  if (moved && search.covered) {
    if (givenUp) {
      return expire(
        p,
        batch,
        `The wallet's seqno moved past ${seqno} and no transaction since the batch was signed carries its transfer`,
      );
    }
    return waiting(
      p,
      batch,
      `The wallet's seqno moved past ${seqno} without this transfer; it is signed again after valid_until`,
    );
  }
  const reason = moved
    ? `The wallet's seqno moved past ${seqno}, but not every transaction since the batch was signed could be read (${search.gap})`
    : `The wallet's seqno is still ${state.seqno} after valid_until and no transaction since the batch was signed carries its transfer: lost, or the node is behind`;
  if (!givenUp) return waiting(p, batch, reason);
  // Re-signed with its own seqno only while that seqno is the wallet's: then at most one of its messages lands.
  if (batch.status === 'held' && batch.resign_requested_at !== null && state.seqno === seqno)
    return resign(p, wallet, batch, state, now);
  return hold(p, batch, reason);
}

async function waiting(p: PayoutDeps, batch: BatchRow, reason: string): Promise<PayoutStepResult> {
  await noteBatchError(p.deps.db, batch.id, reason);
  p.log.warn({ batchId: batch.id }, reason);
  return { kind: 'waiting', batchId: batch.id, reason };
}

/**
 * Not on chain and still valid: the very same message again (a duplicate can never pay twice). A seqno
 * wallet's is sent PAYOUT_MAX_SEND_ATTEMPTS times at most; a highload wallet's (`untilProcessed`) is sent
 * again at every step until the wallet reports it processed, once the node has taken it at least once.
 */
async function send(p: PayoutDeps, batch: BatchRow, untilProcessed = false): Promise<PayoutStepResult> {
  if (batch.attempts >= PAYOUT_MAX_SEND_ATTEMPTS && !(untilProcessed && batch.status === 'sent')) {
    // Sent (or refused) often enough: wait for it to land or expire.
    return { kind: 'waiting', batchId: batch.id, reason: batch.last_error ?? 'sent; waiting for the chain' };
  }
  try {
    await p.node.sendFile(Buffer.from(batch.signed_boc, 'base64'));
  } catch (error) {
    const text = `The node refused the transfer: ${errorText(error)}`;
    const attempts = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
      const count = await markSendFailed(tx, batch.id, text);
      const ids = (await batchWithdrawals(tx, batch.id)).map((w) => w.id);
      await noteWaiting(tx, ids, text);
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
  const { wallet } = p;
  const queued = await oldestQueued(p.deps.db, wallet.maxMessages);
  if (queued.length === 0) return { kind: 'idle' };
  if (await getSetting(p.deps.db, 'payouts_paused')) return { kind: 'paused', queued: queued.length };

  const state = await walletState(p);
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
    await inTransaction(p.deps.db, p.deps.bus, (tx) => noteWaiting(tx, [head.id], text));
    p.log.error(
      { withdrawal: head.id, balance: String(state.balance), needed: String(short) },
      'hot wallet too low: payouts wait',
    );
    return { kind: 'insufficient_balance', balance: state.balance, needed: short, withdrawals: [head.id] };
  }

  const ids = batch.map((w) => w.id);
  let signed: { signedBoc: string; messageHash: string; seqno: number; validUntil: number; highload?: Highload };
  if (wallet.version === 'highload-v3') {
    signed = await signHighload(p, wallet, batch, state);
  } else {
    const validUntil = now + PAYOUT_VALID_FOR_SECONDS;
    signed = { ...(await signTransfer(p, wallet, batch, state, validUntil)), seqno: state.seqno, validUntil };
  }
  const { signedBoc, messageHash, seqno, validUntil, highload } = signed;

  // Stored before it is sent: from here a restarted worker resends exactly this message or finds it.
  const stored = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if ((await lockQueued(tx, ids)).length === 0) return null;
    const row = await insertBatch(tx, {
      walletAddress: wallet.address.toRawString(),
      seqno,
      validUntil,
      signedBoc,
      messageHash,
      start: state.last,
      ...(highload ? { highload } : {}),
    });
    if (!row) return null;
    for (const withdrawal of await assignToBatch(tx, ids, row.id)) await publishWithdrawal(tx, withdrawal);
    return row;
  });
  if (!stored) return { kind: 'busy' };
  p.log.info({ batchId: stored.id, seqno, withdrawals: ids }, 'payout signed');
  return { kind: 'signed', batchId: stored.id, seqno, withdrawals: ids };
}

// ---- highload wallet v3 ----------------------------------------------------------------------------

interface Highload {
  queryId: bigint;
  createdAt: number;
}

/**
 * A highload batch: the next number in the wallet's sequence (never reused: nextHighloadNumber) and its
 * query id, created_at the chain's time of the state just read (so the contract's `created_at <= now`
 * holds in any later block), and valid_until = created_at + timeout, from which the chain refuses it.
 */
async function signHighload(
  p: PayoutDeps,
  wallet: HighloadHotWallet,
  withdrawals: WithdrawalRow[],
  state: WalletState,
) {
  const seqno = await nextHighloadNumber(p.deps.db, wallet.address.toRawString());
  const queryId = highloadQueryId(BigInt(seqno));
  const createdAt = state.time;
  const messages = await payoutMessages(p, withdrawals);
  const body = wallet.highload.externalBody({ queryId, createdAt, messages, mode: SEND_MODE });
  return {
    ...externalOf(wallet, body, state.active),
    seqno,
    validUntil: createdAt + wallet.highload.timeout,
    highload: { queryId, createdAt },
  };
}

/** The cell of a transaction's inbound message as the chain stored it (its hash is the message's). */
function inMessageCell(transaction: Transaction): Cell | null {
  const messages = transaction.raw.refs[0]?.beginParse();
  return messages?.loadBit() ? messages.loadRef() : null;
}

/** What the wallet's `processed?` get method says of the query id now (need_clean: as the next external would see it). */
async function processed(p: PayoutDeps, wallet: HighloadHotWallet, queryId: bigint): Promise<boolean> {
  const { stack } = await p.node.runMethod(wallet.address, 'processed?', [
    { type: 'int', value: queryId },
    { type: 'int', value: -1n },
  ]);
  return stack.readBoolean();
}

/**
 * Each step on an open highload batch, from one state read S (its last transaction, the chain's time T)
 * and every transaction from S's last one down to the batch's start:
 *  - the external's transaction found: the batch is paid only by the transaction of its internal_transfer
 *    (the message it sent to itself), whose outgoing messages are matched (confirm); until that one is read,
 *    wait; an external accepted that sent nothing can pay nothing: expired, queued again;
 *  - not found, T < valid_until: `processed?` true → wait for its transactions; false → the same BOC again;
 *  - not found, T ≥ valid_until and the read complete: the contract refuses it from now on → expired, queued
 *    again with a new query id; the read incomplete (a node behind, a gap) → held until it reads in full.
 * T is the node's own time: a node stuck on an old state answers an old T, which proves nothing. A held
 * highload batch is never re-signed on an operator's word: the chain's time proves its expiry by itself.
 */
async function resumeHighload(p: PayoutDeps, wallet: HighloadHotWallet, batch: BatchRow): Promise<PayoutStepResult> {
  const state = await walletState(p);
  const start = batch.start_lt === null ? START_OF_HISTORY : { lt: batch.start_lt, hash: batch.start_hash };
  const read =
    state.last.lt <= start.lt
      ? { transactions: [], complete: state.last.lt === start.lt, gap: 'the state read is older than the batch' }
      : await readHistory(p.node, wallet.address, { from: state.last, downTo: start, ...pagesOf(p) });
  const hashes = batchHashes(batch);
  const accepted = read.transactions.find(
    (t) => t.inMessage?.info.type === 'external-in' && hashes.has(normalizedMessageHash(t.inMessage)),
  );
  const queryId = BigInt(batch.query_id ?? 0n);
  if (accepted) {
    const toSelf = outMessageCells(accepted).get(0);
    if (!toSelf) {
      return expire(p, batch, `The wallet accepted query id ${queryId} but sent nothing: nothing was paid`);
    }
    const paying = read.transactions.find((t) => inMessageCell(t)?.hash().equals(toSelf.hash()));
    if (paying) return confirm(p, batch, paying);
    return waiting(p, batch, `Query id ${queryId} was accepted; its payouts are not read on chain yet`);
  }
  const validUntil = Number(batch.valid_until);
  if (state.time < validUntil) {
    if (state.active && (await processed(p, wallet, queryId))) {
      return waiting(p, batch, `The wallet reports query id ${queryId} processed; its transaction is not read yet`);
    }
    return send(p, batch, true);
  }
  if (read.complete) {
    return expire(
      p,
      batch,
      `The chain's time ${state.time} passed created_at + timeout (${validUntil}) and no transaction since the batch was signed carries query id ${queryId}`,
    );
  }
  return hold(
    p,
    batch,
    `The chain's time passed created_at + timeout of query id ${queryId}, but not every transaction since the batch was signed could be read (${read.gap})`,
  );
}

/**
 * One unit of payout work at `now` (unix seconds): resume the wallet's open batch (send, confirm, expire,
 * hold or re-sign it); or else, every payout confirmed, refund those that bounced since the last read; or
 * else sign the next one from the queue. Returns what it did.
 */
export async function runPayoutStep(p: PayoutDeps, now: number): Promise<PayoutStepResult> {
  const batch = await openBatch(p.deps.db, p.wallet.address.toRawString());
  if (batch) return resume(p, batch, now);
  const { refunded } = await refundBouncedPayouts(p);
  if (refunded.length > 0) return { kind: 'bounced', withdrawals: refunded };
  return signNext(p, now);
}

/** The production hot wallet's keys from its 24 words (HOT_WALLET_MNEMONIC). */
export async function hotWalletFromMnemonic(words: string[], version: HotWalletVersion): Promise<HotWalletKeys> {
  return { version, keyPair: await mnemonicToPrivateKey(words) };
}

/** The hot wallet as the operator's overview shows it: its address, and its balance read from the node now. */
export interface HotWalletBalanceReader {
  address: string;
  /** Nanotons; null when the node does not answer within `timeoutMs` (or at all). */
  balance(): Promise<bigint | null>;
}

export function hotWalletBalanceReader(
  keys: HotWalletKeys,
  network: TonNetwork,
  node: Pick<PayoutNode, 'getContractState'>,
  timeoutMs: number,
): HotWalletBalanceReader {
  const { address } = createHotWallet(keys, network);
  return {
    // The form `hot-wallet address` prints (server/operator.ts): one address, one form, per network.
    address: walletAppAddress(address, network),
    async balance() {
      try {
        return (await withinMs(node.getContractState(address), timeoutMs)).balance;
      } catch {
        return null;
      }
    },
  };
}
