/**
 * The settlement run (every SETTLEMENT_INTERVAL_MS, one process at a time): everything that happens
 * because time passed. Each step is idempotent and works in short transactions of its own.
 *  1. pending mints past their payment window → canceled ('expired')
 *  2. active mints past tariff_days → completed, expected_token paid
 *  3. stakes that reached max_reward → completed, total_amount + max_reward paid
 *  4. collective bonus from the total active stake (global:collective_bonus when it changes)
 *  5. hold bonuses that crossed a step (user:balance), with their stakes retuned (user:staking)
 */
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { expirePendingMints, matureActiveMints } from '../mint/service';
import { reconcileCollectiveBonus, reconcileUserBonuses, usersWithHoldDue } from './bonuses';
import { completeDueStakes } from './service';

export interface SettlementResult {
  expiredMints: number;
  maturedMints: number;
  completedStakes: number;
  collectiveChanged: boolean;
  holdChanged: number;
}

export async function runSettlement(deps: Pick<Deps, 'db' | 'bus' | 'config'>, now: number): Promise<SettlementResult> {
  const expiredMints = await expirePendingMints(deps, now);
  const maturedMints = await matureActiveMints(deps, now);
  const completedStakes = await completeDueStakes(deps, now);
  const collectiveChanged = await inTransaction(deps.db, deps.bus, (tx) => reconcileCollectiveBonus(tx, now));
  let holdChanged = 0;
  for (const userId of await usersWithHoldDue(deps.db, now)) {
    if (await inTransaction(deps.db, deps.bus, (tx) => reconcileUserBonuses(tx, userId, now))) holdChanged++;
  }
  return { expiredMints, maturedMints, completedStakes, collectiveChanged, holdChanged };
}
