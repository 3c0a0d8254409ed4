/**
 * The withdraw domain's one service (docs/foundations.md §4 Sell / withdraw / transfer): every call a user makes —
 * the transfer from referral_balance to balance_token (POST /withdraw/transfer-from-referral-balance),
 * what a sale pays (GET /withdraw/calculate), the sale (POST /withdraw/create), the user's withdrawals
 * (GET /withdraw/history) — and the operator's actions on payouts: refund, retry, hold, and held batches
 * signed again. The payout worker that sends the TON is ./worker (signing, history search, bounces).
 *
 * Selling, exact in base units (nanotons and token base units are both 10^-9 of a whole unit):
 *   ton     = floor(token_units × price / 10^9)          price: nanotons per whole token
 *   fee     = network_fee + ceil(ton × percent / 100)
 *   receive = max(0, ton − fee)
 * receive never falls as token_units grows (each extra nanoton adds at most one to the ceil), so the
 * smallest sale whose receive reaches withdraw_min_receive is found by bisection, to the base unit.
 *
 * A sale happens at the quote the user confirmed (docs/decisions.md "Sale quotes"): create names
 * calculate's price and figures; the price is honoured while it stands (the mint's window rule), the
 * figures must be what it gives, and the sale then pays exactly the confirmed receive — else a stable
 * refusal (sellQuoteExpired, sellQuoteMismatch) and the client quotes again.
 */
import {
  type Balances,
  MAX_UNITS,
  type OperatorWithdrawal,
  type Overview,
  type TonNetwork,
  type WithdrawCalculation,
  type WithdrawHistory,
  type WithdrawalCreated,
} from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { InsufficientFundsError, accountBalance, balanceEvent, changeBalance } from '../ledger/service';
import {
  BadRequestError,
  ConflictError,
  type FieldError,
  NotFoundError,
  ValidationError,
  fieldError,
} from '../lib/errors';
import { formatUnits, parseUnits } from '../lib/money';
import { TonAddressError, addressesEqual, parseTonAddress } from '../lib/ton-address';
import { currentPriceNanotons, isQuotablePrice } from '../price/service';
import { getSetting, setSetting } from '../settings/service';
import { lockUser } from '../users/service';
import { boundWallet } from '../wallet/service';
import {
  type BatchRow,
  type SourceAccount,
  type WithdrawalRow,
  batchExists,
  heldBatchRows,
  insertReferralTransfer,
  insertWithdrawal,
  lockWithdrawal,
  markRefunded,
  noteWithdrawalErrors,
  requestResign,
  requeueFailed,
  withdrawalCounts,
  payoutQueue,
  payoutWait,
  type PayoutQueue,
  operatorWithdrawal,
  userWithdrawalsForOperator,
  withdrawalsNeedingOperator,
  withdrawalsPage,
} from './queries';
import { payoutRefundedNotice, toOperatorWithdrawal, toWithdrawal, withdrawalEvent } from './wire';
import { notify } from '../notifications/service';
import { type HistoryPageQuery, pageWindow } from '../lib/paging';

/** The hot wallet as the sandbox's dev chain deploys and tops it up (server/sandbox/chain/hot-wallet.ts). */
export { createHotWallet } from './worker/wallet';
export type { HotWallet } from './worker/types';
export { HIGHLOAD_EMERGENCY_QUERY_ID } from './worker/highload-v3';

export type { WithdrawalRow } from './queries';

export const REFERRAL_TRANSFER_REASON = 'referral_transfer';

/**
 * Moves `amountToken` base units from referral_balance to balance_token in one transaction: both ledger
 * entries or neither. More than the referral balance → 400 Insufficient funds, nothing written.
 */
export async function transferFromReferralBalance(
  deps: Pick<Deps, 'db' | 'bus'>,
  userId: number,
  amountToken: bigint,
): Promise<Balances> {
  if (amountToken <= 0n) {
    throw new ValidationError([fieldError('token_amount', 'amountPositive')]);
  }
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    const transferId = await insertReferralTransfer(tx, userId, amountToken);
    const ref = { reason: REFERRAL_TRANSFER_REASON, refType: 'referral_transfer', refId: transferId } as const;
    await changeBalance(tx, { userId, account: 'referral_balance', delta: -amountToken, ...ref });
    const row = await changeBalance(tx, { userId, account: 'balance_token', delta: amountToken, ...ref });
    return { ...balanceEvent(row), collective_bonus: await getSetting(tx, 'collective_bonus') };
  });
}

/** A TON address as a withdrawal stores it: user-friendly, url-safe, with the flags the user gave (raw → bounceable). */
export function payoutAddress(text: string): string | null {
  try {
    const { address, flags } = parseTonAddress(text);
    if (address.workChain !== 0) return null;
    return address.toString({
      urlSafe: true,
      bounceable: flags?.bounceable ?? true,
      testOnly: flags?.testOnly ?? false,
    });
  } catch {
    return null;
  }
}

export interface QueueWithdrawalInput {
  userId: number;
  sourceAccount: SourceAccount;
  /** Token base units the caller has debited from sourceAccount (through the ledger, in this transaction). */
  tokenAmount: bigint;
  /** Nanotons the address receives. */
  tonAmount: bigint;
  /** Nanotons kept as the fee. */
  fee: bigint;
  /** Any TON address form; basechain only. */
  address: string;
}

/**
 * Queues a TON payout in the caller's transaction (POST /withdraw/create debits the tokens through the
 * ledger, then calls this): the payout worker sends it. Bad input → ValidationError (422), nothing written.
 */
export async function queueWithdrawal(tx: Tx, input: QueueWithdrawalInput): Promise<WithdrawalRow> {
  const problems: FieldError[] = [];
  const address = payoutAddress(input.address);
  if (address === null) problems.push({ path: 'address', message: 'not a TON basechain address' });
  if (input.tokenAmount <= 0n) problems.push(fieldError('token_amount', 'amountPositive'));
  if (input.tonAmount <= 0n) problems.push(fieldError('ton_amount', 'amountPositive'));
  if (input.fee < 0n) problems.push(fieldError('fee', 'amountNegative'));
  if (problems.length > 0 || address === null) throw new ValidationError(problems);
  return insertWithdrawal(tx, { ...input, address });
}

// ---- selling ---------------------------------------------------------------------------------

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
  return {
    priceNanotons,
    feePercent: Number(feePercent),
    networkFee: parseUnits(networkFee),
    minReceive: parseUnits(minReceive),
  };
}

const positive = (tokenAmount: bigint) => {
  if (tokenAmount <= 0n) {
    throw new ValidationError([fieldError('token_amount', 'amountPositive')]);
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

/**
 * A pasted payout address → the form stored and shown: user-friendly, non-bounceable (a wallet), flagged
 * test-only on testnet. Friendly or raw (docs/product.md §5), basechain only; a friendly address flagged for the
 * other network is refused (a raw one carries no network). 422 with the reason, on `address`.
 */
export function sellAddress(text: string, network: TonNetwork): string {
  const refuse = (problem: FieldError): never => {
    throw new ValidationError([problem]);
  };
  let parsed: ReturnType<typeof parseTonAddress>;
  try {
    parsed = parseTonAddress(text);
  } catch (error) {
    if (error instanceof TonAddressError) return refuse({ path: 'address', message: error.message });
    throw error;
  }
  if (parsed.flags && parsed.flags.testOnly !== (network === 'testnet')) {
    refuse(fieldError('address', 'addressNetwork', { network }));
  }
  if (parsed.address.workChain !== 0) refuse(fieldError('address', 'addressBasechain'));
  return parsed.address.toString({ urlSafe: true, bounceable: false, testOnly: network === 'testnet' });
}

/** The quote a sale names (contract saleQuoteSchema), in nanotons. */
export interface SaleQuote {
  /** Nanotons per whole token: calculate's `price`, which identifies the quote. */
  price: bigint;
  ton_amount: bigint;
  fee: bigint;
  receive_amount: bigint;
}

export interface SaleRequest {
  from_ref_balance: boolean;
  from_task_balance: boolean;
  /** Base units. */
  token_amount: bigint;
  address: string;
  /** Calculate's figures as the user confirmed them; without it, today's price. */
  quote?: SaleQuote | undefined;
}

const sourceOf = (request: Pick<SaleRequest, 'from_ref_balance' | 'from_task_balance'>): SourceAccount =>
  request.from_ref_balance ? 'referral_balance' : request.from_task_balance ? 'task_balance' : 'balance_token';

/**
 * The terms a sale is made at: today's settings, at the quote's price while it stands — the mint's rule
 * (price/service.ts isQuotablePrice: in force at some moment of the last PRICE_QUOTE_TTL_SECONDS before
 * `now`), else 400 sellQuoteExpired. Without a quote, today's price.
 */
async function quotedTerms(q: Queryable, quote: SaleQuote | undefined, now: number): Promise<SaleTerms> {
  if (quote && !(await isQuotablePrice(q, quote.price, now))) throw new BadRequestError('sellQuoteExpired');
  const terms = await saleTerms(q);
  return quote ? { ...terms, priceNanotons: quote.price } : terms;
}

/** Whether the quote's figures are, to the nanoton, the sale its price gives (a tampered or stale one is not). */
const quoteMatches = (quote: SaleQuote, sale: Sale): boolean =>
  quote.ton_amount === sale.tonAmount && quote.fee === sale.fee && quote.receive_amount === sale.receive;

/**
 * POST /withdraw/create: in one transaction (the user locked first) check the sale against the terms
 * (the quote's price while it stands, docs/decisions.md "Sale quotes") and the balance, queue the
 * payout and debit the tokens through the ledger (reason 'withdrawal', naming the withdrawal);
 * user:balance and user:withdrawal follow the commit. A quote honoured pays its receive_amount exactly.
 * Any refusal writes nothing. `now`: unix seconds.
 */
export async function createWithdrawal(
  deps: Pick<Deps, 'db' | 'bus' | 'config'>,
  userId: number,
  request: SaleRequest,
  now: number,
): Promise<WithdrawalCreated> {
  if (request.from_ref_balance && request.from_task_balance) {
    throw new ValidationError([fieldError('from_ref_balance', 'sellOneSource')]);
  }
  const address = sellAddress(request.address, deps.config.tonNetwork);
  const source = sourceOf(request);
  const tokenAmount = request.token_amount;
  const { quote } = request;
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    // Sales pay out only to the wallet the user proved to hold with ton_proof (server/wallet), compared
    // as raw addresses: a session alone (launch data can be replayed for 24 h) cannot send the TON
    // elsewhere. Another address needs that wallet proved, which makes it the bound one.
    const bound = await boundWallet(tx, userId);
    if (!bound || !addressesEqual(bound.address, address)) {
      throw new ValidationError([fieldError('address', 'sellUnverifiedAddress')]);
    }
    const terms = await quotedTerms(tx, quote, now);
    const min = minTokenAmount(terms);
    if (min === null || tokenAmount < min) {
      const amount = formatUnits(min ?? MAX_UNITS);
      throw new ValidationError([fieldError('token_amount', 'sellAtLeast', { amount })]);
    }
    const balance = await accountBalance(tx, userId, source);
    if (balance === null) throw new NotFoundError('userNotFound');
    if (tokenAmount > balance) throw new InsufficientFundsError(source);
    const sale = saleOf(tokenAmount, terms);
    // What the user confirmed is what is paid, or nothing is: never another figure without a word.
    if (quote && !quoteMatches(quote, sale)) throw new BadRequestError('sellQuoteMismatch');
    if (sale.receive > MAX_UNITS) {
      throw new ValidationError([fieldError('token_amount', 'amountTooLarge')]);
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
    await publishWithdrawal(tx, row);
    const balances: Balances = { ...balanceEvent(after), collective_bonus: await getSetting(tx, 'collective_bonus') };
    return { withdrawal: toWithdrawal(row), balances };
  });
}

/** GET /withdraw/history: the user's own withdrawals, a page at a time, by created_at then id. */
export async function withdrawHistory(
  deps: Pick<Deps, 'db'>,
  userId: number,
  query: HistoryPageQuery,
): Promise<WithdrawHistory> {
  const { rows, total } = await withdrawalsPage(deps.db, userId, pageWindow(query));
  return { data: rows.map(toWithdrawal), total };
}

// ---- operator ------------------------------------------------------------------------------------

/** A withdrawal as the operator reads it, after the change the operator made (same transaction). */
async function readForOperator(q: Queryable, id: number): Promise<OperatorWithdrawal> {
  const row = await operatorWithdrawal(q, id);
  if (!row) throw new NotFoundError('withdrawalNotFound');
  return toOperatorWithdrawal(row);
}

export const NOT_REFUNDABLE =
  'Only a failed withdrawal, or a queued one waiting with an error outside a batch, can be refunded';
export const NOT_RETRYABLE = 'Only a failed withdrawal can be retried';

export interface PayoutsState {
  /** An operator holds payouts: queued sales wait, nothing new is signed. */
  paused: boolean;
  /** Withdrawals by status. */
  counts: Awaited<ReturnType<typeof withdrawalCounts>>;
}

export async function payoutsState(deps: Pick<Deps, 'db'>): Promise<PayoutsState> {
  return payoutsStateIn(deps.db);
}

async function payoutsStateIn(q: Queryable): Promise<PayoutsState> {
  const [paused, counts] = await Promise.all([getSetting(q, 'payouts_paused'), withdrawalCounts(q)]);
  return { paused, counts };
}

/** Why the payout worker waits when a batch is held and no withdrawal says more. */
export const BATCH_HELD_REASON = 'A payout batch is held: neither found on chain nor proven lost';

/**
 * The payout worker as an operator reads it (contract overview.payouts, and the TON it has yet to send):
 * disabled when this process runs with PAYOUTS_ENABLED=false (no worker at all: nothing is paid whatever
 * the rest says); paused while an operator holds payouts; waiting when a queued or sending withdrawal
 * carries a reason (the newest one's is the reason) or a batch is held; running otherwise.
 */
export async function payoutWorkerState(deps: Pick<Deps, 'db' | 'config'>): Promise<{
  payouts: Overview['payouts'];
  queuedNanotons: bigint;
}> {
  const worker = await payoutWorkerStateIn(deps.db);
  if (deps.config.payoutsEnabled) return worker;
  return { ...worker, payouts: { ...worker.payouts, state: 'disabled', reason: null } };
}

async function payoutWorkerStateIn(q: Queryable): Promise<{ payouts: Overview['payouts']; queuedNanotons: bigint }> {
  const [{ paused, counts }, wait] = await Promise.all([payoutsStateIn(q), payoutWait(q)]);
  const waitingFor = wait.newest_error ?? (wait.held_batches > 0 ? (wait.held_reason ?? BATCH_HELD_REASON) : null);
  const state = paused ? 'paused' : waitingFor !== null ? 'waiting' : 'running';
  return {
    payouts: { state, reason: state === 'waiting' ? waitingFor : null, counts, held_batches: wait.held_batches },
    queuedNanotons: wait.queued_ton,
  };
}

export type { PayoutQueue } from './queries';

/** The payout queue by state (the metrics, read at each scrape). */
export const payoutQueueNow = (deps: Pick<Deps, 'db'>): Promise<PayoutQueue> => payoutQueue(deps.db);

/** Holds or releases payouts (operator): the worker reads the setting before signing each transfer. */
export async function setPayoutsPaused(deps: Pick<Deps, 'db' | 'bus'>, paused: boolean): Promise<PayoutsState> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    await setSetting(tx, 'payouts_paused', paused);
    await publishPayoutsState(tx);
    return payoutsStateIn(tx);
  });
}

/** Tells the operators' consoles the payout worker's state, as it is once this transaction commits. */
export async function publishPayoutsState(tx: Tx): Promise<void> {
  tx.publishToOperators({ event: 'payouts:state', data: (await payoutWorkerStateIn(tx)).payouts });
}

/**
 * Tells a withdrawal's owner that it changed (user:withdrawal), and the operators' consoles too
 * (withdrawal:changed, with the payout worker's state it leaves), when the transaction commits.
 */
export async function publishWithdrawal(tx: Tx, row: WithdrawalRow): Promise<void> {
  tx.publishToUser(row.user_id, withdrawalEvent(row));
  await publishToOperators(tx, [row.id]);
}

/** withdrawal:changed for each of these withdrawals, then payouts:state once. */
export async function publishToOperators(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const id of ids) {
    const row = await operatorWithdrawal(tx, id);
    if (row) tx.publishToOperators({ event: 'withdrawal:changed', data: toOperatorWithdrawal(row) });
  }
  await publishPayoutsState(tx);
}

/**
 * Why these queued withdrawals wait (null: nothing to say any more): stored where it changed, and told to
 * the operators' consoles then only — the worker says it again on every tick while the wallet is short.
 */
export async function noteWaiting(tx: Tx, ids: number[], error: string | null): Promise<void> {
  await publishToOperators(tx, await noteWithdrawalErrors(tx, ids, error));
}

/** Failed withdrawals and queued ones waiting with an error (hot wallet short, node refusing), oldest first. */
export async function withdrawalsForOperator(deps: Pick<Deps, 'db'>, limit: number): Promise<OperatorWithdrawal[]> {
  return (await withdrawalsNeedingOperator(deps.db, limit)).map(toOperatorWithdrawal);
}

/** A user's newest withdrawals (the operator's user detail). */
export async function userWithdrawalsOperatorView(
  deps: Pick<Deps, 'db'>,
  userId: number,
  limit: number,
): Promise<OperatorWithdrawal[]> {
  return (await userWithdrawalsForOperator(deps.db, userId, limit)).map(toOperatorWithdrawal);
}

/**
 * Gives a failed withdrawal's tokens (or a waiting one's, not in a batch) back to the balance they came
 * from, once: the row is locked, a second refund is 409 and credits nothing. user:withdrawal and
 * user:balance follow the commit.
 */
export async function refundWithdrawal(deps: Pick<Deps, 'db' | 'bus'>, id: number): Promise<OperatorWithdrawal> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw new NotFoundError('withdrawalNotFound');
    const row = await markRefunded(tx, id);
    if (!row) throw new ConflictError({ code: 'conflict', msg: NOT_REFUNDABLE });
    await returnWithdrawalTokens(tx, row);
    await publishWithdrawal(tx, row);
    await notify(tx, payoutRefundedNotice(row));
    return readForOperator(tx, id);
  });
}

/** A failed withdrawal back into the queue (out of its batch), for the worker to pay anew. */
export async function retryWithdrawal(deps: Pick<Deps, 'db' | 'bus'>, id: number): Promise<OperatorWithdrawal> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw new NotFoundError('withdrawalNotFound');
    const row = await requeueFailed(tx, id);
    if (!row) throw new ConflictError({ code: 'conflict', msg: NOT_RETRYABLE });
    await publishWithdrawal(tx, row);
    return readForOperator(tx, id);
  });
}

// ---- held payout batches ---------------------------------------------------------------------

/**
 * Held payout batches, for the operator (GET /api/admin/payouts/held, POST /api/admin/payouts/held/:id/resign;
 * `npm run operator -- payouts held|resign <id>`). The worker holds a batch it can neither find on chain
 * nor prove lost after its valid_until (worker/index.ts). What releases one:
 *  - the proof, by itself: the worker searches a held batch again at every step; found → confirmed, the
 *    seqno moved on without it and every transaction since it was signed read → expired, queued again;
 *  - an operator's re-sign: when the transfer is nowhere on chain (an explorer shows the wallet still at the
 *    batch's seqno), the operator asks for the same withdrawals to be signed again with the batch's own seqno.
 *    The worker does it while the seqno it reads is still that one. The two messages share the seqno, so at
 *    most one is ever applied, and the batch is confirmed by whichever landed: even a wrong call pays once.
 *    A highload wallet's batch is refused a re-sign (409, BATCH_HIGHLOAD): the chain's time releases it.
 */
export const BATCH_NOT_FOUND = 'Payout batch not found';
export const BATCH_NOT_HELD = 'Only a held payout batch can be signed again';
/** A highload wallet's batch is released by the chain's time alone (worker/index.ts, resumeHighload). */
export const BATCH_HIGHLOAD =
  "A highload wallet's batch is never signed again on request: once the chain's time passes its created_at + timeout and its history is read, the worker queues it again by itself";

/** A held batch as the operator reads it. */
export interface HeldBatch {
  id: number;
  seqno: number;
  /** Unix seconds: the latest message's. */
  valid_until: number;
  /** Why the worker holds it. */
  reason: string | null;
  held_at: number | null;
  /** An operator asked for it to be signed again; the worker does it while the wallet's seqno is the batch's. */
  resign_requested: boolean;
  withdrawals: number[];
}

const seconds = (date: Date | null) => (date === null ? null : Math.floor(date.getTime() / 1000));

const toHeld = (row: BatchRow, withdrawals: number[]): HeldBatch => ({
  id: row.id,
  seqno: Number(row.seqno),
  valid_until: Number(row.valid_until),
  reason: row.last_error,
  held_at: seconds(row.held_at),
  resign_requested: row.resign_requested_at !== null,
  withdrawals,
});

export async function heldBatches(deps: Pick<Deps, 'db'>): Promise<HeldBatch[]> {
  return (await heldBatchRows(deps.db)).map((row) => toHeld(row, row.withdrawal_ids));
}

/** Asks the worker to sign a held batch again with its own seqno; 404 for no such batch, 409 unless it is held. */
export async function requestHeldBatchResign(deps: Pick<Deps, 'db'>, id: number): Promise<HeldBatch> {
  const row = await requestResign(deps.db, id);
  if (!row) {
    const exists = await batchExists(deps.db, id);
    if (!exists) throw new NotFoundError({ code: 'notFound', msg: BATCH_NOT_FOUND });
    throw new ConflictError({ code: 'conflict', msg: exists.highload ? BATCH_HIGHLOAD : BATCH_NOT_HELD });
  }
  const held = (await heldBatches(deps)).find((batch) => batch.id === id);
  return held ?? toHeld(row, []);
}

// ---- refunds -----------------------------------------------------------------------------------

/** A withdrawal's tokens back to where they came from: the operator's refund and a bounced payout's (worker/bounces.ts). */
/**
 * Credits the withdrawal's tokens to the balance they were debited from, through the ledger (reason
 * withdrawal_refund, naming the withdrawal), in the caller's transaction; user:balance follows the commit.
 * The caller has moved the withdrawal, under its row lock, to a state that is refunded only once.
 */
export async function returnWithdrawalTokens(tx: Tx, row: WithdrawalRow): Promise<void> {
  await changeBalance(tx, {
    userId: row.user_id,
    account: row.source_account,
    delta: row.token_amount,
    reason: 'withdrawal_refund',
    refType: 'withdrawal',
    refId: row.id,
  });
}
