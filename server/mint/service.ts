/**
 * Mints (docs/foundations.md §4): a plan and an amount of TON → a pending mint with a payment request; the
 * treasury watcher's payment activates it; after tariff_days it completes and pays expected_token.
 *
 * Amounts are integers: TON in nanotons, tokens in base units, the price in nanotons per whole token.
 *   amount_token   = amount_ton × 10^9 / price            (floored)
 *   expected_token = amount_token × (10 000 + yield_bps) / 10 000   (floored)
 */
import type { Mint, MintCalculation, MintPlan, Paged } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import {
  MAX_PENDING_MINTS_PER_USER,
  MINT_MAX_NANOTONS,
  MINT_MIN_NANOTONS,
  MINT_PENDING_TTL_SECONDS,
} from '../constants';
import { type Tx, inTransaction } from '../events/transaction';
import { changeBalance, recordOperation } from '../ledger/service';
import { randomCode } from '../lib/codes';
import { BadRequestError, ConflictError, NotFoundError, ValidationError, fieldError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { currentPriceNanotons, isQuotablePrice } from '../price/service';
import { notify } from '../notifications/service';
import { creditReferralReward } from '../referral/service';
import { lockUser } from '../users/service';
import {
  type MintRow,
  type PlanRow,
  activateMintRow,
  activePlans,
  cancelMintRow,
  completeMintRow,
  countOpenPendingMints,
  expiredPendingMintIds,
  findActivePlan,
  findMint,
  findMintByCode,
  insertFarmingMint,
  insertMint,
  listUserMints,
  lockMint,
  lockUserMint,
  maturedActiveMintIds,
  mintsWithOwners,
  setMintStatus,
} from './queries';
import { mintActiveNotice, mintCodeFromComment, toMint, toPlan, yieldFraction } from './wire';

type MintDeps = Pick<Deps, 'db' | 'bus' | 'config'>;

/** TON a user has paid for mints (every mint whose payment was confirmed), in nanotons. */
export { paidNanotons } from './queries';

const UNITS_PER_TOKEN = 1_000_000_000n;
const BPS = 10_000n;

export async function listPlans(deps: MintDeps): Promise<MintPlan[]> {
  return (await activePlans(deps.db)).map(toPlan);
}

export interface MintAmounts {
  amountToken: bigint;
  expectedToken: bigint;
}

export function mintAmounts(amountTon: bigint, priceNanotons: bigint, yieldBps: number): MintAmounts {
  const amountToken = (amountTon * UNITS_PER_TOKEN) / priceNanotons;
  return { amountToken, expectedToken: (amountToken * (BPS + BigInt(yieldBps))) / BPS };
}

function checkAmount(amountTon: bigint): void {
  if (amountTon < MINT_MIN_NANOTONS) {
    throw new ValidationError([fieldError('amount', 'amountAtLeast', { amount: formatUnits(MINT_MIN_NANOTONS) })]);
  }
  if (amountTon > MINT_MAX_NANOTONS) {
    throw new ValidationError([fieldError('amount', 'amountAtMost', { amount: formatUnits(MINT_MAX_NANOTONS) })]);
  }
}

async function planOr404(q: Queryable, days: number): Promise<PlanRow> {
  const plan = await findActivePlan(q, days);
  if (!plan) throw new NotFoundError('planNotFound');
  return plan;
}

/** A mint's plan and amounts, fixed when it is priced (a farming link keeps them for its activations). */
export interface MintTerms {
  days: number;
  tariffDays: number;
  yieldBps: number;
  priceNanotons: bigint;
  amountTon: bigint;
  amountToken: bigint;
  expectedToken: bigint;
}

/** The price of a quote the user confirmed (calculate's `price`), and when they confirmed it. */
export interface PriceQuote {
  priceNanotons: bigint;
  /** Unix seconds. */
  now: number;
}

/**
 * Prices `amountTon` on the active plan `days` at today's price, or at `quote`'s while it stands
 * (price/service.ts isQuotablePrice; else 400 priceQuoteExpired, nothing written): the amount range
 * (422 with the mint's own message), the plan (404), then the floored token amounts. Farming links are
 * priced here too.
 */
export async function mintTerms(q: Queryable, amountTon: bigint, days: number, quote?: PriceQuote): Promise<MintTerms> {
  checkAmount(amountTon);
  const plan = await planOr404(q, days);
  if (quote && !(await isQuotablePrice(q, quote.priceNanotons, quote.now))) {
    throw new BadRequestError('priceQuoteExpired');
  }
  const priceNanotons = quote ? quote.priceNanotons : await currentPriceNanotons(q);
  const { amountToken, expectedToken } = mintAmounts(amountTon, priceNanotons, plan.yield_bps);
  if (amountToken <= 0n) throw new ValidationError([fieldError('amount', 'amountTooSmall')]);
  return {
    days: plan.days,
    tariffDays: plan.tariff_days,
    yieldBps: plan.yield_bps,
    priceNanotons,
    amountTon,
    amountToken,
    expectedToken,
  };
}

/** Tokens the smallest mint costs at this price: no plan is affordable with less (the amount does not depend on the plan). */
export function cheapestMintTokens(priceNanotons: bigint): bigint {
  return mintAmounts(MINT_MIN_NANOTONS, priceNanotons, 0).amountToken;
}

/** The active plans whose smallest mint, at `priceNanotons`, costs at most `tokens` (a farming link's balance). */
export async function plansAffordableWith(q: Queryable, tokens: bigint, priceNanotons: bigint): Promise<MintPlan[]> {
  const plans = await activePlans(q);
  return plans
    .filter((plan) => {
      const { amountToken } = mintAmounts(MINT_MIN_NANOTONS, priceNanotons, plan.yield_bps);
      return amountToken > 0n && amountToken <= tokens;
    })
    .map(toPlan);
}

export async function calculateMint(deps: MintDeps, amountTon: bigint, freezeDays: number): Promise<MintCalculation> {
  return calculationOf(await mintTerms(deps.db, amountTon, freezeDays));
}

/** Priced terms as the wire shows them (a mint's calculation; a farming link's per activation). */
export function calculationOf(terms: MintTerms): MintCalculation {
  return {
    amount_ton: formatUnits(terms.amountTon),
    amount_token: formatUnits(terms.amountToken),
    expected_token: formatUnits(terms.expectedToken),
    price: formatUnits(terms.priceNanotons),
    days: terms.days,
    tariff_days: terms.tariffDays,
    yield: yieldFraction(terms.yieldBps),
  };
}

export async function createMint(
  deps: MintDeps,
  userId: number,
  input: { amount: bigint; days: number; price?: bigint | undefined },
  now: number,
): Promise<Mint> {
  checkAmount(input.amount);
  // Refused before anything is written: a mint nobody can pay would only expire.
  if (!deps.config.treasuryAddress) throw new Error('TREASURY_ADDRESS is not configured: mints cannot be paid');
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    if ((await countOpenPendingMints(tx, userId, now)) >= MAX_PENDING_MINTS_PER_USER) {
      throw new ConflictError('tooManyPendingMints');
    }
    // The quote the user confirmed fixes the tokens; the watcher credits them as they are.
    const quote = input.price === undefined ? undefined : { priceNanotons: input.price, now };
    const terms = await mintTerms(tx, input.amount, input.days, quote);
    let row: MintRow | undefined;
    for (let attempt = 0; !row && attempt < 5; attempt++) {
      row = await insertMint(tx, {
        mintId: randomCode(),
        userId,
        plan: planOf(terms),
        priceNanotons: terms.priceNanotons,
        amountTon: terms.amountTon,
        amountToken: terms.amountToken,
        expectedToken: terms.expectedToken,
        createdAt: now,
        expiresAt: now + MINT_PENDING_TTL_SECONDS,
      });
    }
    if (!row) throw new Error('Could not draw an unused mint code');
    return toMint(row, deps.config);
  });
}

const planOf = (terms: MintTerms): PlanRow => ({
  days: terms.days,
  tariff_days: terms.tariffDays,
  yield_bps: terms.yieldBps,
  is_active: true,
});

/**
 * A farming link's activation, in the farming service's transaction (it has locked the activator and
 * the link): an ACTIVE mint for `userId` on the link's terms, with no payment — activated now,
 * maturing after tariff_days and paying expected_token like any mint. It is not paid TON, so it earns
 * no referral reward and counts towards neither referral turnover nor the investment bonus.
 */
export async function createFarmingMint(
  deps: MintDeps,
  tx: Tx,
  input: { userId: number; farmingLinkId: number; terms: MintTerms },
  now: number,
): Promise<Mint> {
  const { terms } = input;
  let row: MintRow | undefined;
  for (let attempt = 0; !row && attempt < 5; attempt++) {
    row = await insertFarmingMint(tx, {
      mintId: randomCode(),
      userId: input.userId,
      plan: planOf(terms),
      priceNanotons: terms.priceNanotons,
      amountTon: terms.amountTon,
      amountToken: terms.amountToken,
      expectedToken: terms.expectedToken,
      createdAt: now,
      farmingLinkId: input.farmingLinkId,
    });
  }
  if (!row) throw new Error('Could not draw an unused mint code');
  await recordOperation(tx, {
    userId: input.userId,
    type: 'farming_mint',
    unit: 'TKN',
    direction: 'in',
    amount: row.amount_token,
    refType: 'mint',
    refId: row.id,
  });
  const mint = toMint(row, deps.config);
  tx.publishToUser(input.userId, { event: 'user:mint', data: mint });
  return mint;
}

/** One mint as the wire shows it, if it is the user's. */
export async function userMint(deps: MintDeps, q: Queryable, userId: number, id: number): Promise<Mint | undefined> {
  const row = await findMint(q, id);
  return row && row.user_id === userId ? toMint(row, deps.config) : undefined;
}

export async function cancelMint(deps: MintDeps, userId: number, id: number, now: number): Promise<Mint> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const mint = await lockUserMint(tx, userId, id);
    if (!mint) throw new NotFoundError('mintNotFound');
    if (mint.status !== 'pending') throw new ConflictError('onlyPendingMintCancels');
    const canceled = toMint(await cancelMintRow(tx, mint.id, 'user', now), deps.config);
    tx.publishToUser(userId, { event: 'user:mint', data: canceled });
    return canceled;
  });
}

export async function listMints(deps: MintDeps, userId: number, page: number, limit: number): Promise<Paged<Mint>> {
  const { rows, total } = await listUserMints(deps.db, userId, limit, (page - 1) * limit);
  return { data: rows.map((row) => toMint(row, deps.config)), total, page, limit };
}

// ---- payments (the treasury watcher) --------------------------------------------------------------

/** The mint a treasury transaction likely pays for, as the operator's list shows it (contract likely_mint). */
export interface LikelyMint {
  id: number;
  code: string;
  status: string;
  ton_amount: string;
  user: { id: number; telegram_id: number; first_name: string; username: string | null };
}

/**
 * For each transaction, the mint its comment names (the payment comment's code), or else the mint it was
 * recorded against; null when neither is a mint. One statement for the whole list.
 */
export async function likelyMints(
  q: Queryable,
  transactions: Array<{ comment: string | null; mint_id: number | null }>,
): Promise<Array<LikelyMint | null>> {
  const codes = transactions.map((tx) => mintCodeFromComment(tx.comment));
  const rows = await mintsWithOwners(
    q,
    codes.filter((code): code is string => code !== null),
    transactions.map((tx) => tx.mint_id).filter((id): id is number => id !== null),
  );
  const wire = (row: (typeof rows)[number]): LikelyMint => ({
    id: row.id,
    code: row.code,
    status: row.status,
    ton_amount: formatUnits(row.amount_ton),
    user: { id: row.user_id, telegram_id: Number(row.telegram_id), first_name: row.first_name, username: row.username },
  });
  return transactions.map((tx, i) => {
    const code = codes[i];
    const row =
      (code ? rows.find((mint) => mint.code === code) : undefined) ??
      (tx.mint_id !== null ? rows.find((mint) => mint.id === tx.mint_id) : undefined);
    return row ? wire(row) : null;
  });
}

/** An incoming treasury transaction as the watcher read it from the node. */
export interface TreasuryPayment {
  hash: string;
  /** Unix seconds (chain time). */
  utime: number;
  /** Sender; null for an external message. */
  source: string | null;
  amount: bigint;
  comment: string | null;
  bounced: boolean;
}

export type PaymentOutcome =
  'credited' | 'overpaid' | 'underpaid' | 'unknown_comment' | 'already_paid' | 'mint_canceled' | 'not_payment';

/**
 * Decides what one treasury transaction does, in the watcher's transaction (which has already recorded
 * it once by hash). Only a payment naming a pending mint, with at least its amount, activates it; a
 * mint that merely expired while the watcher lagged is still honoured if the payment's chain time is
 * before the expiry. Everything else changes nothing and is left for an operator.
 */
export interface AppliedPayment {
  outcome: PaymentOutcome;
  mintId: number | null;
  /** The payer, when the payment activated a mint (credited or overpaid): their paid TON grew. */
  paidBy: number | null;
}

export async function applyTreasuryPayment(
  deps: MintDeps,
  tx: Tx,
  payment: TreasuryPayment,
  now: number,
): Promise<AppliedPayment> {
  const nothing = (outcome: PaymentOutcome): AppliedPayment => ({ outcome, mintId: null, paidBy: null });
  if (!payment.source || payment.amount <= 0n || payment.bounced) return nothing('not_payment');
  const code = mintCodeFromComment(payment.comment);
  const found = code ? await findMintByCode(tx, code) : undefined;
  if (!found) return nothing('unknown_comment');

  await lockUser(tx, found.user_id);
  const mint = await lockMint(tx, found.id);
  if (!mint) return nothing('unknown_comment');
  const result = (outcome: PaymentOutcome): AppliedPayment => ({ outcome, mintId: mint.id, paidBy: null });

  const expiredInTime =
    mint.status === 'canceled' &&
    mint.cancel_reason === 'expired' &&
    payment.utime < Math.floor(mint.expires_at.getTime() / 1000);
  if (mint.status !== 'pending' && !expiredInTime) {
    return result(mint.status === 'canceled' ? 'mint_canceled' : 'already_paid');
  }
  if (payment.amount < mint.amount_ton) return result('underpaid');

  const active = await activateMintRow(tx, mint.id, payment.hash, now);
  // The mint's price is what the history shows paid; an overpayment's excess waits for an operator.
  await recordOperation(tx, {
    userId: active.user_id,
    type: 'mint_paid',
    unit: 'TON',
    direction: 'out',
    amount: active.amount_ton,
    refType: 'mint',
    refId: active.id,
  });
  await creditReferralReward(tx, { id: active.id, userId: active.user_id, amountToken: active.amount_token });
  tx.publishToUser(active.user_id, { event: 'user:mint', data: toMint(active, deps.config) });
  await notify(tx, mintActiveNotice(active));
  // What the paid TON moves elsewhere (the investment bonus and the stakes carrying it) is the
  // caller's to orchestrate: the watcher hands `paidBy` to staking in this same transaction.
  return { ...result(payment.amount > mint.amount_ton ? 'overpaid' : 'credited'), paidBy: active.user_id };
}

// ---- staking (a stake is made of an active mint) -------------------------------------------------------

/**
 * The mint side of staking, in the caller's transaction (the caller has locked the user): the user's
 * active mint `mintId` becomes move_to_staking. Returns what the stake is made of.
 */
export async function moveMintToStaking(
  deps: MintDeps,
  tx: Tx,
  userId: number,
  mintId: number,
): Promise<{ id: number; amountToken: bigint }> {
  const mint = await lockUserMint(tx, userId, mintId);
  if (!mint) throw new NotFoundError('mintNotFound');
  if (mint.status !== 'active') throw new ConflictError('onlyActiveMintStakes');
  const moved = await setMintStatus(tx, mint.id, 'move_to_staking');
  tx.publishToUser(userId, { event: 'user:mint', data: toMint(moved, deps.config) });
  return { id: moved.id, amountToken: moved.amount_token };
}

// ---- settlement (expiry and maturity) ----------------------------------------------------------------

/** Cancels pending mints whose payment window has passed (reason 'expired'); returns how many. */
export async function expirePendingMints(deps: MintDeps, now: number, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await expiredPendingMintIds(deps.db, now, batch);
    for (const id of ids) {
      const done = await inTransaction(deps.db, deps.bus, async (tx) => {
        const mint = await lockMint(tx, id);
        if (!mint || mint.status !== 'pending' || Math.floor(mint.expires_at.getTime() / 1000) > now) return false;
        const canceled = await cancelMintRow(tx, id, 'expired', now);
        tx.publishToUser(canceled.user_id, { event: 'user:mint', data: toMint(canceled, deps.config) });
        return true;
      });
      if (done) total++;
    }
    if (ids.length < batch) return total;
  }
}

/** Completes active mints past tariff_days and pays expected_token to balance_token; returns how many. */
export async function matureActiveMints(deps: MintDeps, now: number, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await maturedActiveMintIds(deps.db, now, batch);
    for (const id of ids) {
      const done = await inTransaction(deps.db, deps.bus, async (tx) => {
        const peek = await findMint(tx, id);
        if (!peek) return false;
        await lockUser(tx, peek.user_id);
        const mint = await lockMint(tx, id);
        if (
          !mint ||
          mint.status !== 'active' ||
          !mint.matures_at ||
          Math.floor(mint.matures_at.getTime() / 1000) > now
        ) {
          return false;
        }
        const completed = await completeMintRow(tx, id, now);
        await changeBalance(tx, {
          userId: mint.user_id,
          account: 'balance_token',
          delta: mint.expected_token,
          reason: 'mint_matured',
          refType: 'mint',
          refId: mint.id,
        });
        tx.publishToUser(mint.user_id, { event: 'user:mint', data: toMint(completed, deps.config) });
        return true;
      });
      if (done) total++;
    }
    if (ids.length < batch) return total;
  }
}
