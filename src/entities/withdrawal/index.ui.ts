/*
 * The slice's views, for views that load on demand (README "Bundle"): index.ts, which the entry's
 * models import, exports no view.
 */
export { WithdrawalRow, STATUSES as WITHDRAWAL_STATUSES } from './ui/withdrawal-row';
