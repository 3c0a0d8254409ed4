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
export { MintCard } from './ui/mint-card';
