/**
 * The operator console's API (console/app): the operator calls of the contract
 * (contract/console/routes.ts) with the operator session's bearer, the review photo's bytes and the
 * operator socket. Imported only by the console's slices: nothing here is in the Mini App's bundle.
 */
export {
  $operatorToken,
  launchKey,
  operatorTokenReceived,
  operatorTokenRemoved,
  readOperatorTokenFx,
  type KeptOperatorToken,
} from './token';
export { operatorRequestFailed, operatorRequestFx, operatorUnauthorized } from './request';
export { reviewPhotoFx, revokePhotoFx, type ProofPhoto } from './photo';
export { operatorSocket } from './socket';
export type * from '@contract/console/schemas';
export type * from '@contract/console/payout-reasons';
export type { Candle, PriceUpdate } from '@contract/price/schemas';
export type { CandleInterval } from '@contract/constants';
export { OPERATOR_ACTION_CALLS, type OperatorActionCall, type OperatorCallName } from '@contract/console/routes';
export { TASK_ICONS, type TaskIcon } from '@contract/constants';
export { isAuthFailure, type ApiError, type ApiFailure } from '@shared/api/errors';
export { formatUnits, parseUnits } from '@contract/money';
