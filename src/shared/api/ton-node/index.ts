export {
  createTonNodeClient,
  type AccountState,
  type AddressInformation,
  type EstimateFeeOptions,
  type EstimateFeeResult,
  type Fees,
  type GetTransactionsOptions,
  type RunGetMethodResult,
  type StackEntry,
  type TonNodeClient,
  type TonNodeClientOptions,
  type Transaction,
  type TransactionId,
} from './client';
export { TonNodeError, type TonNodeErrorDetails, type TonNodeErrorKind } from './errors';
export { nanoToTon } from './nano';
export { getAddressBalanceFx, loadTonNode } from './node';
