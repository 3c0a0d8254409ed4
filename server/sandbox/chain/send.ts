/**
 * Messages and sending: a signed external message run on the TVM (transactions.execute) from its
 * destination's stored state, with every internal message it causes; and estimateFee, which runs the
 * message the same way without storing anything. Whether a message is accepted is the contract's decision
 * (a wallet checks its seqno, signature and expiry in its own code); the fees are the config's.
 */
import { type Address, Cell, type Message, type StateInit, external, loadMessage } from '@ton/core';
import type { Queryable } from '../../db/index';
import type { Deps } from '../../deps';
import { ChainError, badRequest, notAccepted, rejected } from './errors';
import { type AccountRow, findAccount, messageApplied, openBlock } from './queries';
import { base64 } from './toncenter';
import { LtCursor, accountState, execute, messageCell, nowSeconds } from './transactions';
import { runTransaction } from './tvm';

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

/**
 * Runs a signed external message in a new block (see transactions.execute). A message already applied is
 * refused by its hash first, as a node drops a message it has seen (the wallet's seqno would refuse it too).
 */
export async function applyExternal(q: Queryable, cell: Cell, now: number): Promise<void> {
  const block = await openBlock(q, now);
  if (await messageApplied(q, base64(cell.hash()))) {
    throw rejected('duplicate', 'this message was already applied (a replay)');
  }
  await execute(q, new LtCursor(block), now, cell);
}

/**
 * Sends a signed external message to the chain: the TVM runs it on its destination (deploying the contract
 * from the message's state init when the account is not active) and every message it sends is delivered.
 * Throws ChainError and changes nothing when the contract does not accept it.
 */
export async function sendBoc(deps: Deps, boc: Buffer | string): Promise<{ hash: string }> {
  const { cell } = parseExternalMessage(boc);
  await deps.db.tx((q) => applyExternal(q, cell, nowSeconds()));
  return { hash: base64(cell.hash()) };
}

const emptyRow = (address: Address): AccountRow => ({
  address: address.toRawString(),
  balance: 0n,
  state: 'uninitialized',
  code: null,
  data: null,
  last_lt: 0n,
  last_hash: null,
  shard_account: null,
  refused_code: null,
});

export interface EstimateFeeInput {
  address: Address;
  body: Cell;
  initCode: Cell | null;
  initData: Cell | null;
  ignoreChksig: boolean;
}

/** The balance estimateFee runs a message with when the account's own is less: the estimate is of the fees. */
const ESTIMATE_BALANCE = 1_000_000n * 10n ** 9n;

/**
 * What the account pays for this external message, in toncenter's query.fees shape: the message is run on
 * the account's current state (with the signature check skipped when ignoreChksig) and nothing is stored.
 * As toncenter's, the estimate does not check the balance: an account with less runs with ESTIMATE_BALANCE.
 * in_fwd_fee is the import fee, fwd_fee what its out messages' forwarding costs.
 */
export async function estimateFee(q: Queryable, input: EstimateFeeInput) {
  const row = await findAccount(q, input.address.toRawString());
  const init: StateInit | undefined =
    input.initCode && input.initData ? { code: input.initCode, data: input.initData } : undefined;
  const message = messageCell(external({ to: input.address, body: input.body, ...(init ? { init } : {}) }));
  const now = nowSeconds();
  const state = accountState(input.address, row ?? emptyRow(input.address));
  const account = state.account ?? {
    addr: input.address,
    storageStats: { used: { cells: 0n, bits: 0n }, storageExtra: null, lastPaid: now, duePayment: null },
    storage: { lastTransLt: 0n, balance: { coins: 0n }, state: { type: 'uninit' as const } },
  };
  const balance = account.storage.balance.coins;
  const funded = {
    ...account,
    storage: { ...account.storage, balance: { coins: balance < ESTIMATE_BALANCE ? ESTIMATE_BALANCE : balance } },
  };
  const run = await runTransaction({
    account: { ...state, account: funded },
    message,
    now,
    lt: 1n + (row?.last_lt ?? 0n),
    ignoreChksig: input.ignoreChksig,
  });
  if (!run.accepted) throw notAccepted(run.error, run.exitCode);
  const { description, totalFees } = run.transaction;
  if (description.type !== 'generic') throw new Error('an external message made a non-generic transaction');
  const storage = description.storagePhase?.storageFeesCollected ?? 0n;
  const gas = description.computePhase.type === 'vm' ? description.computePhase.gasFees : 0n;
  const forwarding = description.actionPhase?.totalFwdFees ?? 0n;
  const actionFees = description.actionPhase?.totalActionFees ?? 0n;
  return {
    '@type': 'query.fees' as const,
    source_fees: {
      '@type': 'fees' as const,
      in_fwd_fee: Number(totalFees.coins - storage - gas - actionFees),
      storage_fee: Number(storage),
      gas_fee: Number(gas),
      fwd_fee: Number(forwarding),
    },
    destination_fees: [] as [],
  };
}
