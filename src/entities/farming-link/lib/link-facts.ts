import { formatUnits, parseUnits, type FarmingLink } from '@/shared/api';

/** The balance a link was paid from, and a cancel returns to (DESIGN.md §4: exactly one of the two). */
export type FarmingSource = 'referral' | 'task';

export const linkSource = (link: Pick<FarmingLink, 'from_ref_balance'>): FarmingSource =>
  link.from_ref_balance ? 'referral' : 'task';

/** Tokens a cancel gives back now: the unused activations' tokens (contract: left × amount_token). */
export const refundOnCancel = (link: Pick<FarmingLink, 'activations_left' | 'amount_token'>): string =>
  formatUnits(parseUnits(link.amount_token) * BigInt(link.activations_left));

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
