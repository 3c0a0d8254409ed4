/**
 * Writing the dev chain (README.md beside this file): a message and every internal message it causes,
 * each run as one transaction on the TVM (tvm.ts) from the destination account's stored state, with the
 * account's new state, the Transaction cell (its hash, lt and BOC as the emulator made them) and
 * toncenter's rendering stored per transaction. Sending (send.ts) and the faucet (faucet.ts) build on this.
 *
 * Every write is one database transaction that first opens a block (queries.openBlock), which also
 * serialises chain writes; each account's row is locked as its transaction runs, and only the accounts a
 * message reaches are read and written, never the whole chain.
 */
import { createHash } from 'node:crypto';
import {
  type Address,
  Cell,
  type Message,
  type ShardAccount,
  beginCell,
  loadMessage,
  loadShardAccount,
  storeMessage,
} from '@ton/core';
import type { Queryable } from '../../db/index';
import { LT_PER_BLOCK, MAX_NANOTONS } from './constants';
import { badRequest, notAccepted } from './errors';
import {
  type AccountRow,
  type Block,
  type NewTransaction,
  insertTransactions,
  lockAccount,
  lockAccounts,
  updateAccount,
  updateAccounts,
} from './queries';
import { base64, bocBase64, renderMessage, stateBocBase64 } from './toncenter';
import { runTransaction, shardAccountBoc } from './tvm';

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Hands out the logical times of one block in order: each transaction starts at the first lt after
 * everything before it in the block (the previous transaction's out messages included).
 */
export class LtCursor {
  private last: bigint;
  constructor(block: Block) {
    this.last = block.seqno * LT_PER_BLOCK;
  }
  next(): bigint {
    this.last += 1n;
    return this.last;
  }
  /** After a transaction: its end lt (its lt + 1 + its out messages) is the last one taken. */
  passed(lt: bigint): void {
    if (lt > this.last) this.last = lt;
  }
}

export const messageCell = (message: Message): Cell => beginCell().store(storeMessage(message)).endCell();

const hashText = (hash: bigint): string => base64(Buffer.from(hash.toString(16).padStart(64, '0'), 'hex'));
const hashNumber = (hash: string): bigint => BigInt(`0x${Buffer.from(hash, 'base64').toString('hex')}`);

/**
 * The account's state as the TVM reads it. A row without a ShardAccount is an account no transaction has
 * run on since the chain ran on the TVM: nothing (account_none) when it has no history, else rebuilt from
 * its columns (a row the chain wrote before migration 0035).
 */
export function accountState(address: Address, row: AccountRow): ShardAccount {
  if (row.shard_account) return loadShardAccount(Cell.fromBase64(row.shard_account).beginParse());
  const hasHistory = row.last_lt > 0n || row.balance > 0n || row.state !== 'uninitialized';
  return {
    account: hasHistory
      ? {
          addr: address,
          storageStats: { used: { cells: 0n, bits: 0n }, storageExtra: null, lastPaid: 0, duePayment: null },
          storage: {
            lastTransLt: row.last_lt,
            balance: { coins: row.balance },
            state:
              row.state === 'active' && row.code && row.data
                ? { type: 'active', state: { code: Cell.fromBase64(row.code), data: Cell.fromBase64(row.data) } }
                : { type: 'uninit' },
          },
        }
      : null,
    lastTransactionLt: row.last_lt,
    lastTransactionHash: row.last_hash ? hashNumber(row.last_hash) : 0n,
  };
}

/** The row for a new state: the ShardAccount and the reads' copy of it. */
export function rowOf(row: AccountRow, shard: ShardAccount): AccountRow {
  const storage = shard.account?.storage;
  const state = storage?.state;
  const active = state?.type === 'active' ? state.state : null;
  return {
    ...row,
    balance: storage?.balance.coins ?? 0n,
    state: state?.type === 'active' ? 'active' : state?.type === 'frozen' ? 'frozen' : 'uninitialized',
    code: active?.code ? stateBocBase64(active.code) : null,
    data: active?.data ? stateBocBase64(active.data) : null,
    last_lt: shard.lastTransactionLt,
    last_hash: shard.lastTransactionHash === 0n ? null : hashText(shard.lastTransactionHash),
    shard_account: shardAccountBoc(shard),
  };
}

/**
 * At most this many transactions per message run in one database transaction (contracts messaging each
 * other can go on for long; fees end it only slowly): past it the whole message is refused. Also keeps a
 * block's logical times (each transaction takes 1 + its out messages, at most 256) within LT_PER_BLOCK.
 */
export const MAX_TRANSACTIONS_PER_MESSAGE = 1_000;

/** One transaction the chain ran and stored. */
export interface RunTransaction {
  account: Address;
  lt: bigint;
  /** base64 hash of the Transaction cell. */
  hash: string;
}

/**
 * Runs `first` (an external inbound message, or an internal one from outside the chain: the faucet) and
 * then every internal message it causes, breadth first, each on its destination's state, and stores them.
 * External out messages go nowhere (there is no indexer to give them to). An external message the account
 * does not accept throws ChainError and, the database transaction rolled back, changes nothing. Returns the
 * transactions in the order they ran, `first`'s first.
 *
 * Each account is locked and read once (the destinations of a transaction's messages together, in one
 * statement), then kept here as it changes; the new states and the transactions are written at the end,
 * one statement each: a wallet's transfer of 255 payouts is a handful of statements, not a thousand
 * (docs/performance.md "Payouts").
 */
export async function execute(q: Queryable, lt: LtCursor, now: number, first: Cell): Promise<RunTransaction[]> {
  const ran: RunTransaction[] = [];
  const accounts = new Map<string, AccountRow>();
  const changed = new Set<string>();
  const stored: NewTransaction[] = [];
  const queue: Cell[] = [first];
  for (let cell = queue.shift(); cell; cell = queue.shift()) {
    const message = loadMessage(cell.beginParse());
    const { info } = message;
    if (info.type === 'external-out') continue;
    if (ran.length >= MAX_TRANSACTIONS_PER_MESSAGE) {
      throw badRequest(
        `The message caused more than ${MAX_TRANSACTIONS_PER_MESSAGE} transactions; the dev chain refuses it`,
      );
    }
    const address = info.dest.toRawString();
    const before = accounts.get(address) ?? (await lockAccount(q, address)).row;
    const inLt = info.type === 'internal' ? info.createdLt + 1n : 0n;
    const start = lt.next();
    const run = await runTransaction({
      account: accountState(info.dest, before),
      message: cell,
      now,
      lt: start > inLt ? start : inLt,
    });
    if (!run.accepted) {
      if (info.type === 'external-in') throw notAccepted(run.error, run.exitCode);
      // A node always makes a transaction of an internal message; the emulator failing to is a dev chain bug.
      throw new Error(`the TVM could not run an internal message to ${address}: ${run.error}`);
    }
    const after = rowOf(before, run.account);
    if (after.balance > MAX_NANOTONS) throw badRequest('The credit would overflow the account balance');
    const { transaction } = run;
    const hash = base64(run.cell.hash());
    const outMessages = run.outMessages.map((outCell) => ({
      cell: outCell,
      message: loadMessage(outCell.beginParse()),
    }));
    const carried = outMessages.reduce(
      (sum, out) => sum + (out.message.info.type === 'internal' ? out.message.info.forwardFee : 0n),
      0n,
    );
    const description = transaction.description;
    stored.push({
      account: before.address,
      lt: transaction.lt,
      hash,
      utime: transaction.now,
      balanceDelta: after.balance - before.balance,
      balanceAfter: after.balance,
      fee: transaction.totalFees.coins + carried,
      storageFee: description.type === 'generic' ? (description.storagePhase?.storageFeesCollected ?? 0n) : 0n,
      inMsgHash: base64(cell.hash()),
      inMsg: renderMessage(message, cell),
      outMsgs: outMessages.map((out) => renderMessage(out.message, out.cell)),
      boc: bocBase64(run.cell),
    });
    accounts.set(address, after);
    changed.add(address);
    lt.passed(run.account.account?.storage.lastTransLt ?? transaction.lt + 1n + BigInt(outMessages.length));
    ran.push({ account: info.dest, lt: transaction.lt, hash });
    const destinations = new Set<string>();
    for (const out of outMessages) {
      queue.push(out.cell);
      const dest = out.message.info.type === 'internal' ? out.message.info.dest.toRawString() : null;
      if (dest !== null && !accounts.has(dest)) destinations.add(dest);
    }
    for (const [key, row] of await lockAccounts(q, [...destinations])) accounts.set(key, row);
  }
  await updateAccounts(
    q,
    [...changed].map((address) => accounts.get(address) as AccountRow),
  );
  await insertTransactions(q, stored);
  return ran;
}

/** The exit code of an account that refuses transfers: its code is `throw 100` meanwhile. */
export const REFUSED_EXIT_CODE = 100;

/** `THROW 100` (TVM opcode F2C4_ with an 11-bit argument): a contract that refuses every message. */
export const REFUSING_CODE = beginCell().storeUint(0b1111001011000, 13).storeUint(REFUSED_EXIT_CODE, 11).endCell();

/**
 * Makes an active account refuse every incoming message (or, with false, run its own code again): its code
 * is replaced by REFUSING_CODE, so on the TVM a bounceable transfer to it fails in the compute phase and
 * bounces back to its sender, and a non-bounceable one stays credited, as with any contract that throws.
 * Its own code is kept in refused_code meanwhile; its data, balance and history are untouched.
 */
export async function setRefusing(q: Queryable, address: Address, refuses: boolean): Promise<void> {
  const { row } = await lockAccount(q, address.toRawString());
  if (refuses === (row.refused_code !== null)) return;
  const shard = accountState(address, row);
  const state = shard.account?.storage.state;
  if (state?.type !== 'active' || !state.state.code) {
    throw badRequest('Only a deployed account can be made to refuse transfers');
  }
  const code = refuses ? REFUSING_CODE : Cell.fromBase64(row.refused_code ?? '');
  const own = state.state.code;
  const changed: ShardAccount = {
    ...shard,
    account: shard.account && {
      ...shard.account,
      storage: { ...shard.account.storage, state: { type: 'active', state: { ...state.state, code } } },
    },
  };
  await updateAccount(q, { ...rowOf(row, changed), refused_code: refuses ? stateBocBase64(own) : null });
}
