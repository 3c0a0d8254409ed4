import { formatUnits, parseUnits, type FarmingLink } from '@/shared/api';
import { sumShown } from '@/shared/lib/format';

/** The balance a link was paid from, and a cancel returns to (docs/foundations.md §4: exactly one of the two). */
export type FarmingSource = 'referral' | 'task';

export const linkSource = (link: Pick<FarmingLink, 'from_ref_balance'>): FarmingSource =>
  link.from_ref_balance ? 'referral' : 'task';

/** Tokens a cancel gives back now: the unused activations' tokens (contract: left × amount_token). */
export const refundOnCancel = (link: Pick<FarmingLink, 'activations_left' | 'amount_token'>): string =>
  formatUnits(parseUnits(link.amount_token) * BigInt(link.activations_left));

/**
 * `count` activations' tokens as the link's views show them: one activation's tokens as shown (truncated
 * to TKN's 2 decimals) times the count, so 'each 1.23 TKN' and 'cost of 2: 2.46 TKN' add up on screen
 * (docs/decisions.md "Formats"). Under the exact cost (amount × count) by less than 0.01 TKN an activation.
 */
export const shownTimes = (amountToken: string, count: number): string =>
  sumShown(
    Array.from({ length: count }, () => amountToken),
    'token',
  ) ?? formatUnits(parseUnits(amountToken) * BigInt(count));

/** Only an active link (uses left, not revoked) can be cancelled or handed out. */
export const isCancellable = (link: Pick<FarmingLink, 'status'>): boolean => link.status === 'active';

/** The codes still to hand out: a multilink's one code, else each unused single-use code. */
export const codesToShare = (
  link: Pick<FarmingLink, 'status' | 'is_multilink' | 'activation_code' | 'codes'>,
): string[] => {
  if (link.status !== 'active') return [];
  if (link.is_multilink) return link.activation_code ? [link.activation_code] : [];
  return link.codes.filter((code) => !code.used).map((code) => code.activation_code);
};
