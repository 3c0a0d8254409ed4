/**
 * Reads and get methods, in toncenter v2's shapes: accounts, an account's transactions, the
 * masterchain's last block, and get methods, which run on the TVM (tvm.ts) on the account's stored code,
 * data and balance.
 */
import { Address, Cell, type TupleItem, getMethodId } from '@ton/core';
import type { Queryable } from '../../db/index';
import { MAX_TRANSACTIONS_LIMIT } from './constants';
import { ChainError } from './errors';
import {
  type AccountRow,
  type AccountState,
  type TransactionRow,
  findAccount,
  lastBlock,
  listTransactionRows,
  transactionExists,
} from './queries';
import {
  type ToncenterTransaction,
  base64,
  friendly,
  inToncenterOrder,
  normaliseHash,
  transactionId,
} from './toncenter';
import { nowSeconds, sha256 } from './transactions';
import { runGetMethod as runOnTvm } from './tvm';

export interface ChainAccount {
  /** Raw form '0:<hex>'. */
  address: string;
  balance: bigint;
  state: AccountState;
  /** base64 BOC, null until deployed. */
  code: string | null;
  data: string | null;
  lastLt: bigint;
  lastHash: string | null;
}

function toChainAccount(address: Address, row: AccountRow | undefined): ChainAccount {
  return {
    address: address.toRawString(),
    balance: row?.balance ?? 0n,
    state: row?.state ?? 'uninitialized',
    code: row?.code ?? null,
    data: row?.data ?? null,
    lastLt: row?.last_lt ?? 0n,
    lastHash: row?.last_hash ?? null,
  };
}

/** An address never seen is an uninitialized account with a zero balance, as on a real chain. */
export async function getAccount(q: Queryable, address: Address): Promise<ChainAccount> {
  return toChainAccount(address, await findAccount(q, address.toRawString()));
}

function toToncenterTransaction(row: TransactionRow): ToncenterTransaction {
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: friendly(Address.parseRaw(row.account)) },
    utime: Number(row.utime),
    data: row.boc,
    transaction_id: transactionId(row.lt, row.hash),
    fee: row.fee.toString(),
    storage_fee: row.storage_fee.toString(),
    other_fee: (row.fee - row.storage_fee).toString(),
    ...(row.in_msg ? { in_msg: inToncenterOrder(row.in_msg) } : {}),
    out_msgs: row.out_msgs.map(inToncenterOrder),
  };
}

/**
 * An account's transactions, newest first, as toncenter's getTransactions: from the transaction
 * `lt`+`hash` (inclusive; both or neither) back to, but not including, `toLt`.
 */
export async function listTransactions(
  q: Queryable,
  address: Address,
  opts: { limit: number; lt?: bigint; hash?: string; toLt?: bigint },
): Promise<ToncenterTransaction[]> {
  if (!Number.isInteger(opts.limit) || opts.limit < 1 || opts.limit > MAX_TRANSACTIONS_LIMIT) {
    throw new ChainError('bad_request', 422, `limit must be an integer from 1 to ${MAX_TRANSACTIONS_LIMIT}`);
  }
  if ((opts.lt === undefined) !== (opts.hash === undefined)) {
    throw new ChainError('bad_request', 422, 'lt and hash must be given together');
  }
  const account = address.toRawString();
  let fromLt: bigint | null = null;
  if (opts.lt !== undefined && opts.hash !== undefined) {
    const hash = normaliseHash(opts.hash);
    if (!hash) throw new ChainError('bad_request', 422, 'hash must be 32 bytes in base64 or hex');
    if (!(await transactionExists(q, account, opts.lt, hash))) {
      throw new ChainError(
        'transaction_not_found',
        404,
        `Cannot locate transaction lt=${opts.lt} hash=${hash} of account ${friendly(address)}`,
      );
    }
    fromLt = opts.lt;
  }
  const rows = await listTransactionRows(q, account, { limit: opts.limit, fromLt, toLt: opts.toLt ?? 0n });
  return rows.map(toToncenterTransaction);
}

const blockId = (seqno: bigint) => ({
  '@type': 'ton.blockIdExt' as const,
  workchain: -1,
  shard: '-9223372036854775808',
  seqno: Number(seqno),
  root_hash: base64(sha256(`dev chain block ${seqno} root`)),
  file_hash: base64(sha256(`dev chain block ${seqno} file`)),
});

/** The masterchain's first block (toncenter's `init`): the dev chain's history starts at block 0. */
const initBlockId = () => ({ ...blockId(0n), shard: '0' });

/**
 * getMasterchainInfo's result, in toncenter v2's shape (`blocks.masterchainInfo`): the last block the
 * chain opened (every faucet payment and accepted external message is one), and the first one.
 */
export async function masterchainInfo(q: Queryable) {
  const block = await lastBlock(q);
  return {
    '@type': 'blocks.masterchainInfo' as const,
    last: blockId(block.seqno),
    state_root_hash: base64(sha256(`dev chain block ${block.seqno} state`)),
    init: initBlockId(),
  };
}

/** getAddressInformation's result (toncenter's raw.fullAccountState plus its `state`). */
export async function addressInformation(q: Queryable, address: Address) {
  const account = await getAccount(q, address);
  const block = await lastBlock(q);
  return {
    '@type': 'raw.fullAccountState' as const,
    balance: account.balance.toString(),
    extra_currencies: [] as [],
    code: account.code ?? '',
    data: account.data ?? '',
    last_transaction_id: transactionId(account.lastLt, account.lastHash),
    block_id: blockId(block.seqno),
    frozen_hash: '',
    sync_utime: nowSeconds(),
    state: account.state,
  };
}

export type StackEntry = [type: string, value: unknown];

export interface RunGetMethodResult {
  '@type': 'smc.runResult';
  gas_used: number;
  stack: StackEntry[];
  exit_code: number;
}

/** toncenter writes integers as hex: ['num', '0x2a']. */
const hex = (value: bigint): string => (value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`);

/** A stack entry inside a tuple or list, in tonlib's tvm.stackEntry* form (what TonClient's parser reads). */
function nestedEntry(item: TupleItem): Record<string, unknown> {
  switch (item.type) {
    case 'int':
      return {
        '@type': 'tvm.stackEntryNumber',
        number: { '@type': 'tvm.numberDecimal', number: item.value.toString() },
      };
    case 'cell':
      return { '@type': 'tvm.stackEntryCell', cell: { '@type': 'tvm.cell', bytes: bocOf(item.cell) } };
    case 'slice':
    case 'builder':
      return { '@type': 'tvm.stackEntrySlice', slice: { '@type': 'tvm.slice', bytes: bocOf(item.cell) } };
    case 'tuple':
      return { '@type': 'tvm.stackEntryTuple', tuple: { '@type': 'tvm.tuple', elements: item.items.map(nestedEntry) } };
    // No get method the product calls returns these inside a tuple.
    case 'nan':
    case 'null':
      return { '@type': 'tvm.stackEntryUnsupported' };
  }
}

const bocOf = (cell: Cell): string => cell.toBoc({ idx: false, crc32: false }).toString('base64');

/** A result stack entry as toncenter renders it. */
function stackEntry(item: TupleItem): StackEntry {
  switch (item.type) {
    case 'int':
      return ['num', hex(item.value)];
    case 'nan':
      return ['num', 'NaN'];
    case 'null':
      return ['null', null];
    case 'cell':
      return ['cell', { bytes: bocOf(item.cell), object: null }];
    case 'slice':
    case 'builder':
      return ['slice', { bytes: bocOf(item.cell), object: null }];
    case 'tuple':
      return ['tuple', { '@type': 'tvm.tuple', elements: item.items.map(nestedEntry) }];
  }
}

/** An argument as toncenter takes it: ['num', decimal or hex], ['tvm.Cell' | 'tvm.Slice' | 'tvm.Builder', base64 BOC]. */
function argument(entry: unknown): TupleItem {
  const bad = () =>
    new ChainError('bad_request', 422, `unsupported stack entry ${JSON.stringify(entry)?.slice(0, 100)}`);
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') throw bad();
  const [type, value] = entry as [string, unknown];
  if (type === 'num' && (typeof value === 'string' || typeof value === 'number')) {
    const text = String(value).trim();
    const negative = text.startsWith('-');
    const digits = negative ? text.slice(1) : text;
    if (!/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(digits)) throw bad();
    return { type: 'int', value: negative ? -BigInt(digits) : BigInt(digits) };
  }
  if (typeof value !== 'string') throw bad();
  let cell: Cell;
  try {
    cell = Cell.fromBase64(value);
  } catch {
    throw bad();
  }
  if (type === 'tvm.Cell' || type === 'cell') return { type: 'cell', cell };
  if (type === 'tvm.Slice' || type === 'slice') return { type: 'slice', cell };
  if (type === 'tvm.Builder') return { type: 'builder', cell };
  throw bad();
}

/**
 * Runs a get method by name or id on the account's stored code and data, on the TVM, with `stack` as its
 * arguments. An account without code answers exit code -13 with an empty stack, as toncenter does for an
 * uninitialized wallet; a method the code lacks answers what the code throws (11 for the usual dispatcher).
 */
export async function runGetMethod(
  q: Queryable,
  address: Address,
  method: string | number,
  stack: unknown[] = [],
): Promise<RunGetMethodResult> {
  const args = stack.map(argument);
  const row = await findAccount(q, address.toRawString());
  if (!row || row.state !== 'active' || !row.code || !row.data) {
    return { '@type': 'smc.runResult', gas_used: 0, stack: [], exit_code: -13 };
  }
  const run = await runOnTvm({
    address,
    code: Cell.fromBase64(row.code),
    data: Cell.fromBase64(row.data),
    balance: row.balance,
    methodId: typeof method === 'number' ? method : getMethodId(method),
    stack: args,
    now: nowSeconds(),
  });
  return { '@type': 'smc.runResult', gas_used: run.gasUsed, stack: run.stack.map(stackEntry), exit_code: run.exitCode };
}

/** A wallet's seqno as its `seqno` get method answers it (0 for a wallet not deployed yet). */
export async function walletSeqno(q: Queryable, address: Address): Promise<number> {
  const result = await runGetMethod(q, address, 'seqno');
  if (result.exit_code === -13) return 0;
  const [entry] = result.stack;
  if (result.exit_code !== 0 || entry?.[0] !== 'num') {
    throw new Error(`seqno get method of ${address.toRawString()} failed with exit code ${result.exit_code}`);
  }
  return Number(BigInt(entry[1] as string));
}
