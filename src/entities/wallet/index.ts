export {
  $restoreGaveUp,
  $balanceError,
  $balanceNano,
  $friendlyAddress,
  balanceRequested,
  $shortAddress,
  $status,
  $wallet,
  type WalletStatus,
} from './model/wallet';
export { TonBalance } from './ui/ton-balance';
export * as walletModel from './model/wallet';
