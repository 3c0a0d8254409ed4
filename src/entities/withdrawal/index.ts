export {
  $hasMore as $hasMoreWithdrawals,
  $isLoadingMore as $withdrawalsLoadingMore,
  $loaded as $withdrawalsLoaded,
  $loadFailed as $withdrawalsLoadFailed,
  $moreFailed as $moreWithdrawalsFailed,
  $total as $withdrawalsTotal,
  $withdrawals,
  endOfListReached as withdrawalsEndReached,
  moreRequested as moreWithdrawalsRequested,
  withdrawalsRequested,
  withdrawalUpdated,
  withdrawalsList,
} from './model/withdrawals';
export { mergeWithdrawal } from './lib/merge';
export { saleRowWords, type SaleFigure, type SaleRowWords } from './lib/sale-row';
export * as withdrawalModel from './model';
