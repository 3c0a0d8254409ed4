/**
 * Farming links (docs/foundations.md §4, §7; docs/decisions.md "Farming links (server)"): the author holds amount_token ×
 * count_activations from one balance (referral or task) at creation; each activation gives the
 * activator an active mint of the link's amount at the link's price and plan, at once and without
 * payment; a cancel returns the unused uses to the balance they came from.
 *
 * Lock order: the user (author or activator), then the link, then what the mint service writes.
 */
import {
  type FarmingActivationStatus,
  type FarmingCalculation,
  type FarmingLink,
  type FarmingPlans,
  type Mint,
  type Paged,
  SERVER_MESSAGES,
} from '@contract';
import { FARMING_CODE_LENGTH } from '../constants';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { notify } from '../notifications/service';
import { InsufficientFundsError, changeBalance, currentBalances } from '../ledger/service';
import { randomCode } from '../lib/codes';
import { ConflictError, NotFoundError } from '../lib/errors';
import { formatUnits, parseUnits } from '../lib/money';
import {
  type MintTerms,
  calculationOf,
  cheapestMintTokens,
  createFarmingMint,
  mintTerms,
  plansAffordableWith,
  userMint,
} from '../mint/service';
import { currentPriceNanotons } from '../price/service';
import { lockUser } from '../users/service';
import {
  type FarmingCodeRow,
  type FarmingLinkRow,
  type FarmingSource,
  codesOfLinks,
  countActivation,
  findActivation,
  findCode,
  findLink,
  insertActivation,
  insertCodes,
  insertLink,
  listUserLinks,
  lockLink,
  lockUserLink,
  markCodeUsed,
  revokeLink,
} from './queries';
import { codeSpent, toFarmingLink } from './wire';

type FarmingDeps = Pick<Deps, 'db' | 'bus' | 'config'>;

/** The schemas guarantee exactly one flag is true. */
interface SourceFlags {
  from_ref_balance: boolean;
  from_task_balance: boolean;
}
const sourceOf = (flags: SourceFlags): FarmingSource => (flags.from_ref_balance ? 'referral_balance' : 'task_balance');

/** Postgres BIGINT: a cost above it is more than any balance can hold. */
const MAX_BIGINT = 2n ** 63n - 1n;

/** Activation codes are upper case; a code typed or pasted in lower case still finds its link. */
const normalCode = (code: string): string => code.toUpperCase();

const termsOf = (link: FarmingLinkRow): MintTerms => ({
  days: link.days,
  tariffDays: link.tariff_days,
  yieldBps: link.yield_bps,
  priceNanotons: link.price_nanotons,
  amountTon: link.amount_ton,
  amountToken: link.amount_token,
  expectedToken: link.expected_token,
});

async function withCodes(q: Queryable, links: FarmingLinkRow[]): Promise<FarmingLink[]> {
  const codes = await codesOfLinks(
    q,
    links.map((link) => link.id),
  );
  return links.map((link) =>
    toFarmingLink(
      link,
      codes.filter((code) => code.link_id === link.id),
    ),
  );
}

// ---- plans and prices ----------------------------------------------------------------------------

export async function farmingPlans(deps: FarmingDeps, userId: number, flags: SourceFlags): Promise<FarmingPlans> {
  const source = sourceOf(flags);
  const balance = parseUnits((await currentBalances(deps.db, userId))[source]);
  const price = await currentPriceNanotons(deps.db);
  return {
    source,
    balance: formatUnits(balance),
    price: formatUnits(price),
    plans: await plansAffordableWith(deps.db, balance, price),
    min_cost: formatUnits(cheapestMintTokens(price)),
  };
}

export async function farmingCalculate(
  deps: FarmingDeps,
  input: { amount: bigint; freeze_days: number; count_activations: number },
): Promise<FarmingCalculation> {
  const terms = await mintTerms(deps.db, input.amount, input.freeze_days);
  return {
    ...calculationOf(terms),
    count_activations: input.count_activations,
    cost_token: formatUnits(terms.amountToken * BigInt(input.count_activations)),
  };
}

// ---- the author's commands -----------------------------------------------------------------------

export interface CreateFarmingLinkInput extends SourceFlags {
  amount: bigint;
  days: number;
  count_activations: number;
  is_multilink: boolean;
  is_for_me: boolean;
  /** Nanotons per token: the quote's price the user confirmed (mintTerms honours it while it stands). */
  price?: bigint | undefined;
}

/**
 * One transaction: the author locked, the link priced at today's price on an active plan, the whole
 * cost debited from the chosen balance (400 Insufficient funds, nothing written), then its codes.
 */
export async function createFarmingLink(
  deps: FarmingDeps,
  userId: number,
  input: CreateFarmingLinkInput,
  now: number,
): Promise<FarmingLink> {
  const source = sourceOf(input);
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    // Charged at the quote the user confirmed, or refused while nothing is written.
    const quote = input.price === undefined ? undefined : { priceNanotons: input.price, now };
    const terms = await mintTerms(tx, input.amount, input.days, quote);
    const costToken = terms.amountToken * BigInt(input.count_activations);
    if (costToken > MAX_BIGINT) throw new InsufficientFundsError(source);
    const link = await insertLink(tx, {
      userId,
      source,
      days: terms.days,
      tariffDays: terms.tariffDays,
      yieldBps: terms.yieldBps,
      priceNanotons: terms.priceNanotons,
      amountTon: terms.amountTon,
      amountToken: terms.amountToken,
      expectedToken: terms.expectedToken,
      countActivations: input.count_activations,
      isMultilink: input.is_multilink,
      isForMe: input.is_for_me,
      costToken,
      createdAt: now,
    });
    await changeBalance(tx, {
      userId,
      account: source,
      delta: -costToken,
      reason: 'farming_link',
      refType: 'farming_link',
      refId: link.id,
    });
    const wanted = input.is_multilink ? 1 : input.count_activations;
    let made = 0;
    for (let attempt = 0; made < wanted; attempt++) {
      if (attempt >= 5) throw new Error('Could not draw unused activation codes');
      const fresh = [...new Set(Array.from({ length: wanted - made }, () => randomCode(FARMING_CODE_LENGTH)))];
      made += (await insertCodes(tx, link.id, fresh)).length;
    }
    const [created] = await withCodes(tx, [link]);
    if (!created) throw new Error('farming link vanished');
    return created;
  });
}

export async function listFarmingLinks(
  deps: FarmingDeps,
  userId: number,
  page: number,
  limit: number,
): Promise<Paged<FarmingLink>> {
  const { rows, total } = await listUserLinks(deps.db, userId, limit, (page - 1) * limit);
  return { data: await withCodes(deps.db, rows), total, page, limit };
}

/**
 * Only the author, only an active link (someone else's id is 404, an exhausted or revoked one 409):
 * the unused uses, (count_activations − activations_used) × amount_token, go back to the balance the
 * link was paid from, and the link is revoked.
 */
export async function cancelFarmingLink(
  deps: FarmingDeps,
  userId: number,
  id: number,
  now: number,
): Promise<FarmingLink> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    const link = await lockUserLink(tx, userId, id);
    if (!link) throw new NotFoundError('farmingLinkNotFound');
    if (link.status !== 'active') throw new ConflictError('farmingOnlyActiveCancels');
    const refund = link.amount_token * BigInt(link.count_activations - link.activations_used);
    const revoked = await revokeLink(tx, link.id, refund, now);
    await changeBalance(tx, {
      userId,
      account: link.source,
      delta: refund,
      reason: 'farming_refund',
      refType: 'farming_link',
      refId: link.id,
    });
    const [wire] = await withCodes(tx, [revoked]);
    if (!wire) throw new Error('farming link vanished');
    return wire;
  });
}

// ---- activation ------------------------------------------------------------------------------------

type Verdict = Pick<FarmingActivationStatus, 'status' | 'code' | 'message'>;
type VerdictCode = FarmingActivationStatus['code'];

const said = (status: Verdict['status'], code: VerdictCode): Verdict => ({
  status,
  code,
  message: SERVER_MESSAGES[code],
});

/**
 * What `userId` may do with `code` of `link` now (the status read and the activation decide alike):
 * REVOKED when cancelled; REACHED, with the reason the user is told, when this user already activated
 * the link, when it is someone else's for-me link, when it is the user's own link for others, or when no
 * use is left for the code (a multilink's activations all taken, a single-use code spent); otherwise ACTIVE.
 */
function verdict(link: FarmingLinkRow, code: FarmingCodeRow, userId: number, activatedBefore: boolean): Verdict {
  const reached = (code: VerdictCode): Verdict => said('REACHED', code);
  if (link.status === 'revoked') return said('REVOKED', 'farmingActivationRevoked');
  if (activatedBefore) return reached('farmingAlreadyActivated');
  const isAuthor = link.user_id === userId;
  if (link.is_for_me && !isAuthor) return reached('farmingForAuthorOnly');
  if (!link.is_for_me && isAuthor) return reached('farmingOwnLink');
  if (link.is_multilink && (link.status !== 'active' || codeSpent(link, code))) return reached('farmingLinkUsedUp');
  if (link.status !== 'active' || codeSpent(link, code)) return reached('farmingCodeUsed');
  return said('ACTIVE', 'farmingActivationActive');
}

const mintDetails = (link: FarmingLinkRow): FarmingActivationStatus['mint_details'] => ({
  tariff_days: link.tariff_days,
  amount_token: formatUnits(link.amount_token),
  amount_ton: formatUnits(link.amount_ton),
});

/** GET /farming/activation-status: a pure read (unknown code → 404). */
export async function farmingActivationStatus(
  deps: FarmingDeps,
  userId: number,
  activationCode: string,
): Promise<FarmingActivationStatus> {
  const code = await findCode(deps.db, normalCode(activationCode));
  const link = code ? await findLink(deps.db, code.link_id) : undefined;
  if (!code || !link) throw new NotFoundError('farmingLinkNotFound');
  const activated = (await findActivation(deps.db, link.id, userId)) !== undefined;
  return { ...verdict(link, code, userId, activated), mint_details: mintDetails(link) };
}

/**
 * POST /farming/activate: the activator and the link locked (so every use of a link is decided one
 * at a time), then decided like the status read. ACTIVE → the activator's new active mint, the
 * activation, the single-use code spent, one use counted (the last one exhausts the link). The same
 * user with the same code again gets the same mint (idempotent); anything else is 409 with the status's
 * message.
 */
export async function activateFarmingCode(
  deps: FarmingDeps,
  userId: number,
  activationCode: string,
  now: number,
): Promise<Mint> {
  const codeText = normalCode(activationCode);
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const known = await findCode(tx, codeText);
    if (!known) throw new NotFoundError('farmingLinkNotFound');
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    const link = await lockLink(tx, known.link_id);
    if (!link) throw new NotFoundError('farmingLinkNotFound');

    const before = await findActivation(tx, link.id, userId);
    if (before && before.code === codeText) {
      const mint = await userMint(deps, tx, userId, before.mint_id);
      if (!mint) throw new Error(`farming mint ${before.mint_id} vanished`);
      return mint;
    }
    // Read again under the link's lock: a single-use code spent meanwhile shows here.
    const code = await findCode(tx, codeText);
    if (!code) throw new NotFoundError('farmingLinkNotFound');
    const decided = verdict(link, code, userId, before !== undefined);
    if (decided.status !== 'ACTIVE') throw new ConflictError(decided.code);

    const mint = await createFarmingMint(deps, tx, { userId, farmingLinkId: link.id, terms: termsOf(link) }, now);
    await insertActivation(tx, { linkId: link.id, userId, code: codeText, mintId: mint.id, at: now });
    if (!link.is_multilink && !(await markCodeUsed(tx, codeText, userId, now))) {
      throw new Error(`activation code ${codeText} was spent under the link's lock`);
    }
    const counted = await countActivation(tx, link.id);
    // The author's list shows the uses left without a reload.
    const [wire] = await withCodes(tx, [counted]);
    if (wire) tx.publishToUser(link.user_id, { event: 'user:farming_link', data: wire });
    const used = { token_amount: formatUnits(link.amount_token) };
    await notify(tx, {
      userId: link.user_id,
      kind: 'farm_activated',
      params: used,
      dedupeKey: `farm:${link.id}:${userId}`,
    });
    return mint;
  });
}
