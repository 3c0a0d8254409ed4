import { Address, beginCell } from '@ton/core';
import type { Mint, MintPlan, PaymentRequest } from '@contract';
import type { Config } from '../config';
import { MINT_COMMENT_PREFIX, MINT_MAX_NANOTONS, MINT_MIN_NANOTONS } from '../constants';
import { formatUnits } from '../lib/money';
import type { NewNotification } from '../notifications/service';
import type { MintRow, PlanRow } from './queries';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

export const yieldFraction = (bps: number): number => bps / 10_000;

export function toPlan(row: PlanRow): MintPlan {
  return {
    days: row.days,
    tariff_days: row.tariff_days,
    is_active: row.is_active,
    yield: yieldFraction(row.yield_bps),
    // One range for every plan today; per plan on the wire so a plan may get its own.
    min_amount: formatUnits(MINT_MIN_NANOTONS),
    max_amount: formatUnits(MINT_MAX_NANOTONS),
  };
}

/** The text the payment carries: `Mint K7F3QX2M`. */
export const paymentComment = (mintCode: string): string => `${MINT_COMMENT_PREFIX} ${mintCode}`;

const COMMENT_PATTERN = new RegExp(`^\\s*${MINT_COMMENT_PREFIX}\\s*[#:-]?\\s*([A-Za-z0-9]{4,32})\\s*$`, 'i');

/** The mint code a payment comment names, or null (case and spacing are forgiven; wallets let users edit). */
export function mintCodeFromComment(comment: string | null): string | null {
  const match = comment ? COMMENT_PATTERN.exec(comment) : null;
  return match?.[1] ? match[1].toUpperCase() : null;
}

/** base64 BOC of a text comment cell (op 0 + the text), TON Connect's `payload`. */
export const commentPayload = (comment: string): string =>
  beginCell().storeUint(0, 32).storeStringTail(comment).endCell().toBoc().toString('base64');

/**
 * The treasury as a TON Connect message address: user-friendly (the SDK refuses raw), bounceable (a
 * payment to an address that is not a deployed contract comes back instead of being stranded), and
 * test-only on testnet (TON_NETWORK; the sandbox's dev wallet is testnet too), like the wallet's own address.
 */
export function treasuryPaymentAddress(config: Pick<Config, 'treasuryAddress' | 'tonNetwork'>): string | null {
  if (!config.treasuryAddress) return null;
  return Address.parse(config.treasuryAddress).toString({
    urlSafe: true,
    bounceable: true,
    testOnly: config.tonNetwork === 'testnet',
  });
}

export function paymentRequest(row: MintRow, treasury: string): PaymentRequest {
  const comment = paymentComment(row.mint_id);
  return {
    address: treasury,
    amount: row.amount_ton.toString(),
    payload: commentPayload(comment),
    comment,
    valid_until: seconds(row.expires_at),
  };
}

export function toMint(row: MintRow, config: Pick<Config, 'treasuryAddress' | 'tonNetwork'>): Mint {
  const treasury = row.status === 'pending' ? treasuryPaymentAddress(config) : null;
  return {
    id: row.id,
    mint_id: row.mint_id,
    status: row.status,
    source: row.source,
    cancel_reason: row.cancel_reason,
    created_at: seconds(row.created_at),
    amount_ton: formatUnits(row.amount_ton),
    amount_token: formatUnits(row.amount_token),
    expected_token: formatUnits(row.expected_token),
    days: row.days,
    tariff_days: row.tariff_days,
    activated_at: row.activated_at ? seconds(row.activated_at) : null,
    matures_at: row.matures_at ? seconds(row.matures_at) : null,
    ...(treasury ? { payment: paymentRequest(row, treasury) } : {}),
  };
}

/** The owner's notification that a mint's payment arrived and the mint is active (server/notifications), once. */
export const mintActiveNotice = (row: MintRow): NewNotification<'mint_active'> => ({
  userId: row.user_id,
  kind: 'mint_active',
  params: {
    mint_id: row.id,
    code: row.mint_id,
    ton_amount: formatUnits(row.amount_ton),
    token_amount: formatUnits(row.amount_token),
  },
  dedupeKey: `mint_active:${row.id}`,
});
