/**
 * Selling tokens for TON (DESIGN.md §4 Sell / withdraw, §7 Selling from the task balance):
 * what a sale pays at today's price (GET /withdraw/calculate), the sale itself (POST /withdraw/create:
 * debit and queued payout in one transaction), the user's withdrawals (GET /withdraw/history), and the
 * operator's refund and retry of a payout the chain did not make.
 *
 * The arithmetic, exact in base units (nanotons and token base units are both 10^-9 of a whole unit):
 *   ton     = floor(token_units × price / 10^9)          price: nanotons per whole token
 *   fee     = network_fee + ceil(ton × percent / 100)
 *   receive = max(0, ton − fee)
 * receive never falls as token_units grows (each extra nanoton adds at most one to the ceil), so the
 * smallest sale whose receive reaches withdraw_min_receive is found by bisection, to the base unit.
 */
import {
  type Balances,
  MAX_UNITS,
  type TON_NETWORKS,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
  type WithdrawCalculation,
  type Withdrawal,
  type WithdrawalCreated,
  type WithdrawHistory,
  fillText,
} from '@/shared/api/contract';
import { TonAddressError, addressesEqual, parseAddress, toFriendlyAddress } from '@/shared/lib/ton-address';
import type { Config } from '../config';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { InsufficientFundsError, accountBalance, balanceEvent, changeBalance } from '../ledger/service';
import { BadRequestError, DomainError, NotFoundError, ValidationError } from '../lib/errors';
import { formatUnits, parseUnits } from '../lib/money';
import { currentPriceNanotons } from '../price/service';
import { getSetting, setSetting } from '../settings/service';
import { lockUser } from '../users/service';
import { boundWallet } from '../wallet/service';
import {
  type SourceAccount,
  type WithdrawalRow,
  lockWithdrawal,
  markRefunded,
  requeueFailed,
  withdrawalCounts,
  withdrawalsNeedingOperator,
  withdrawalsPage,
} from './queries';
import { returnWithdrawalTokens } from './refund';
import { queueWithdrawal } from './service';
import { publishWithdrawal, toWithdrawal } from './wire';

export type TonNetwork = (typeof TON_NETWORKS)[number];

const SCALE = 1_000_000_000n;
/** The fee percent is read to the millionth of a percent: ppm of a percent. */
const PERCENT_SCALE = 1_000_000n;

export interface SaleTerms {
  /** Nanotons per whole token (the price mint and farming read). */
  priceNanotons: bigint;
  /** Percent of the TON amount kept, 0 ≤ p < 100. */
  feePercent: number;
  /** Nanotons kept per sale on top of the percent. */
  networkFee: bigint;
  /** The least nanotons a sale may bring. */
  minReceive: bigint;
}

export interface Sale {
  tokenAmount: bigint;
  tonAmount: bigint;
  fee: bigint;
  receive: bigint;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

function percentPpm(percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0 || percent >= 100) {
    throw new Error(`withdraw_fee_percent must be from 0 to under 100, not ${percent}`);
  }
  return BigInt(Math.round(percent * Number(PERCENT_SCALE)));
}

/** What selling `tokenAmount` base units pays under these terms. */
export function saleOf(tokenAmount: bigint, terms: SaleTerms): Sale {
  const tonAmount = (tokenAmount * terms.priceNanotons) / SCALE;
  const fee = terms.networkFee + ceilDiv(tonAmount * percentPpm(terms.feePercent), 100n * PERCENT_SCALE);
  const receive = tonAmount > fee ? tonAmount - fee : 0n;
  return { tokenAmount, tonAmount, fee, receive };
}

/** The smallest sale (base units) whose receive reaches the minimum (and at least one nanoton); null if none can. */
export function minTokenAmount(terms: SaleTerms): bigint | null {
  const target = terms.minReceive > 0n ? terms.minReceive : 1n;
  const enough = (units: bigint) => saleOf(units, terms).receive >= target;
  if (!enough(MAX_UNITS)) return null;
  let lo = 1n;
  let hi = MAX_UNITS;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    if (enough(mid)) hi = mid;
    else lo = mid + 1n;
  }
  return lo;
}

/** Today's terms: the current price and the withdraw_* settings. */
export async function saleTerms(q: Queryable): Promise<SaleTerms> {
  const [priceNanotons, feePercent, networkFee, minReceive] = await Promise.all([
    currentPriceNanotons(q),
    getSetting(q, 'withdraw_fee_percent'),
    getSetting(q, 'withdraw_network_fee'),
    getSetting(q, 'withdraw_min_receive'),
  ]);
  return { priceNanotons, feePercent: Number(feePercent), networkFee: parseUnits(networkFee), minReceive: parseUnits(minReceive) };
}

const positive = (tokenAmount: bigint) => {
  if (tokenAmount <= 0n) {
    throw new ValidationError([{ path: 'token_amount', message: VALIDATION_MESSAGES.amountPositive }]);
  }
};

/** GET /withdraw/calculate: any positive amount, the minimum included (the client says "Sell at least …"). */
export async function calculateSale(deps: Pick<Deps, 'db'>, tokenAmount: bigint): Promise<WithdrawCalculation> {
  positive(tokenAmount);
  const terms = await saleTerms(deps.db);
  const sale = saleOf(tokenAmount, terms);
  return {
    token_amount: formatUnits(tokenAmount),
    price: formatUnits(terms.priceNanotons),
    ton_amount: formatUnits(sale.tonAmount),
    fee: formatUnits(sale.fee),
    receive_amount: formatUnits(sale.receive),
    // No sale can reach the minimum (a zero price): the largest amount, which the client cannot offer.
    min_token_amount: formatUnits(minTokenAmount(terms) ?? MAX_UNITS),
  };
}

/** The network the server pays on: testnet in the sandbox (the dev chain), mainnet in production. */
export const serverNetwork = (config: Pick<Config, 'mode'>): TonNetwork => (config.mode === 'sandbox' ? 'testnet' : 'mainnet');

/**
 * A pasted payout address → the form stored and shown: user-friendly, non-bounceable (a wallet), flagged
 * test-only on testnet. Friendly or raw (SPEC §5), basechain only; a friendly address flagged for the
 * other network is refused (a raw one carries no network). 422 with the reason, on `address`.
 */
export function sellAddress(text: string, network: TonNetwork): string {
  const refuse = (message: string): never => {
    throw new ValidationError([{ path: 'address', message }]);
  };
  let parsed: ReturnType<typeof parseAddress>;
  try {
    parsed = parseAddress(text);
  } catch (error) {
    if (error instanceof TonAddressError) return refuse(error.message);
    throw error;
  }
  if ('testOnly' in parsed && parsed.testOnly !== (network === 'testnet')) {
    refuse(fillText(VALIDATION_MESSAGES.addressNetwork, { network }));
  }
  if (parsed.workchain !== 0) refuse(VALIDATION_MESSAGES.addressBasechain);
  return toFriendlyAddress(text, { bounceable: false, testOnly: network === 'testnet' });
}

export interface SaleRequest {
  from_ref_balance: boolean;
  from_task_balance: boolean;
  /** Base units. */
  token_amount: bigint;
  address: string;
  /** Nanotons: calculate's receive_amount as the user confirmed it. */
  expected_receive_amount?: bigint | undefined;
}

const sourceOf = (request: Pick<SaleRequest, 'from_ref_balance' | 'from_task_balance'>): SourceAccount =>
  request.from_ref_balance ? 'referral_balance' : request.from_task_balance ? 'task_balance' : 'balance_token';

/**
 * POST /withdraw/create: in one transaction (the user locked first) check the sale against today's terms
 * and the balance, queue the payout and debit the tokens through the ledger (reason 'withdrawal', naming
 * the withdrawal); user:balance and user:withdrawal follow the commit. Any refusal writes nothing.
 */
export async function createWithdrawal(deps: Pick<Deps, 'db' | 'bus' | 'config'>, userId: number, request: SaleRequest): Promise<WithdrawalCreated> {
  if (request.from_ref_balance && request.from_task_balance) {
    throw new ValidationError([{ path: 'from_ref_balance', message: SERVER_MESSAGES.sellOneSource }]);
  }
  const address = sellAddress(request.address, serverNetwork(deps.config));
  const source = sourceOf(request);
  const tokenAmount = request.token_amount;
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError(SERVER_MESSAGES.userNotFound);
    // Sales pay out only to the wallet the user proved to hold with ton_proof (server/wallet), compared
    // as raw addresses: a session alone (launch data can be replayed for 24 h) cannot send the TON
    // elsewhere. Another address needs that wallet proved, which makes it the bound one.
    const bound = await boundWallet(tx, userId);
    if (!bound || !addressesEqual(bound.address, address)) {
      throw new ValidationError([{ path: 'address', message: SERVER_MESSAGES.sellUnverifiedAddress }]);
    }
    const terms = await saleTerms(tx);
    const min = minTokenAmount(terms);
    if (min === null || tokenAmount < min) {
      const amount = formatUnits(min ?? MAX_UNITS);
      throw new ValidationError([{ path: 'token_amount', message: fillText(VALIDATION_MESSAGES.sellAtLeast, { amount }) }]);
    }
    const balance = await accountBalance(tx, userId, source);
    if (balance === null) throw new NotFoundError(SERVER_MESSAGES.userNotFound);
    if (tokenAmount > balance) throw new InsufficientFundsError(source);
    const sale = saleOf(tokenAmount, terms);
    if (request.expected_receive_amount !== undefined && sale.receive < request.expected_receive_amount) {
      throw new BadRequestError(SERVER_MESSAGES.sellPriceChanged);
    }
    if (sale.receive > MAX_UNITS) {
      throw new ValidationError([{ path: 'token_amount', message: VALIDATION_MESSAGES.amountTooLarge }]);
    }
    const row = await queueWithdrawal(tx, {
      userId,
      sourceAccount: source,
      tokenAmount,
      tonAmount: sale.receive,
      fee: sale.fee,
      address,
    });
    const after = await changeBalance(tx, {
      userId,
      account: source,
      delta: -tokenAmount,
      reason: 'withdrawal',
      refType: 'withdrawal',
      refId: row.id,
    });
    publishWithdrawal(tx, row);
    const balances: Balances = { ...balanceEvent(after), collective_bonus: await getSetting(tx, 'collective_bonus') };
    return { withdrawal: toWithdrawal(row), balances };
  });
}

/** GET /withdraw/history: the user's own withdrawals, a page at a time, by created_at then id. */
export async function withdrawHistory(
  deps: Pick<Deps, 'db'>,
  userId: number,
  query: { page: number; size: number; sort_order: 'asc' | 'desc' },
): Promise<WithdrawHistory> {
  const { rows, total } = await withdrawalsPage(deps.db, userId, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
    order: query.sort_order,
  });
  return { data: rows.map(toWithdrawal), total };
}

// ---- operator ------------------------------------------------------------------------------------

/** A withdrawal as the operator sees it: the user's view plus whose it is, its batch and why it waits. */
export type OperatorWithdrawal = Withdrawal & { user_id: number; batch_id: number | null; error: string | null };

const forOperator = (row: WithdrawalRow): OperatorWithdrawal => ({
  ...toWithdrawal(row),
  user_id: row.user_id,
  batch_id: row.batch_id,
  error: row.error,
});

export const NOT_REFUNDABLE = 'Only a failed withdrawal, or a queued one waiting with an error outside a batch, can be refunded';
export const NOT_RETRYABLE = 'Only a failed withdrawal can be retried';

export interface PayoutsState {
  /** An operator holds payouts: queued sales wait, nothing new is signed. */
  paused: boolean;
  /** Withdrawals by status. */
  counts: Awaited<ReturnType<typeof withdrawalCounts>>;
}

export async function payoutsState(deps: Pick<Deps, 'db'>): Promise<PayoutsState> {
  const [paused, counts] = await Promise.all([getSetting(deps.db, 'payouts_paused'), withdrawalCounts(deps.db)]);
  return { paused, counts };
}

/** Holds or releases payouts (operator): the worker reads the setting before signing each transfer. */
export async function setPayoutsPaused(deps: Pick<Deps, 'db'>, paused: boolean): Promise<PayoutsState> {
  await setSetting(deps.db, 'payouts_paused', paused);
  return payoutsState(deps);
}

/** Failed withdrawals and queued ones waiting with an error (hot wallet short, node refusing), oldest first. */
export async function withdrawalsForOperator(deps: Pick<Deps, 'db'>, limit: number): Promise<OperatorWithdrawal[]> {
  return (await withdrawalsNeedingOperator(deps.db, limit)).map(forOperator);
}

/**
 * Gives a failed withdrawal's tokens (or a waiting one's, not in a batch) back to the balance they came
 * from, once: the row is locked, a second refund is 409 and credits nothing. user:withdrawal and
 * user:balance follow the commit.
 */
export async function refundWithdrawal(deps: Pick<Deps, 'db' | 'bus'>, id: number): Promise<OperatorWithdrawal> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw new NotFoundError(SERVER_MESSAGES.withdrawalNotFound);
    const row = await markRefunded(tx, id);
    if (!row) throw new DomainError(409, NOT_REFUNDABLE);
    await returnWithdrawalTokens(tx, row);
    publishWithdrawal(tx, row);
    return forOperator(row);
  });
}

/** A failed withdrawal back into the queue (out of its batch), for the worker to pay anew. */
export async function retryWithdrawal(deps: Pick<Deps, 'db' | 'bus'>, id: number): Promise<OperatorWithdrawal> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw new NotFoundError(SERVER_MESSAGES.withdrawalNotFound);
    const row = await requeueFailed(tx, id);
    if (!row) throw new DomainError(409, NOT_RETRYABLE);
    publishWithdrawal(tx, row);
    return forOperator(row);
  });
}
