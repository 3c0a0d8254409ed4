/** A withdrawal's tokens back to where they came from: the operator's refund and a bounced payout's. */
import type { Tx } from '../events/transaction';
import { changeBalance } from '../ledger/service';
import type { WithdrawalRow } from './queries';

/**
 * Credits the withdrawal's tokens to the balance they were debited from, through the ledger (reason
 * withdrawal_refund, naming the withdrawal), in the caller's transaction; user:balance follows the commit.
 * The caller has moved the withdrawal, under its row lock, to a state that is refunded only once.
 */
export async function returnWithdrawalTokens(tx: Tx, row: WithdrawalRow): Promise<void> {
  await changeBalance(tx, {
    userId: row.user_id,
    account: row.source_account,
    delta: row.token_amount,
    reason: 'withdrawal_refund',
    refType: 'withdrawal',
    refId: row.id,
  });
}
