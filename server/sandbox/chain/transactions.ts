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
  type TransactionComputeVm,
  type TransactionDescriptionGeneric,
  beginCell,
  loadMessage,
  storeMessage,
  storeTransaction,
} from '@ton/core';
import type { Queryable } from '../../db/index';
import {
  LT_PER_BLOCK,
  MAX_NANOTONS,
  MESSAGE_ACTION_FEE,
  MESSAGE_FORWARD_FEE,
  MESSAGE_FWD_FEE_CARRIED,
} from './constants';
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

export const vmPhase = (args: { gasFees: bigint; gasUsed: bigint; deploying: boolean }): TransactionComputeVm => ({
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

/** The exit code of an account that refuses transfers (a contract whose code is `throw 100`). */
export const REFUSED_EXIT_CODE = 100;

/**
 * What a refused bounceable message sends back, as the chain builds it: to the sender, not bounceable,
 * flagged bounced, its value less the forwarding, its body 0xFFFFFFFF and the first 256 bits of the
 * refused message's body (without references).
 */
function bounceOf(message: Message, info: CommonMessageInfoInternal, createdLt: bigint, now: number): Message {
  const bits = message.body.bits;
  const body = beginCell()
    .storeUint(0xffffffff, 32)
    .storeBits(bits.substring(0, Math.min(256, bits.length)))
    .endCell();
  return {
    info: {
      type: 'internal',
      ihrDisabled: true,
      bounce: false,
      bounced: true,
      src: info.dest,
      dest: info.src,
      value: { coins: info.value.coins - MESSAGE_FORWARD_FEE },
      ihrFee: 0n,
      forwardFee: MESSAGE_FWD_FEE_CARRIED,
      createdLt,
      createdAt: now,
    },
    init: null,
    body,
  };
}

/**
 * Delivers an internal message at the cursor's next lt: credits its whole value to the destination
 * (created uninitialized when unknown). The receiver pays no fees. An account flagged to refuse transfers
 * (setRefusesTransfers) bounces a bounceable message that can pay the bounce's forwarding: its compute
 * phase fails (REFUSED_EXIT_CODE), its balance is unchanged, and the bounce is delivered to the sender
 * next (README.md). Nothing else bounces. Returns the destination's transaction.
 */
export async function deliver(
  q: Queryable,
  lt: LtCursor,
  now: number,
  message: Message,
  cell: Cell,
): Promise<{ lt: bigint; hash: string }> {
  const info = message.info as CommonMessageInfoInternal;
  const { row: before, existed } = await lockAccount(q, info.dest.toRawString());
  const value = info.value.coins;
  const active = before.state === 'active';
  if (before.refuses_transfers && info.bounce && !info.bounced && value > MESSAGE_FORWARD_FEE) {
    const transactionLt = lt.next();
    const bounce = bounceOf(message, info, lt.next(), now);
    const refused = await recordTransaction(q, {
      before,
      after: before,
      existed,
      lt: transactionLt,
      now,
      inMessage: message,
      inMessageCell: cell,
      outMessages: [bounce],
      totalFees: MESSAGE_ACTION_FEE,
      description: {
        type: 'generic',
        creditFirst: false,
        storagePhase: noStoragePhase,
        creditPhase: { credit: { coins: value } },
        computePhase: {
          ...vmPhase({ gasFees: 0n, gasUsed: 0n, deploying: false }),
          success: false,
          exitCode: REFUSED_EXIT_CODE,
        },
        actionPhase: null,
        bouncePhase: {
          type: 'ok',
          messageSize: cellStats([bounce.body]),
          messageFees: MESSAGE_ACTION_FEE,
          forwardFees: MESSAGE_FWD_FEE_CARRIED,
        },
        aborted: true,
        destroyed: false,
      },
    });
    await deliver(q, lt, now, bounce, messageCell(bounce));
    return refused;
  }
  if (before.balance + value > MAX_NANOTONS) throw badRequest('The credit would overflow the account balance');
  const after: AccountRow = { ...before, balance: before.balance + value };
  return recordTransaction(q, {
    before,
    after,
    existed,
    lt: lt.next(),
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
