/**
 * Selling (docs/decisions.md "Selling (server)", "Sale quotes"): what a sale of so many tokens pays at the
 * operator's terms, exact to the nanoton; the smallest sale; the quote a user confirmed and whether it still stands.
 */
import { MAX_UNITS, type TonNetwork, type WithdrawCalculation } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { BadRequestError, type FieldError, ValidationError, fieldError } from '../lib/errors';
import { formatUnits, parseUnits } from '../lib/money';
import { TonAddressError, parseTonAddress } from '../lib/ton-address';
import { currentPriceNanotons, isQuotablePrice } from '../price/service';
import { getSetting } from '../settings/service';
import { type SourceAccount } from './queries';

// ---- selling ---------------------------------------------------------------------------------

export const SCALE = 1_000_000_000n;

/** The fee percent is read to the millionth of a percent: ppm of a percent. */
export const PERCENT_SCALE = 1_000_000n;

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

export const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

export function percentPpm(percent: number): bigint {
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

export const positive = (tokenAmount: bigint) => {
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

export const sourceOf = (request: Pick<SaleRequest, 'from_ref_balance' | 'from_task_balance'>): SourceAccount =>
  request.from_ref_balance ? 'referral_balance' : request.from_task_balance ? 'task_balance' : 'balance_token';

/**
 * The terms a sale is made at: today's settings, at the quote's price while it stands — the mint's rule
 * (price/service.ts isQuotablePrice: in force at some moment of the last PRICE_QUOTE_TTL_SECONDS before
 * `now`), else 400 sellQuoteExpired. Without a quote, today's price.
 */
export async function quotedTerms(q: Queryable, quote: SaleQuote | undefined, now: number): Promise<SaleTerms> {
  if (quote && !(await isQuotablePrice(q, quote.price, now))) throw new BadRequestError('sellQuoteExpired');
  const terms = await saleTerms(q);
  return quote ? { ...terms, priceNanotons: quote.price } : terms;
}

/** Whether the quote's figures are, to the nanoton, the sale its price gives (a tampered or stale one is not). */
export const quoteMatches = (quote: SaleQuote, sale: Sale): boolean =>
  quote.ton_amount === sale.tonAmount && quote.fee === sale.fee && quote.receive_amount === sale.receive;
