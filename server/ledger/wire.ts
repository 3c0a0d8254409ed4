import type { Operation } from '@/shared/api/contract';
import { formatUnits } from '../lib/money';
import type { EntryRow } from './queries';

/** A ledger entry as the operations history shows it: the change's size and its direction, never a sign. */
export function toOperation(row: EntryRow): Operation {
  return {
    id: Number(row.id),
    type: row.reason,
    account: row.account,
    direction: row.delta > 0n ? 'in' : 'out',
    amount: formatUnits(row.delta < 0n ? -row.delta : row.delta),
    balance_after: formatUnits(row.balance_after),
    created_at: Math.floor(row.created_at.getTime() / 1000),
    ref_type: row.ref_type,
    ref_id: row.ref_id,
  };
}
