export {
  activePlans,
  PENDING_WINDOW_SECONDS,
  pendingShownUntilMs,
  visiblePendingMint,
} from './lib/mint-rules';
export {
  $activeMints,
  $mints,
  $mintsLoading,
  $payingMint,
  $pendingMint,
  $plans,
  $plansLoading,
  mintPaymentRequested,
  mintPaymentSettled,
  mintsRequested,
  mintUpdated,
  pendingMintsCleared,
  plansRequested,
} from './model/mints';
export { ActiveMintList } from './ui/active-mint-list';
export { MintCard } from './ui/mint-card';
