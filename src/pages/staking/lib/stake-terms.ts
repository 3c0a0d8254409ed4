import { percentOfUnits } from '@/entities/stake';
import { formatUnits, parseUnits, type Mint, type ProgramRules, type UserMe } from '@/shared/api';

/**
 * What staking a mint means, before the user commits (docs/decisions.md "Mint and staking (client)"),
 * from the server's figures only: the daily reward and the cap of the program's rules
 * (GET /program/rules, server/staking), the user's bonuses (the user data), the mint's own amounts.
 * The server's rule (server/staking/service.ts): the stake holds the mint's amount_token, earns the
 * daily rate plus the user's bonuses every second, and completes when the reward reaches the cap; the
 * settlement then pays the tokens and the reward to the balance. Nothing is paid out before.
 */
export interface StakeTerms {
  /** The mint's tokens, which the stake holds. */
  staked: string;
  /** The program's rate before bonuses, percent a day. */
  basePercent: number;
  /** The user's hold, investment and collective bonuses now, percent a day. */
  bonusPercent: number;
  /** The rate the stake starts with, percent a day. */
  ratePercent: number;
  /** Tokens a day at that rate. */
  perDay: string;
  /** The reward at which the stake completes: percent of the staked tokens, and in tokens. */
  capPercent: number;
  cap: string;
  /** What the balance receives when it completes: the staked tokens and the cap. */
  payout: string;
  /** Days until the cap at this rate, rounded up; null with no rate. */
  daysToCap: number | null;
  /** The mint's own reward, given up for the stake's. */
  givenUp: string;
}

/** Percent figures travel with at most 6 decimals (server/staking/rates.ts). */
const micro = (percent: number): bigint => BigInt(Math.round(percent * 1_000_000));

export function stakeTerms(
  mint: Pick<Mint, 'amount_token' | 'expected_token'>,
  staking: Pick<ProgramRules['staking'], 'daily_reward' | 'max_reward_percent'>,
  bonuses: Pick<UserMe, 'hold_bonus' | 'investment_bonus' | 'collective_bonus'>,
): StakeTerms {
  const bonusMicro = micro(bonuses.hold_bonus) + micro(bonuses.investment_bonus) + micro(bonuses.collective_bonus);
  const rateMicro = micro(staking.daily_reward) + bonusMicro;
  const ratePercent = Number(rateMicro) / 1_000_000;
  const cap = percentOfUnits(mint.amount_token, staking.max_reward_percent);
  const capMicro = micro(staking.max_reward_percent);
  const givenUp = parseUnits(mint.expected_token) - parseUnits(mint.amount_token);
  return {
    staked: mint.amount_token,
    basePercent: staking.daily_reward,
    bonusPercent: Number(bonusMicro) / 1_000_000,
    ratePercent,
    perDay: formatUnits(percentOfUnits(mint.amount_token, ratePercent)),
    capPercent: staking.max_reward_percent,
    cap: formatUnits(cap),
    payout: formatUnits(parseUnits(mint.amount_token) + cap),
    daysToCap: rateMicro > 0n ? Number((capMicro + rateMicro - 1n) / rateMicro) : null,
    givenUp: formatUnits(givenUp > 0n ? givenUp : 0n),
  };
}
