import { formatAmount } from '@/shared/lib/format';

export type ChangeDirection = 'up' | 'down' | 'flat';

/**
 * Up or down as the user reads it: by the change shown (2 decimals, truncated), so a change that
 * shows as 0.00% is neither green nor red. The badge's text is the formatter's `formatChange`.
 */
export function changeDirection(change: number): ChangeDirection {
  const shown = formatAmount(change, 'percent', 'en');
  if (shown === '—' || /^-?0\.00$/.test(shown)) return 'flat';
  return shown.startsWith('-') ? 'down' : 'up';
}
