/**
 * Messages and sending: a signed external message checked as wallet v4r2 would check it (wallet-v4.ts
 * has the contract's rules and exit codes), its fees charged, its transfers sent and delivered; and
 * estimateFee, which runs the same checks without writing anything.
 */
import {
  type Address,
  Cell,
  type CommonMessageInfoExternalIn,
  type CommonMessageInfoInternal,
  type Message,
  type MessageRelaxed,
  type StateInit,
  contractAddress,
  loadMessage,
  loadMessageRelaxed,
} from '@ton/core';
import type { Queryable } from '../../db/index';
import type { Deps } from '../../deps';
import {
  EXTERNAL_IMPORT_FEE,
  MESSAGE_ACTION_FEE,
  MESSAGE_FORWARD_FEE,
  MESSAGE_FWD_FEE_CARRIED,
  WALLET_GAS_FEE,
  WALLET_GAS_USED,
  externalMessageFees,
} from './constants';
import { ChainError, badRequest, rejected } from './errors';
import { type AccountRow, findAccount, lockAccount, messageApplied, openBlock } from './queries';
import { base64, stateBocBase64 } from './toncenter';
import {
  LtCursor,
  actionPhase,
  deliver,
  messageCell,
  noStoragePhase,
  nowSeconds,
  recordTransaction,
  vmPhase,
} from './transactions';
import {
  EXIT_BAD_SIGNATURE,
  EXIT_CELL_UNDERFLOW,
  EXIT_EXPIRED,
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

export async function applyExternal(q: Queryable, message: Message, cell: Cell, now: number): Promise<void> {
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
  for (const message of sent) await deliver(q, lt, now, message, messageCell(message));
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
