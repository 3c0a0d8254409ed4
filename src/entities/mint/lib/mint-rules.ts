import type { Mint, MintPlan } from '@/shared/api';
import { byNewest, PENDING_WINDOW_SECONDS, pendingShownUntil } from '@/shared/lib/pending-window';

export { byNewest, PENDING_WINDOW_SECONDS };

/** docs/product.md §5: only active plans are offered, sorted by days ascending. */
export function activePlans(plans: MintPlan[]): MintPlan[] {
  return plans.filter((plan) => plan.is_active).sort((a, b) => a.days - b.days);
}

/**
 * docs/product.md §4: only the newest pending mint shows as pending, and only while it is younger than
 * 3 minutes (`nowSeconds - created_at < 180`). Older pending mints are not offered for payment.
 */
export function visiblePendingMint(mints: Mint[], nowSeconds: number): Mint | null {
  let newest: Mint | null = null;
  for (const mint of mints) {
    if (mint.status === 'pending' && (!newest || byNewest(mint, newest) < 0)) newest = mint;
  }
  return newest && nowSeconds < pendingShownUntil(newest) ? newest : null;
}

/** The moment (Unix ms) a pending mint stops showing as pending. */
export const pendingShownUntilMs = (mint: Mint): number => pendingShownUntil(mint) * 1000;

/**
 * What the user paid for a mint: its TON, or nothing when it was given (a farming link's activation: the
 * link's author paid for it in tokens). The card shows 'Gift' for the latter, never a cost.
 */
export function mintCost(mint: Pick<Mint, 'source' | 'amount_ton'>): { paid: true; ton: string } | { paid: false } {
  return mint.source === 'payment' ? { paid: true, ton: mint.amount_ton } : { paid: false };
}
