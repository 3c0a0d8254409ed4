export { activePlans, mintCost, visiblePendingMint } from './lib/mint-rules';
export {
  $activeMints,
  $mints,
  $mintsLoaded,
  $mintsLoading,
  $pendingMint,
  $plans,
  $plansLoading,
  mintMovedToStaking,
  mintsRequested,
  mintUpdated,
  plansRequested,
} from './model/mints';
export { mintPaymentRequested } from './model/payment';
export { ActiveMintList } from './ui/active-mint-list';
export { MintCard } from './ui/mint-card';
export * as mintModel from './model';
