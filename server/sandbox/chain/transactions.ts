/**
 * Writing the dev chain (DESIGN.md §2): logical time within a block, Transaction cells as TL-B (so
 * TonClient.getTransactions parses them), and the delivery of internal messages. Sending
 * (send.ts), reading (reads.ts) and the faucet (faucet.ts) build on these.
 *
 * Every write is one database transaction that first opens a block (queries.openBlock), which also
 * serialises chain writes; every balance change is a chain_transactions row written with it.
 */
import { createHash } from 'node:crypto';
import {
  Address,
  Cell,
  type CommonMessageInfoInternal,
  type DictionaryValue,
  Dictionary,
  type Message,
  type Transaction,
  type TransactionActionPhase,
  type TransactionComputePhase,
  type TransactionDescriptionGeneric,
  beginCell,
  loadMessage,
  storeMessage,
  storeTransaction,
} from '@ton/core';
import type { Queryable } from '../../db/index';
import { LT_PER_BLOCK, MAX_NANOTONS, MESSAGE_ACTION_FEE, MESSAGE_FORWARD_FEE } from './constants';
import { badRequest } from './errors';
import { type AccountRow, type Block, insertTransaction, lockAccount, updateAccount } from './queries';
import { base64, bocBase64, renderMessage } from './toncenter';

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Hands out the logical times of one block in order. */
export class LtCursor {
  private last: bigint;
  constructor(block: Block) {
    this.last = block.seqno * LT_PER_BLOCK;
  }
  next(): bigint {
    this.last += 1n;
    return this.last;
  }
}

export const messageCell = (message: Message): Cell => beginCell().store(storeMessage(message)).endCell();

/** Out messages live in a dictionary of references to Message cells (TL-B HashmapE 15 ^Message). */
const messageRefValue: DictionaryValue<Message> = {
  serialize: (message, builder) => {
    builder.storeRef(messageCell(message));
  },
  parse: (slice) => loadMessage(slice.loadRef().beginParse()),
};

/** Not the real state hash (that needs the whole Account cell): a stable digest of what changed. */
const stateHash = (row: AccountRow): Buffer =>
  sha256(`${row.address}|${row.balance}|${row.state}|${row.code ?? ''}|${row.data ?? ''}`);

const hashToBigInt = (hash: string | null): bigint =>
  hash === null ? 0n : BigInt(`0x${Buffer.from(hash, 'base64').toString('hex')}`);

function cellStats(cells: Cell[]): { cells: bigint; bits: bigint } {
  const seen = new Set<string>();
  let bits = 0;
  const visit = (cell: Cell) => {
    const key = cell.hash().toString('hex');
    if (seen.has(key)) return;
    seen.add(key);
    bits += cell.bits.length;
    for (const ref of cell.refs) visit(ref);
  };
  for (const cell of cells) visit(cell);
  return { cells: BigInt(seen.size), bits: BigInt(bits) };
}

interface TransactionParts {
  before: AccountRow;
  after: AccountRow;
  existed: boolean;
  lt: bigint;
  now: number;
  inMessage: Message;
  inMessageCell: Cell;
  outMessages: Message[];
  /** TL-B total_fees: what the account paid, except what its out messages carry as fwd_fee. */
  totalFees: bigint;
  description: TransactionDescriptionGeneric;
}

/**
 * Writes one transaction: the Transaction cell (so TonClient.getTransactions parses it), its row with
 * toncenter's rendering, and the account's new state.
 */
export async function recordTransaction(q: Queryable, parts: TransactionParts): Promise<{ lt: bigint; hash: string }> {
  const { before, after } = parts;
  if (parts.lt <= before.last_lt) throw new Error(`lt ${parts.lt} is not after ${before.last_lt} on ${before.address}`);
  const outMessages = Dictionary.empty(Dictionary.Keys.Uint(15), messageRefValue);
  parts.outMessages.forEach((message, index) => outMessages.set(index, message));
  const address = Address.parseRaw(before.address);
  const transaction: Transaction = {
    address: BigInt(`0x${address.hash.toString('hex')}`),
    lt: parts.lt,
    prevTransactionHash: hashToBigInt(before.last_hash),
    prevTransactionLt: before.last_lt,
    now: parts.now,
    outMessagesCount: parts.outMessages.length,
    oldStatus: parts.existed ? before.state : 'non-existing',
    endStatus: after.state,
    inMessage: parts.inMessage,
    outMessages,
    totalFees: { coins: parts.totalFees },
    stateUpdate: { oldHash: stateHash(before), newHash: stateHash(after) },
    description: parts.description,
    // storeTransaction writes neither of these two.
    raw: Cell.EMPTY,
    hash: () => Buffer.alloc(0),
  };
  const cell = beginCell().store(storeTransaction(transaction)).endCell();
  const hash = base64(cell.hash());
  const carried = parts.outMessages.reduce(
    (sum, message) => sum + (message.info.type === 'internal' ? message.info.forwardFee : 0n),
    0n,
  );
  await insertTransaction(q, {
    account: before.address,
    lt: parts.lt,
    hash,
    utime: parts.now,
    balanceDelta: after.balance - before.balance,
    balanceAfter: after.balance,
    fee: parts.totalFees + carried,
    inMsgHash: base64(parts.inMessageCell.hash()),
    inMsg: renderMessage(parts.inMessage, parts.inMessageCell),
    outMsgs: parts.outMessages.map((message) => renderMessage(message, messageCell(message))),
    boc: bocBase64(cell),
  });
  await updateAccount(q, { ...after, last_lt: parts.lt, last_hash: hash });
  return { lt: parts.lt, hash };
}

export const noStoragePhase = { storageFeesCollected: 0n, statusChange: 'unchanged' as const };

export function actionPhase(args: {
  actions: number;
  skipped: number;
  sent: Message[];
  actionListHash: Buffer;
}): TransactionActionPhase {
  const count = BigInt(args.sent.length);
  return {
    success: true,
    valid: true,
    noFunds: false,
    statusChange: 'unchanged',
    totalFwdFees: count > 0n ? count * MESSAGE_FORWARD_FEE : null,
    totalActionFees: count > 0n ? count * MESSAGE_ACTION_FEE : null,
    resultCode: 0,
    resultArg: null,
    totalActions: args.actions,
    specActions: 0,
    skippedActions: args.skipped,
    messagesCreated: args.sent.length,
    actionListHash: BigInt(`0x${args.actionListHash.toString('hex')}`),
    totalMessageSize: cellStats(args.sent.map(messageCell)),
  };
}

export const vmPhase = (args: { gasFees: bigint; gasUsed: bigint; deploying: boolean }): TransactionComputePhase => ({
  type: 'vm',
  success: true,
  messageStateUsed: args.deploying,
  accountActivated: args.deploying,
  gasFees: args.gasFees,
  gasUsed: args.gasUsed,
  gasLimit: 0n,
  gasCredit: 10_000n,
  mode: 0,
  exitCode: 0,
  exitArg: null,
  vmSteps: 70,
  vmInitStateHash: 0n,
  vmFinalStateHash: 0n,
});

/**
 * Delivers an internal message: credits its whole value to the destination (created uninitialized when
 * unknown). The receiver pays no fees and nothing bounces (README.md).
 */
export async function deliver(q: Queryable, lt: bigint, now: number, message: Message, cell: Cell) {
  const info = message.info as CommonMessageInfoInternal;
  const { row: before, existed } = await lockAccount(q, info.dest.toRawString());
  const value = info.value.coins;
  if (before.balance + value > MAX_NANOTONS) throw badRequest('The credit would overflow the account balance');
  const after: AccountRow = { ...before, balance: before.balance + value };
  const active = before.state === 'active';
  return recordTransaction(q, {
    before,
    after,
    existed,
    lt,
    now,
    inMessage: message,
    inMessageCell: cell,
    outMessages: [],
    totalFees: 0n,
    description: {
      type: 'generic',
      creditFirst: !info.bounce,
      storagePhase: noStoragePhase,
      creditPhase: { credit: { coins: value } },
      computePhase: active
        ? vmPhase({ gasFees: 0n, gasUsed: 0n, deploying: false })
        : { type: 'skipped', reason: 'no-state' },
      actionPhase: active ? actionPhase({ actions: 0, skipped: 0, sent: [], actionListHash: Buffer.alloc(32) }) : null,
      // A skipped compute phase aborts the transaction; the credit stays.
      aborted: !active,
      destroyed: false,
    },
  });
}

