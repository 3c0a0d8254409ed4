/**
 * Withdrawals (DESIGN.md §4 Sell / withdraw / transfer). Today: the transfer from referral_balance to
 * balance_token (SPEC §7 POST /withdraw/transfer-from-referral-balance); selling and TON payouts join
 * it here.
 */
import { type Balances, SERVER_MESSAGES, VALIDATION_MESSAGES } from '@/shared/api/contract';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { balanceEvent, changeBalance } from '../ledger/service';
import { NotFoundError, ValidationError } from '../lib/errors';
import { getSetting } from '../settings/service';
import { lockUser } from '../users/service';
import { insertReferralTransfer } from './queries';

export const REFERRAL_TRANSFER_REASON = 'referral_transfer';

/**
 * Moves `amountToken` base units from referral_balance to balance_token in one transaction: both ledger
 * entries or neither. More than the referral balance → 400 Insufficient funds, nothing written.
 */
export async function transferFromReferralBalance(
  deps: Pick<Deps, 'db' | 'bus'>,
  userId: number,
  amountToken: bigint,
): Promise<Balances> {
  if (amountToken <= 0n) {
    throw new ValidationError([{ path: 'token_amount', message: VALIDATION_MESSAGES.amountPositive }]);
  }
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError(SERVER_MESSAGES.userNotFound);
    const transferId = await insertReferralTransfer(tx, userId, amountToken);
    const ref = { reason: REFERRAL_TRANSFER_REASON, refType: 'referral_transfer', refId: transferId } as const;
    await changeBalance(tx, { userId, account: 'referral_balance', delta: -amountToken, ...ref });
    const row = await changeBalance(tx, { userId, account: 'balance_token', delta: amountToken, ...ref });
    return { ...balanceEvent(row), collective_bonus: await getSetting(tx, 'collective_bonus') };
  });
}
