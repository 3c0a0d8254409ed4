export { stakeCompletesAt, stakeProgressPercent } from './lib/progress';
export { dailyPercent, percentOfUnits, stakeEarned, stakeRates, type StakeRates } from './lib/reward';
export { $stakes, $stakesLoaded, stakesRequested, stakeUpdated } from './model/stake';
export { StakeCard } from './ui/stake-card';
export { StakeList } from './ui/stake-list';
export * as stakeModel from './model';
