/*
 * The slice's views, for views that load on demand (docs/performance.md "Bundle"): index.ts, which the entry's
 * models import, exports no view.
 */
export { WithdrawalRow, STATUSES as WITHDRAWAL_STATUSES } from './ui/withdrawal-row';
