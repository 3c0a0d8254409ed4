/**
 * The operator console's API (src/app/console): the operator calls of the contract
 * (contract/operator/routes.ts) with the operator session's bearer, the review photo's bytes and the
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
export {
  operatorCallFx,
  operatorRequestFailed,
  operatorRequestFx,
  operatorUnauthorized,
  type OperatorCallParts,
} from './request';
export { reviewPhotoFx, revokePhotoFx, type ProofPhoto } from './photo';
export { operatorSocket } from './socket';
export type * from '../api/contract/operator/schemas';
export type { Candle, PriceUpdate } from '../api/contract/price/schemas';
export type { CandleInterval } from '../api/contract/constants';
export { OPERATOR_ACTION_CALLS, type OperatorActionCall, type OperatorCallName } from '../api/contract/operator/routes';
export { TASK_ICONS, type TaskIcon } from '../api/contract/constants';
export { isAuthFailure, type ApiError, type ApiFailure } from '../api/errors';
export { parseUnits } from '../api/contract/money';
