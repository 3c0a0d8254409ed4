export {
  $balanceNano,
  $friendlyAddress,
  $isPolling,
  $pollTicks,
  $restored,
  $shortAddress,
  $status,
  $wallet,
  BALANCE_POLL_INTERVAL_MS,
  BALANCE_POLL_MAX_TICKS,
  balancePollStarted,
  balancePollStopped,
  balanceRequested,
  type WalletStatus,
} from './model/wallet';
export { TonBalance } from './ui/ton-balance';
