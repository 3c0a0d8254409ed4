/** Withdrawals as the wire shows them (contract withdrawalSchema) and as the socket tells their owner. */
import type { OperatorWithdrawal, SocketMessage, Withdrawal } from '@contract';
import { formatUnits } from '../lib/money';
import type { NewNotification } from '../notifications/service';
import type { OperatorWithdrawalRow, WithdrawalRow } from './queries';
import { storedReason } from './reasons';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The chain's transaction hash as the worker stores it (base64) → hex, as explorers show it. */
export const txHashHex = (base64: string): string => Buffer.from(base64, 'base64').toString('hex');

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    source: row.source_account,
    from_ref_balance: row.source_account === 'referral_balance',
    from_task_balance: row.source_account === 'task_balance',
    token_amount: formatUnits(row.token_amount),
    ton_amount: formatUnits(row.ton_amount),
    fee: formatUnits(row.fee),
    address: row.address,
    status: row.status,
    tx_hash: row.tx_hash === null ? null : txHashHex(row.tx_hash),
    created_at: seconds(row.created_at),
    updated_at: seconds(row.updated_at),
  };
}

/** A withdrawal as the operator sees it: whose it is, its batch and the batch's chain transaction, why it waits. */
export function toOperatorWithdrawal(row: OperatorWithdrawalRow): OperatorWithdrawal {
  const wire = toWithdrawal(row);
  return {
    id: wire.id,
    user_id: row.user_id,
    source: wire.source,
    token_amount: wire.token_amount,
    ton_amount: wire.ton_amount,
    fee: wire.fee,
    address: wire.address,
    status: wire.status,
    batch_id: row.batch_id,
    tx_hash: row.batch_tx_hash,
    error: row.error,
    error_coded: storedReason(row.error_code, row.error_params),
    created_at: wire.created_at,
    user: { telegram_id: Number(row.telegram_id), first_name: row.first_name, username: row.username },
  };
}

export const withdrawalEvent = (row: WithdrawalRow): SocketMessage => ({
  event: 'user:withdrawal',
  data: toWithdrawal(row),
});

/** The owner's notification of a payout that reached the chain (server/notifications), once per withdrawal. */
export const payoutCompletedNotice = (row: WithdrawalRow): NewNotification<'payout_completed'> => ({
  userId: row.user_id,
  kind: 'payout_completed',
  params: {
    ton_amount: formatUnits(row.ton_amount),
    address: row.address,
    tx_hash: row.tx_hash === null ? null : txHashHex(row.tx_hash),
  },
  dedupeKey: `payout_completed:${row.id}`,
});

/** The owner's notification of a failed payout whose tokens came back (refunded or bounced), once per withdrawal. */
export const payoutRefundedNotice = (row: WithdrawalRow): NewNotification<'payout_refunded'> => ({
  userId: row.user_id,
  kind: 'payout_refunded',
  params: { token_amount: formatUnits(row.token_amount), bounced: row.bounced_tx_hash !== null },
  dedupeKey: `payout_refunded:${row.id}`,
});
