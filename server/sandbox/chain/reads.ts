/**
 * Reads and get methods, in toncenter v2's shapes: accounts, an account's transactions, the
 * masterchain's last block, and wallet v4r2's get methods.
 */
import { Address, Cell, getMethodId } from '@ton/core';
import type { Queryable } from '../../db/index';
import { GET_METHOD_GAS_USED, MAX_TRANSACTIONS_LIMIT } from './constants';
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
import { EXIT_METHOD_NOT_FOUND, type WalletV4Data, isWalletV4Code, parseWalletV4Data } from './wallet-v4';

export interface ChainAccount {
  /** Raw form '0:<hex>'. */
  address: string;
  balance: bigint;
  state: AccountState;
  /** base64 BOC, null until deployed. */
  code: string | null;
  data: string | null;
  seqno: number;
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
    seqno: row?.seqno ?? 0,
    lastLt: row?.last_lt ?? 0n,
    lastHash: row?.last_hash ?? null,
  };
}

/** An address never seen is an uninitialized account with a zero balance, as on a real chain. */
export async function getAccount(q: Queryable, address: Address): Promise<ChainAccount> {
  return toChainAccount(address, await findAccount(q, address.toRawString()));
}

function toToncenterTransaction(row: TransactionRow): ToncenterTransaction {
  const fee = row.fee.toString();
  return {
    '@type': 'raw.transaction',
    address: { '@type': 'accountAddress', account_address: friendly(Address.parseRaw(row.account)) },
    utime: Number(row.utime),
    data: row.boc,
    transaction_id: transactionId(row.lt, row.hash),
    fee,
    storage_fee: '0',
    other_fee: fee,
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
const num = (value: bigint | number): StackEntry => {
  const big = BigInt(value);
  return ['num', big < 0n ? `-0x${(-big).toString(16)}` : `0x${big.toString(16)}`];
};

const WALLET_GETTERS: Record<number, (data: WalletV4Data) => StackEntry[]> = {
  [getMethodId('seqno')]: (data) => [num(data.seqno)],
  [getMethodId('get_public_key')]: (data) => [num(BigInt(`0x${data.publicKey.toString('hex')}`))],
  [getMethodId('get_subwallet_id')]: (data) => [num(data.subwalletId)],
  // No plugins on this chain.
  [getMethodId('get_plugin_list')]: () => [['list', { '@type': 'tvm.list', elements: [] }]],
  [getMethodId('is_plugin_installed')]: () => [num(0)],
};

/**
 * Wallet v4r2 get methods by name or id. An account without code answers exit code -13 with an empty
 * stack, as toncenter does for an uninitialized wallet; a method the code lacks answers 11.
 */
export async function runGetMethod(
  q: Queryable,
  address: Address,
  method: string | number,
): Promise<RunGetMethodResult> {
  const row = await findAccount(q, address.toRawString());
  const result = (exitCode: number, stack: StackEntry[] = []): RunGetMethodResult => ({
    '@type': 'smc.runResult',
    gas_used: exitCode === -13 ? 0 : GET_METHOD_GAS_USED,
    stack,
    exit_code: exitCode,
  });
  if (!row || row.state !== 'active' || !row.code || !row.data) return result(-13);
  if (!isWalletV4Code(Cell.fromBase64(row.code))) return result(EXIT_METHOD_NOT_FOUND);
  const getter = WALLET_GETTERS[typeof method === 'number' ? method : getMethodId(method)];
  if (!getter) return result(EXIT_METHOD_NOT_FOUND);
  return result(0, getter(parseWalletV4Data(Cell.fromBase64(row.data))));
}
