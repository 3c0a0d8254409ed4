import type { Operation } from '@contract';
import { formatUnits } from '../lib/money';
import type { EntryRow } from './queries';

/**
 * A history row as the operations history shows it: the size and its direction, never a sign; the unit
 * it counts in; the balance left only for a ledger entry (a journal row changed no balance).
 */
export function toOperation(row: EntryRow): Operation {
  return {
    id: Number(row.id),
    type: row.type,
    account: row.account,
    direction: row.direction,
    amount: formatUnits(row.amount),
    unit: row.unit,
    balance_after: row.balance_after === null ? null : formatUnits(row.balance_after),
    created_at: Math.floor(row.created_at.getTime() / 1000),
    ref_type: row.ref_type,
    ref_id: row.ref_id,
    ref_code: row.ref_code,
  };
}
