export {
  isStakeEarning,
  stakeEarned,
  stakeRates,
  visibleStakes,
  type StakeRates,
} from './lib/reward';
export {
  $activeStakeIds,
  $earnedByStake,
  $now,
  $stakes,
  $stakesLoaded,
  $stakesLoading,
  $tickerRunning,
  $visibleStakeIds,
  $visibleStakes,
  pendingStakesCleared,
  STAKE_TICK_MS,
  stakeUpdated,
  stakesRequested,
} from './model/stake';
export { LiveEarned, REWARD_DECIMALS } from './ui/live-earned';
export { StakeCard } from './ui/stake-card';
export { StakeList } from './ui/stake-list';
