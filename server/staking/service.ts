/**
 * Staking (docs/foundations.md §4): a user's active mint becomes a stake. The stake holds the mint's
 * amount_token (the mint's own yield is given up for the staking reward), earns
 * STAKE_DAILY_REWARD_PERCENT + the user's hold and investment bonus + the collective bonus per day
 * (docs/product.md §5), and completes at max_reward (STAKE_MAX_REWARD_PERCENT of total_amount): the settlement job
 * then pays total_amount + max_reward to balance_token.
 */
import type { Paged, ProgramRules, Stake, StakeCalculation } from '@contract';
import {
  COLLECTIVE_BONUS_STEPS,
  HOLD_BONUS,
  INVESTMENT_BONUS_STEPS,
  STAKE_DAILY_REWARD_PERCENT,
  STAKE_MAX_REWARD_PERCENT,
} from '../constants';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { notify } from '../notifications/service';
import { randomCode } from '../lib/codes';
import { NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { changeBalance, publishBalance, recordOperation } from '../ledger/service';
import { moveMintToStaking } from '../mint/service';
import { lockUser } from '../users/service';
import {
  currentCollectiveMicro,
  reconcileCollectiveBonus,
  reconcileUserBonuses,
  userBonusTargets,
  usersWithHoldDue,
} from './bonuses';
import {
  type StakeRow,
  completeStakeRow,
  findStake,
  findUserStake,
  insertStake,
  listUserStakes,
  lockStake,
  stakesPossiblyDone,
} from './queries';
import {
  DAILY_REWARD_MICRO,
  completesAt,
  earnedAt,
  maxRewardFor,
  microToPercent,
  microToText,
  rewardPerDay,
  totalRate,
} from './rates';
import { rewardState, stakeCompletedNotice, toStake } from './wire';

type StakingDeps = Pick<Deps, 'db' | 'bus' | 'config'>;

export async function createStake(deps: StakingDeps, userId: number, mintId: number, now: number): Promise<Stake> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    // Lock order: user, then mint, then stake.
    const mint = await moveMintToStaking(deps, tx, userId, mintId);
    const targets = await userBonusTargets(tx, userId, now);
    const collective = await currentCollectiveMicro(tx);
    let stake: StakeRow | undefined;
    for (let attempt = 0; !stake && attempt < 5; attempt++) {
      stake = await insertStake(tx, {
        stakingId: randomCode(),
        userId,
        mintId: mint.id,
        totalAmount: mint.amountToken,
        maxReward: maxRewardFor(mint.amountToken),
        daily: microToText(DAILY_REWARD_MICRO),
        hold: microToText(targets.hold),
        collective: microToText(collective),
        investment: microToText(targets.investment),
        createdAt: now,
      });
    }
    if (!stake) throw new Error('Could not draw an unused staking code');
    // No balance moves (the mint's tokens go on earning in the stake), but the history shows it.
    await recordOperation(tx, {
      userId,
      type: 'stake_started',
      unit: 'TKN',
      direction: 'none',
      amount: stake.total_amount,
      refType: 'stake',
      refId: stake.id,
    });
    // The user's hold bonus and their other stakes follow the new stake (no-op when already in step).
    await reconcileUserBonuses(tx, userId, now);
    const created = toStake(stake);
    tx.publishToUser(userId, { event: 'user:staking', data: created });
    return created;
  });
}

export async function listStakes(
  deps: StakingDeps,
  userId: number,
  page: number,
  limit: number,
): Promise<Paged<Stake>> {
  const { rows, total } = await listUserStakes(deps.db, userId, limit, (page - 1) * limit);
  return { data: rows.map(toStake), total, page, limit };
}

export function calculation(row: StakeRow, now: number): StakeCalculation {
  const state = rewardState(row);
  const rate = totalRate(state.rates);
  const perDay = rewardPerDay(state.totalAmount, rate);
  const live = state.status === 'active';
  return {
    staking_id: row.staking_id,
    status: row.status,
    at: now,
    earned_reward: formatUnits(earnedAt(state, now)),
    max_reward: formatUnits(state.maxReward),
    total_percent: microToPercent(rate),
    // docs/product.md §5: per hour, minute, second divide by 24, 60, 60 (base units, floored)
    reward_per_day: formatUnits(perDay),
    reward_per_hour: formatUnits(perDay / 24n),
    reward_per_minute: formatUnits(perDay / 1_440n),
    reward_per_second: formatUnits(perDay / 86_400n),
    completes_at: live ? completesAt(state) : null,
  };
}

export async function calculateStake(
  deps: StakingDeps,
  userId: number,
  id: number,
  now: number,
): Promise<StakeCalculation> {
  const row = await findUserStake(deps.db, userId, id);
  if (!row) throw new NotFoundError('stakeNotFound');
  return calculation(row, now);
}

/**
 * Completes a stake that has reached max_reward by `now` and pays total_amount + max_reward to
 * balance_token (two ledger entries). Returns false when it is not due (or already completed).
 */
export async function completeStakeIfDue(deps: StakingDeps, stakeId: number, now: number): Promise<boolean> {
  const peek = await findStake(deps.db, stakeId);
  if (!peek || peek.status !== 'active') return false;
  return inTransaction(deps.db, deps.bus, async (tx: Tx) => {
    await lockUser(tx, peek.user_id);
    const stake = await lockStake(tx, stakeId);
    if (!stake || stake.status !== 'active') return false;
    if (earnedAt(rewardState(stake), now) < stake.max_reward) return false;
    const completed = await completeStakeRow(tx, stake.id, now);
    const refs = { refType: 'stake', refId: stake.id } as const;
    await changeBalance(tx, {
      userId: stake.user_id,
      account: 'balance_token',
      delta: stake.total_amount,
      reason: 'staking_principal',
      ...refs,
    });
    await changeBalance(tx, {
      userId: stake.user_id,
      account: 'balance_token',
      delta: stake.max_reward,
      reason: 'staking_reward',
      ...refs,
    });
    tx.publishToUser(stake.user_id, { event: 'user:staking', data: toStake(completed) });
    await notify(tx, stakeCompletedNotice(stake));
    return true;
  });
}

/** Completes every stake due by `now`; returns how many. */
export async function completeDueStakes(deps: StakingDeps, now: number, batch = 500): Promise<number> {
  let completed = 0;
  for (;;) {
    const candidates = await stakesPossiblyDone(deps.db, now, batch);
    let progressed = 0;
    for (const { id } of candidates) if (await completeStakeIfDue(deps, id, now)) progressed++;
    completed += progressed;
    // A full batch that completed nothing is made of near misses (floored rule): stop, or it would spin.
    if (candidates.length < batch || progressed === 0) return completed;
  }
}

// ---- what other domains' events move here (orchestrated by the watcher and the jobs) --------------------

/**
 * A mint was paid (in the payment's transaction): the user's paid TON moves their investment bonus,
 * and their active stakes follow. The user hears their balance either way (user:balance), plus
 * user:staking for each retuned stake.
 */
export async function onMintPaid(tx: Tx, userId: number, now: number): Promise<void> {
  const bonusChanged = await reconcileUserBonuses(tx, userId, now);
  if (!bonusChanged) await publishBalance(tx, userId);
}

export interface BonusSettlement {
  collectiveChanged: boolean;
  holdChanged: number;
}

/**
 * Time passed: the collective bonus from the total active stake (global:collective_bonus when it
 * changes), then the hold bonuses that crossed a step (user:balance), each with its stakes retuned.
 * Short transactions of their own, each idempotent.
 */
export async function settleBonuses(deps: StakingDeps, now: number): Promise<BonusSettlement> {
  const collectiveChanged = await inTransaction(deps.db, deps.bus, (tx) => reconcileCollectiveBonus(tx, now));
  let holdChanged = 0;
  for (const userId of await usersWithHoldDue(deps.db, now)) {
    if (await inTransaction(deps.db, deps.bus, (tx) => reconcileUserBonuses(tx, userId, now))) holdChanged++;
  }
  return { collectiveChanged, holdChanged };
}

/** The staking figures the Info sheet explains (constants.ts), as the wire carries them. */
export function stakingRules(): ProgramRules['staking'] {
  return {
    daily_reward: STAKE_DAILY_REWARD_PERCENT,
    max_reward_percent: STAKE_MAX_REWARD_PERCENT,
    hold_bonus: {
      step_days: HOLD_BONUS.stepDays,
      step_percent: HOLD_BONUS.stepPercent,
      max_percent: HOLD_BONUS.maxPercent,
    },
    investment_bonus: INVESTMENT_BONUS_STEPS.map((step) => ({ from_ton: String(step.fromTon), percent: step.percent })),
    collective_bonus: COLLECTIVE_BONUS_STEPS.map((step) => ({
      from_tokens: String(step.fromTokens),
      percent: step.percent,
    })),
  };
}
