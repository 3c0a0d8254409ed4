/**
 * The operator console's view of one user (contract userDetail), read only: the account and its balances
 * (users), and the newest of its mints, stakes, withdrawals and ledger operations, each as its own domain
 * shows it (the app's own mappers; the operator's shape for withdrawals). It reads several domains, which
 * themselves read users: so it is a folder of its own, above them.
 */
import type { OperatorUserDetail } from '@contract';
import type { Deps } from '../deps';
import { operationHistory } from '../ledger/service';
import { listMints } from '../mint/service';
import { listStakes } from '../staking/service';
import { operatorUserAccount } from '../users/service';
import { userWithdrawalsOperatorView } from '../withdraw/service';

/** How many of each list the user detail shows: the newest. */
export const USER_DETAIL_NEWEST = 50;

export async function userDetail(
  deps: Pick<Deps, 'db' | 'bus' | 'config'>,
  userId: number,
): Promise<OperatorUserDetail> {
  const account = await operatorUserAccount(deps, userId);
  const [mints, stakes, withdrawals, ledger] = await Promise.all([
    listMints(deps, userId, 1, USER_DETAIL_NEWEST),
    listStakes(deps, userId, 1, USER_DETAIL_NEWEST),
    userWithdrawalsOperatorView(deps, userId, USER_DETAIL_NEWEST),
    operationHistory(deps, userId, { page: 1, size: USER_DETAIL_NEWEST, sort_order: 'desc' }),
  ]);
  return { ...account, mints: mints.data, stakes: stakes.data, withdrawals, ledger: ledger.data };
}
