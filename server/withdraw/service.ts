/**
 * The withdraw domain's one service (docs/foundations.md §4 Sell / withdraw / transfer): every call a user makes —
 * the transfer from referral_balance to balance_token (POST /withdraw/transfer-from-referral-balance),
 * what a sale pays (GET /withdraw/calculate), the sale (POST /withdraw/create), the user's withdrawals
 * (GET /withdraw/history) — and the operator's actions on payouts: refund, retry, hold, and held batches
 * signed again. The payout worker that sends the TON is ./worker (signing, history search, bounces).
 * This file is the domain's public API (other domains import only it) and the user's commands; the parts
 * are ./sale.ts (what a sale pays, its quote), ./payouts.ts (the worker's state as operators read it, the
 * events of each change) and ./operator-actions.ts (refund, retry, held batches).
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
import { type Balances, MAX_UNITS, type WithdrawHistory, type WithdrawalCreated } from '@contract';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { InsufficientFundsError, accountBalance, balanceEvent, changeBalance } from '../ledger/service';
import { BadRequestError, type FieldError, NotFoundError, ValidationError, fieldError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { addressesEqual, parseTonAddress } from '../lib/ton-address';
import { getSetting } from '../settings/service';
import { lockUser } from '../users/service';
import { boundWallet } from '../wallet/service';
import {
  type SourceAccount,
  type WithdrawalRow,
  insertReferralTransfer,
  insertWithdrawal,
  withdrawalsPage,
} from './queries';
import { toWithdrawal } from './wire';
import { type HistoryPageQuery, pageWindow } from '../lib/paging';
import { type SaleRequest, minTokenAmount, quoteMatches, quotedTerms, saleOf, sellAddress, sourceOf } from './sale';
import { publishWithdrawal } from './payouts';
/** The hot wallet as the sandbox's dev chain deploys and tops it up (server/sandbox/chain/hot-wallet.ts). */
export { createHotWallet } from './worker/wallet';
export type { HotWallet } from './worker/types';
export { HIGHLOAD_EMERGENCY_QUERY_ID } from './worker/highload-v3';

export type { PayoutQueue, WithdrawalRow } from './queries';

export { saleOf, minTokenAmount, saleTerms, calculateSale, sellAddress } from './sale';
export type { SaleTerms, Sale, SaleQuote, SaleRequest } from './sale';
export {
  payoutsState,
  BATCH_HELD_REASON,
  payoutWorkerState,
  payoutQueueNow,
  setPayoutsPaused,
  publishPayoutsState,
  publishWithdrawal,
  publishWithdrawals,
  publishToOperators,
  noteWaiting,
} from './payouts';
export type { PayoutsState } from './payouts';
export {
  NOT_REFUNDABLE,
  NOT_RETRYABLE,
  withdrawalsForOperator,
  userWithdrawalsOperatorView,
  refundWithdrawal,
  retryWithdrawal,
  BATCH_NOT_FOUND,
  BATCH_NOT_HELD,
  BATCH_HIGHLOAD,
  heldBatches,
  requestHeldBatchResign,
  returnWithdrawalTokens,
} from './operator-actions';
export type { HeldBatch } from './operator-actions';

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
