import { DECIMALS, formatAmount } from '@/shared/lib/format';

export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * Up or down as the user reads it: by the change shown (2 decimals, truncated), so a change that
 * shows as 0.00% is neither green nor red.
 */
export function changeDirection(change: number): ChangeDirection {
  const shown = formatAmount(change, DECIMALS.percent);
  if (shown === '—' || /^-?0\.00$/.test(shown)) return 'flat';
  return shown.startsWith('-') ? 'down' : 'up';
}

/** '+1.50', '-2.25', '0.00': the change's percent with its sign, truncated to 2 decimals (SPEC §5). */
export function formatChange(change: number): string {
  const shown = formatAmount(change, DECIMALS.percent);
  return changeDirection(change) === 'up' ? `+${shown}` : shown;
}
