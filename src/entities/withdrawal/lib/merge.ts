import type { Withdrawal } from '@/shared/api';

/**
 * A withdrawal pushed live: the row with its id is replaced (a new status); a withdrawal newer than
 * every row goes on top (`added`: the total grows). One older than the newest row and not listed is on
 * a page not read yet: nothing changes (reading that page shows it as it is then).
 */
export function mergeWithdrawal(
  list: Withdrawal[],
  withdrawal: Withdrawal,
): { withdrawals: Withdrawal[]; added: boolean } {
  const at = list.findIndex((row) => row.id === withdrawal.id);
  if (at >= 0) return { withdrawals: list.map((row, i) => (i === at ? withdrawal : row)), added: false };
  const newest = list[0];
  if (newest && withdrawal.id < newest.id) return { withdrawals: list, added: false };
  return { withdrawals: [withdrawal, ...list], added: true };
}
