/**
 * The dev chain (DESIGN.md §2): accounts and transfers in the database behind a toncenter-compatible
 * node. Messages, addresses and signatures are real (@ton/core, ed25519); contract logic is wallet
 * v4r2 written in TypeScript (wallet-v4.ts). What is simplified is listed in README.md beside this file.
 *
 * Every write is one database transaction that first opens a block (queries.openBlock), which also
 * serialises chain writes; every balance change is a chain_transactions row written with it.
 */
import { createHash } from 'node:crypto';
import {
  Address,
  Cell,
  type CommonMessageInfoExternalIn,
  type CommonMessageInfoInternal,
  type DictionaryValue,
  Dictionary,
  type Message,
  type MessageRelaxed,
  type StateInit,
  type Transaction,
  type TransactionActionPhase,
  type TransactionComputePhase,
  type TransactionDescriptionGeneric,
  beginCell,
  comment as commentCell,
  contractAddress,
  external,
  getMethodId,
  loadMessage,
  loadMessageRelaxed,
  storeMessage,
  storeTransaction,
} from '@ton/core';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import {
  EXTERNAL_IMPORT_FEE,
  FAUCET_ADDRESS,
  GET_METHOD_GAS_USED,
  LT_PER_BLOCK,
  MAX_NANOTONS,
  MAX_TRANSACTIONS_LIMIT,
  MESSAGE_ACTION_FEE,
  MESSAGE_FORWARD_FEE,
  MESSAGE_FWD_FEE_CARRIED,
  SANDBOX_TREASURY_FUNDING,
  WALLET_GAS_FEE,
  WALLET_GAS_USED,
  externalMessageFees,
} from './constants';
import { ChainError, badRequest, rejected } from './errors';
import {
  type AccountRow,
  type AccountState,
  type Block,
  type TransactionRow,
  findAccount,
  insertTransaction,
  lastBlock,
  listTransactionRows,
  lockAccount,
  lockChain,
  messageApplied,
  openBlock,
  transactionExists,
  updateAccount,
} from './queries';
import {
  type ToncenterMessage,
  type ToncenterTransaction,
  base64,
  bocBase64,
  friendly,
  inToncenterOrder,
  normaliseHash,
  renderMessage,
  stateBocBase64,
  transactionId,
} from './toncenter';
import { sandboxTreasuryKeyPair, sandboxTreasuryWallet } from './treasury';
import {
  EXIT_BAD_SIGNATURE,
  EXIT_CELL_UNDERFLOW,
  EXIT_EXPIRED,
  EXIT_METHOD_NOT_FOUND,
  EXIT_WRONG_SEQNO,
  EXIT_WRONG_SUBWALLET,
  type WalletV4Action,
  type WalletV4Data,
  type WalletV4ExternalBody,
  isSignedBy,
  isWalletV4Code,
  parseWalletV4Body,
  parseWalletV4Data,
  walletV4Data,
} from './wallet-v4';

export type { ToncenterMessage, ToncenterTransaction } from './toncenter';
export { ChainError, type ChainErrorReason } from './errors';

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

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sha256 = (text: string) => createHash('sha256').update(text).digest();

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

// ---- building transactions ----------------------------------------------------------------------

/** Hands out the logical times of one block in order. */
class LtCursor {
  private last: bigint;
  constructor(block: Block) {
    this.last = block.seqno * LT_PER_BLOCK;
  }
  next(): bigint {
    this.last += 1n;
    return this.last;
  }
}

const messageCell = (message: Message): Cell => beginCell().store(storeMessage(message)).endCell();

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
async function recordTransaction(q: Queryable, parts: TransactionParts): Promise<{ lt: bigint; hash: string }> {
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

const noStoragePhase = { storageFeesCollected: 0n, statusChange: 'unchanged' as const };

function actionPhase(args: {
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

const vmPhase = (args: { gasFees: bigint; gasUsed: bigint; deploying: boolean }): TransactionComputePhase => ({
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
async function deliver(q: Queryable, lt: bigint, now: number, message: Message, cell: Cell) {
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

// ---- faucet --------------------------------------------------------------------------------------

async function faucetIn(q: Queryable, address: Address, nanotons: bigint, comment: string | undefined, now: number) {
  if (nanotons <= 0n) throw badRequest('The faucet amount must be positive');
  const lt = new LtCursor(await openBlock(q, now));
  const message: Message = {
    info: {
      type: 'internal',
      ihrDisabled: true,
      bounce: false,
      bounced: false,
      src: FAUCET_ADDRESS,
      dest: address,
      value: { coins: nanotons },
      ihrFee: 0n,
      forwardFee: 0n,
      createdLt: lt.next(),
      createdAt: now,
    },
    body: comment === undefined || comment === '' ? Cell.EMPTY : commentCell(comment),
  };
  return deliver(q, lt.next(), now, message, messageCell(message));
}

/**
 * Pays `nanotons` to `address` as an internal message from FAUCET_ADDRESS (with `comment` as a text
 * comment). Returns the receiving transaction's lt and hash.
 */
export async function faucet(
  deps: Deps,
  address: Address,
  nanotons: bigint,
  comment?: string,
): Promise<{ lt: bigint; hash: string }> {
  return deps.db.tx((q) => faucetIn(q, address, nanotons, comment, nowSeconds()));
}

// ---- external messages ----------------------------------------------------------------------------

function parseExternalMessage(boc: Buffer | string): { message: Message; cell: Cell } {
  const bytes = typeof boc === 'string' ? Buffer.from(boc.trim(), 'base64') : boc;
  let cells: Cell[];
  try {
    cells = Cell.fromBoc(bytes);
  } catch {
    throw badRequest('Failed to deserialize bag of cells');
  }
  const [cell] = cells;
  if (!cell || cells.length !== 1) throw badRequest('The bag of cells must have exactly one root');
  let message: Message;
  try {
    message = loadMessage(cell.beginParse());
  } catch {
    throw badRequest('Failed to unpack Message');
  }
  if (message.info.type !== 'external-in') {
    throw new ChainError('not_external', 400, 'Only external inbound messages can be sent to the chain');
  }
  return { message, cell };
}

interface Wallet {
  address: Address;
  /** The code cell as stored (deploys store the state init's code). */
  code: Cell;
  data: WalletV4Data;
  deploying: boolean;
}

/** The wallet a message goes to: an active v4r2 account, or one its state init deploys. */
function resolveWallet(address: Address, row: AccountRow | undefined, init: StateInit | null | undefined): Wallet {
  if (row?.state === 'frozen') throw rejected('frozen', 'the account is frozen');
  let code: Cell | null | undefined;
  let data: Cell | null | undefined;
  let deploying = false;
  if (row?.state === 'active') {
    code = Cell.fromBase64(row.code ?? '');
    data = Cell.fromBase64(row.data ?? '');
  } else {
    if (!init) {
      throw rejected(
        'not_initialized',
        row
          ? 'the account is not initialized and the message carries no state init'
          : 'the account does not exist and the message carries no state init',
      );
    }
    if (init.splitDepth != null || init.special != null || (init.libraries && init.libraries.size > 0)) {
      throw rejected('bad_state_init', 'state init with split depth, special flags or libraries is not supported');
    }
    if (!init.code || !init.data) throw rejected('bad_state_init', 'the state init has no code or no data');
    if (!contractAddress(address.workChain, init).equals(address)) {
      throw rejected('bad_state_init', "the state init's hash does not match the destination address");
    }
    ({ code, data } = init);
    deploying = true;
  }
  if (!isWalletV4Code(code)) {
    throw rejected('not_wallet', 'the dev chain runs wallet v4r2 contracts only, and this account is not one');
  }
  try {
    return { address, code: code as Cell, data: parseWalletV4Data(data as Cell), deploying };
  } catch {
    throw rejected('not_wallet', "the wallet's data cell is not wallet v4r2 data");
  }
}

/** The contract's checks, in its order and with its exit codes. */
function authorise(wallet: Wallet, body: Cell, now: number, checkSignature: boolean): WalletV4ExternalBody {
  let parsed: WalletV4ExternalBody;
  try {
    parsed = parseWalletV4Body(body);
  } catch {
    throw rejected('bad_body', 'the body is not a wallet v4r2 external message', EXIT_CELL_UNDERFLOW);
  }
  if (parsed.validUntil <= now) {
    throw rejected('expired', `the message expired at ${parsed.validUntil} (now ${now})`, EXIT_EXPIRED);
  }
  if (parsed.seqno !== wallet.data.seqno) {
    throw rejected(
      'wrong_seqno',
      `wrong seqno: the message has ${parsed.seqno}, the wallet expects ${wallet.data.seqno}`,
      EXIT_WRONG_SEQNO,
    );
  }
  if (parsed.subwalletId !== wallet.data.subwalletId) {
    throw rejected(
      'wrong_subwallet',
      `wrong subwallet id: the message has ${parsed.subwalletId}, the wallet has ${wallet.data.subwalletId}`,
      EXIT_WRONG_SUBWALLET,
    );
  }
  if (checkSignature && !isSignedBy(parsed, wallet.data.publicKey)) {
    throw rejected('bad_signature', "the signature does not match the wallet's public key", EXIT_BAD_SIGNATURE);
  }
  if (parsed.op !== 0) {
    throw rejected('unsupported_op', `wallet op ${parsed.op} (plugins) is not supported by the dev chain`);
  }
  return parsed;
}

const SEND_PAY_FEES_SEPARATELY = 1;
const SEND_IGNORE_ERRORS = 2;
const SEND_BOUNCE_IF_ACTION_FAILS = 16;
const SEND_DESTROY_IF_ZERO = 32;
const SEND_CARRY_ALL_BALANCE = 128;
/** 16 and 32 are accepted and have no effect here (README.md); 64 makes no sense for an external message. */
const SUPPORTED_MODE_BITS =
  SEND_PAY_FEES_SEPARATELY |
  SEND_IGNORE_ERRORS |
  SEND_BOUNCE_IF_ACTION_FAILS |
  SEND_DESTROY_IF_ZERO |
  SEND_CARRY_ALL_BALANCE;

interface PlannedSend {
  message: Omit<Message, 'info'> & { info: Omit<CommonMessageInfoInternal, 'createdLt' | 'createdAt'> };
  debit: bigint;
}

type SendOutcome = PlannedSend | { failure: ChainError };

/** One send_raw_message as the action phase runs it: what leaves the balance and what the message carries. */
function planSend(wallet: Wallet, remaining: bigint, action: WalletV4Action): SendOutcome {
  const invalid = (why: string): SendOutcome => ({ failure: rejected('invalid_action', why) });
  const { mode } = action;
  if ((mode & ~SUPPORTED_MODE_BITS) !== 0) {
    return invalid(`send mode ${mode} is not supported (0, 1, 2, 3 and 128 are; +16 and +32 are ignored)`);
  }
  let relaxed: MessageRelaxed;
  try {
    relaxed = loadMessageRelaxed(action.message.beginParse());
  } catch {
    return invalid('the action is not a message');
  }
  const { info } = relaxed;
  if (info.type !== 'internal') return invalid('only internal messages can be sent');
  if (info.src && !info.src.equals(wallet.address)) return invalid("the message's source is not the wallet");
  if (info.dest.workChain !== 0 && info.dest.workChain !== -1) {
    return invalid('the destination workchain must be 0 or -1');
  }
  if (info.value.other && info.value.other.size > 0) return invalid('extra currencies are not supported');

  const carryAll = (mode & SEND_CARRY_ALL_BALANCE) !== 0;
  // As in the action phase, carrying the whole balance always pays the fees out of the value.
  const feesSeparately = !carryAll && (mode & SEND_PAY_FEES_SEPARATELY) !== 0;
  const stated = carryAll ? remaining : info.value.coins;
  const debit = feesSeparately ? stated + MESSAGE_FORWARD_FEE : stated;
  const value = feesSeparately ? stated : stated - MESSAGE_FORWARD_FEE;
  if (value < 0n) {
    return {
      failure: rejected(
        'insufficient_funds',
        `the value ${stated} does not cover the forward fee ${MESSAGE_FORWARD_FEE}`,
      ),
    };
  }
  if (debit > remaining) {
    return {
      failure: rejected(
        'insufficient_funds',
        `insufficient balance: the transfer needs ${debit} nanotons, the wallet has ${remaining} left after fees`,
      ),
    };
  }
  return {
    debit,
    message: {
      info: {
        type: 'internal',
        ihrDisabled: info.ihrDisabled,
        bounce: info.bounce,
        bounced: false,
        src: wallet.address,
        dest: info.dest,
        value: { coins: value },
        ihrFee: 0n,
        forwardFee: MESSAGE_FWD_FEE_CARRIED,
      },
      init: relaxed.init ?? null,
      body: relaxed.body,
    },
  };
}

async function applyExternal(q: Queryable, message: Message, cell: Cell, now: number): Promise<void> {
  const info = message.info as CommonMessageInfoExternalIn;
  const block = await openBlock(q, now);
  const messageHash = base64(cell.hash());
  if (await messageApplied(q, messageHash)) throw rejected('duplicate', 'this message was already applied (a replay)');

  const { row: before, existed } = await lockAccount(q, info.dest.toRawString());
  const wallet = resolveWallet(info.dest, existed ? before : undefined, message.init);
  const body = authorise(wallet, message.body, now, true);

  // accept_message(): from here the wallet pays, so it must be able to.
  const gas = EXTERNAL_IMPORT_FEE + WALLET_GAS_FEE;
  if (before.balance < gas) {
    throw rejected(
      'insufficient_funds',
      `insufficient balance: ${before.balance} nanotons cannot pay the gas fee ${gas}`,
    );
  }
  let remaining = before.balance - gas;
  const planned: PlannedSend[] = [];
  let skipped = 0;
  for (const [index, action] of body.actions.entries()) {
    const outcome = planSend(wallet, remaining, action);
    if ('failure' in outcome) {
      if ((action.mode & SEND_IGNORE_ERRORS) !== 0) {
        skipped += 1;
        continue;
      }
      const { failure } = outcome;
      throw new ChainError(failure.reason, failure.code, `${failure.message} (message ${index + 1})`);
    }
    remaining -= outcome.debit;
    planned.push(outcome);
  }

  const lt = new LtCursor(block);
  const transactionLt = lt.next();
  const sent: Message[] = planned.map(({ message }) => ({
    ...message,
    info: { ...message.info, createdLt: lt.next(), createdAt: now },
  }));
  const seqno = wallet.data.seqno + 1;
  const after: AccountRow = {
    ...before,
    balance: remaining,
    state: 'active',
    code: wallet.deploying ? stateBocBase64(wallet.code) : before.code,
    data: stateBocBase64(walletV4Data(seqno, wallet.data.subwalletId, wallet.data.publicKey)),
    public_key: wallet.data.publicKey.toString('hex'),
    seqno,
  };
  await recordTransaction(q, {
    before,
    after,
    existed,
    lt: transactionLt,
    now,
    inMessage: message,
    inMessageCell: cell,
    outMessages: sent,
    totalFees: gas + BigInt(sent.length) * MESSAGE_ACTION_FEE,
    description: {
      type: 'generic',
      creditFirst: true,
      storagePhase: noStoragePhase,
      creditPhase: null,
      computePhase: vmPhase({ gasFees: WALLET_GAS_FEE, gasUsed: WALLET_GAS_USED, deploying: wallet.deploying }),
      actionPhase: actionPhase({ actions: body.actions.length, skipped, sent, actionListHash: body.signedHash }),
      aborted: false,
      destroyed: false,
    },
  });
  for (const message of sent) await deliver(q, lt.next(), now, message, messageCell(message));
}

/**
 * Applies a signed external message to a wallet v4r2 (deploying it from the message's state init
 * when needed): checks it as the contract would, charges the fees, sends its transfers and credits
 * their destinations. Throws ChainError and changes nothing when the chain would not accept it.
 */
export async function sendBoc(deps: Deps, boc: Buffer | string): Promise<{ hash: string }> {
  const { message, cell } = parseExternalMessage(boc);
  await deps.db.tx((q) => applyExternal(q, message, cell, nowSeconds()));
  return { hash: base64(cell.hash()) };
}

// ---- reads ---------------------------------------------------------------------------------------

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

export interface EstimateFeeInput {
  address: Address;
  body: Cell;
  initCode: Cell | null;
  initData: Cell | null;
  ignoreChksig: boolean;
}

/**
 * The fees sendBoc would charge for this body, in toncenter's query.fees shape. The body goes through
 * the same checks as a sent message (signature only when ignoreChksig is false), but the balance is
 * not checked; every transfer in it counts, whatever its mode.
 */
export async function estimateFee(q: Queryable, input: EstimateFeeInput) {
  const row = await findAccount(q, input.address.toRawString());
  const init = input.initCode && input.initData ? { code: input.initCode, data: input.initData } : null;
  const wallet = resolveWallet(input.address, row, init);
  const body = authorise(wallet, input.body, nowSeconds(), !input.ignoreChksig);
  const fees = externalMessageFees(body.actions.length);
  return {
    '@type': 'query.fees' as const,
    source_fees: {
      '@type': 'fees' as const,
      in_fwd_fee: Number(fees.importFee),
      storage_fee: 0,
      gas_fee: Number(fees.gasFee),
      fwd_fee: Number(fees.forwardFees),
    },
    destination_fees: [] as [],
  };
}

// ---- sandbox treasury ----------------------------------------------------------------------------

/**
 * Sandbox start: deploys and funds the sandbox treasury wallet unless it is already active. Runs under
 * the chain's write lock, so processes starting together do it once. A TREASURY_ADDRESS other than
 * the sandbox one is left alone (its key is not ours).
 */
export async function ensureSandboxTreasury(deps: Deps): Promise<void> {
  if (deps.config.mode !== 'sandbox' || !deps.config.treasuryAddress) return;
  const wallet = sandboxTreasuryWallet();
  if (!Address.parse(deps.config.treasuryAddress).equals(wallet.address)) return;
  await deps.db.tx(async (q) => {
    await lockChain(q);
    const account = await getAccount(q, wallet.address);
    if (account.state === 'active') return;
    const now = nowSeconds();
    if (account.balance === 0n) await faucetIn(q, wallet.address, SANDBOX_TREASURY_FUNDING, 'sandbox treasury', now);
    const body = wallet.createTransfer({
      seqno: 0,
      secretKey: sandboxTreasuryKeyPair().secretKey,
      messages: [],
      timeout: now + 60,
    });
    const message = external({ to: wallet.address, init: wallet.init, body });
    await applyExternal(q, message, messageCell(message), now);
  });
}
