/**
 * The TVM the dev chain runs on: @ton/sandbox's Executor, the TON node's transaction emulator compiled to
 * WASM, which runs one transaction from an account's state (a ShardAccount cell), one message and the
 * chain config, exactly as a validator would, and runs get methods on a code and data cell. Nothing here
 * touches the database: transactions.ts loads the account's state, runs it here and stores what comes back
 * (README.md beside this file, docs/architecture.md "Dev chain").
 *
 * @ton/sandbox is a devDependency: it is imported lazily, on the first message or get method, so the
 * production server (installed without dev dependencies, never in sandbox mode) never loads it; the sandbox
 * runs from a full install (`npm start`, `npm run dev`). scripts/build-server.ts allows exactly this import.
 * The executor is created once per process (~0.5 s for the WASM, plus ~0.3 s for the first transaction
 * to parse the config); after that a wallet transfer runs in a few milliseconds.
 *
 * The config is @ton/sandbox's slim mainnet config (params 0–31: the gas, storage and forwarding prices,
 * limits and workchain rules a transaction needs), not the full one, which the emulator would parse again
 * for every get method (~20 ms each instead of ~1 ms).
 */
import { randomBytes } from 'node:crypto';
import {
  type Address,
  Cell,
  Dictionary,
  type ShardAccount,
  type TupleItem,
  type Transaction,
  beginCell,
  loadShardAccount,
  loadTransaction,
  parseTuple,
  storeShardAccount,
} from '@ton/core';
import type { Executor } from '@ton/sandbox';

interface Tvm {
  executor: Executor;
  config: string;
}

let loading: Promise<Tvm> | undefined;

/** The process's executor, created on first use. */
function tvm(): Promise<Tvm> {
  loading ??= (async () => {
    const [{ Executor: ExecutorClass }, { slimConfig }] = await Promise.all([
      import('@ton/sandbox/dist/executor/Executor.js') as Promise<typeof import('@ton/sandbox/dist/executor/Executor')>,
      import('@ton/sandbox/dist/config/slimConfig.js') as Promise<typeof import('@ton/sandbox/dist/config/slimConfig')>,
    ]);
    return { executor: await ExecutorClass.create(), config: slimConfig };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

export const shardAccountBoc = (account: ShardAccount): string =>
  beginCell().store(storeShardAccount(account)).endCell().toBoc().toString('base64');

export type TransactionRun =
  | {
      accepted: true;
      /** The Transaction cell as the emulator built it: its hash is the transaction's hash. */
      cell: Cell;
      transaction: Transaction;
      /** The out messages' own cells (their hashes are the messages' hashes), in order. */
      outMessages: Cell[];
      account: ShardAccount;
    }
  | {
      accepted: false;
      /** The emulator's reason (an external message the contract did not accept_message() for). */
      error: string;
      /** The compute phase's exit code, when the contract ran. */
      exitCode: number | undefined;
    };

/** Out messages as the transaction holds them: HashmapE 15 ^(Message Any), read as the cells themselves. */
function outMessageCells(transactionCell: Cell, count: number): Cell[] {
  if (count === 0) return [];
  // The transaction's second reference is ^[ in_msg:(Maybe ^Message) out_msgs:(HashmapE 15 ^Message) ].
  const messages = transactionCell.refs[0]?.beginParse();
  if (!messages) throw new Error('transaction without its messages cell');
  if (messages.loadBit()) messages.loadRef();
  const dict = messages.loadDict(Dictionary.Keys.Uint(15), {
    serialize: () => {
      throw new Error('read only');
    },
    parse: (slice) => slice.loadRef(),
  });
  return [...Array(count).keys()].map((index) => {
    const cell = dict.get(index);
    if (!cell) throw new Error(`transaction without out message ${index}`);
    return cell;
  });
}

/** Runs one transaction: `message` (a Message cell) on `account` at `now` and logical time `lt`. */
export async function runTransaction(args: {
  account: ShardAccount;
  message: Cell;
  now: number;
  lt: bigint;
  ignoreChksig?: boolean;
}): Promise<TransactionRun> {
  const { executor, config } = await tvm();
  const { result } = await executor.runTransaction({
    config,
    libs: null,
    verbosity: 'short',
    shardAccount: shardAccountBoc(args.account),
    message: args.message,
    now: args.now,
    lt: args.lt,
    randomSeed: randomBytes(32),
    ignoreChksig: args.ignoreChksig ?? false,
    debugEnabled: false,
  });
  if (!result.success) return { accepted: false, error: result.error, exitCode: result.vmResults?.vmExitCode };
  const cell = Cell.fromBase64(result.transaction);
  const transaction = loadTransaction(cell.beginParse());
  return {
    accepted: true,
    cell,
    transaction,
    outMessages: outMessageCells(cell, transaction.outMessagesCount),
    account: loadShardAccount(Cell.fromBase64(result.shardAccount).beginParse()),
  };
}

export interface GetMethodRun {
  exitCode: number;
  gasUsed: number;
  /** The result stack, bottom first (@ton/core's TupleItem). */
  stack: TupleItem[];
}

/** Runs get method `methodId` on a contract's code and data, as a node does for runGetMethod. */
export async function runGetMethod(args: {
  address: Address;
  code: Cell;
  data: Cell;
  balance: bigint;
  methodId: number;
  stack: TupleItem[];
  now: number;
}): Promise<GetMethodRun> {
  const { executor, config } = await tvm();
  const { output } = await executor.runGetMethod({
    code: args.code,
    data: args.data,
    methodId: args.methodId,
    stack: args.stack,
    config,
    verbosity: 'short',
    address: args.address,
    unixTime: args.now,
    balance: args.balance,
    randomSeed: randomBytes(32),
    gasLimit: 10_000_000n,
    debugEnabled: false,
  });
  if (!output.success) throw new Error(`get method failed in the emulator: ${output.error}`);
  return {
    exitCode: output.vm_exit_code,
    gasUsed: Number(output.gas_used),
    stack: output.vm_exit_code === 0 || output.vm_exit_code === 1 ? parseTuple(Cell.fromBase64(output.stack)) : [],
  };
}
