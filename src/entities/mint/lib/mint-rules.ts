import type { Mint, MintPlan } from '@/shared/api';
import { timings } from '@/shared/config';

/** SPEC §4: a pending mint shows as pending for 3 minutes after it was created. */
export const PENDING_WINDOW_SECONDS = timings.pendingWindowMs / 1000;

/** SPEC §5: only active plans are offered, sorted by days ascending. */
export function activePlans(plans: MintPlan[]): MintPlan[] {
  return plans.filter((plan) => plan.is_active).sort((a, b) => a.days - b.days);
}

/** Newest first: by creation time, then by id for mints created in the same second. */
export function byNewest(a: Mint, b: Mint): number {
  return b.created_at - a.created_at || b.id - a.id;
}

/**
 * SPEC §4: only the newest pending mint shows as pending, and only while it is younger than
 * 3 minutes (`nowSeconds - created_at < 180`). Older pending mints are not offered for payment.
 */
export function visiblePendingMint(mints: Mint[], nowSeconds: number): Mint | null {
  let newest: Mint | null = null;
  for (const mint of mints) {
    if (mint.status === 'pending' && (!newest || byNewest(mint, newest) < 0)) newest = mint;
  }
  return newest && nowSeconds - newest.created_at < PENDING_WINDOW_SECONDS ? newest : null;
}

/** The moment (Unix ms) a pending mint stops showing as pending. */
export const pendingShownUntilMs = (mint: Mint): number => (mint.created_at + PENDING_WINDOW_SECONDS) * 1000;
