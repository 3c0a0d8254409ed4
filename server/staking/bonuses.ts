/**
 * Keeps the bonuses (constants.ts: HOLD_BONUS, INVESTMENT_BONUS_STEPS, COLLECTIVE_BONUS_STEPS) and the
 * stakes that carry them in step. A stake's rates only change through `retune`, which first accrues
 * what the old rates earned up to now into earned_reward/last_updated_at, so the docs/product.md §4 rule holds
 * on the client with whatever rates it was last sent.
 *
 * Lock order everywhere: user row, then mint, then stake (and the collective setting before stakes).
 */
import type { Queryable } from '../db/index';
import type { Tx } from '../events/transaction';
import { publishBalance } from '../ledger/service';
import { paidNanotons } from '../mint/service';
import { getSetting, lockSetting, setSetting } from '../settings/service';
import {
  type StakeRow,
  accrueStakeRow,
  holdBonusStates,
  lockStake,
  lockUserBonuses,
  lockUserStakesOffRates,
  oldestActiveStakeAt,
  setUserBonuses,
  stakesOffCollective,
  totalActiveStaked,
} from './queries';
import {
  collectiveBonusMicro,
  earnedAt,
  holdBonusMicro,
  investmentBonusMicro,
  microToPercent,
  microToText,
  percentToMicro,
} from './rates';
import { rewardState, seconds, toStake } from './wire';

export interface UserBonusTargets {
  hold: bigint;
  investment: bigint;
}

/** What the user's hold and investment bonuses should be at `now`. */
export async function userBonusTargets(tx: Tx, userId: number, now: number): Promise<UserBonusTargets> {
  const oldest = await oldestActiveStakeAt(tx, userId);
  return {
    hold: holdBonusMicro(oldest ? now - seconds(oldest) : null),
    investment: investmentBonusMicro(await paidNanotons(tx, userId)),
  };
}

/** Accrues a locked active stake at its old rates up to `now`, then gives it the new rates. */
async function retune(
  tx: Tx,
  stake: StakeRow,
  rates: { hold?: bigint; collective?: bigint; investment?: bigint },
  now: number,
): Promise<StakeRow> {
  const state = rewardState(stake);
  const updated = await accrueStakeRow(tx, stake.id, {
    earned: earnedAt(state, now),
    at: Math.max(now, state.since),
    hold: microToText(rates.hold ?? state.rates.hold),
    collective: microToText(rates.collective ?? state.rates.collective),
    investment: microToText(rates.investment ?? state.rates.investment),
  });
  tx.publishToUser(stake.user_id, { event: 'user:staking', data: toStake(updated) });
  return updated;
}

/**
 * Brings one user's hold and investment bonus, and their active stakes, to the values due at `now`.
 * Pushes user:balance when a bonus changed and user:staking for each retuned stake.
 */
export async function reconcileUserBonuses(tx: Tx, userId: number, now: number): Promise<boolean> {
  const current = await lockUserBonuses(tx, userId);
  if (!current) return false;
  const target = await userBonusTargets(tx, userId, now);
  const hold = microToText(target.hold);
  const investment = microToText(target.investment);
  const changed =
    percentToMicro(current.hold_bonus) !== target.hold ||
    percentToMicro(current.investment_bonus) !== target.investment;
  if (changed) {
    await setUserBonuses(tx, userId, hold, investment);
    await publishBalance(tx, userId);
  }
  for (const stake of await lockUserStakesOffRates(tx, userId, hold, investment)) {
    await retune(tx, stake, { hold: target.hold, investment: target.investment }, now);
  }
  return changed;
}

/**
 * Sets the collective bonus from the platform's total active stake and retunes every active stake
 * that does not carry it yet (also stakes created while it changed). Pushes global:collective_bonus
 * when it changed.
 */
export async function reconcileCollectiveBonus(tx: Tx, now: number): Promise<boolean> {
  const current = percentToMicro(await lockSetting(tx, 'collective_bonus'));
  const target = collectiveBonusMicro(await totalActiveStaked(tx));
  const changed = current !== target;
  if (changed) {
    const value = microToPercent(target);
    await setSetting(tx, 'collective_bonus', value);
    tx.publishGlobal({ event: 'global:collective_bonus', data: { collective_bonus: value } });
  }
  for (const { id } of await stakesOffCollective(tx, microToText(target))) {
    const stake = await lockStake(tx, id);
    if (stake?.status === 'active') await retune(tx, stake, { collective: target }, now);
  }
  return changed;
}

/** The collective bonus in force (what a new stake starts with). */
export async function currentCollectiveMicro(tx: Tx): Promise<bigint> {
  return percentToMicro(await getSetting(tx, 'collective_bonus'));
}

/** Users whose hold bonus is due a change at `now` (one query; each is then reconciled on its own). */
export async function usersWithHoldDue(q: Queryable, now: number): Promise<number[]> {
  const states = await holdBonusStates(q);
  return states
    .filter(
      (state) => percentToMicro(state.hold_bonus) !== holdBonusMicro(state.oldest ? now - seconds(state.oldest) : null),
    )
    .map((state) => state.id);
}
