import './catalogue';

export { tonNodeErrorText } from './catalogue';
export type * from '@contract';
export {
  CANDLE_INTERVALS,
  CANDLE_INTERVAL_SECONDS,
  DEFAULT_CANDLE_INTERVAL,
  normalizeCandleInterval,
  FARMING_MAX_ACTIVATIONS,
  HISTORY_PAGE_SIZE,
  INVALID_INIT_DATA_MSG,
  MAINTENANCE_OFF_DETAIL,
  MAINTENANCE_ON_DETAIL,
  SOCKET_CLOSE,
  TASK_LINK_MAX_LENGTH,
  TASK_PHOTO_DEFAULT_MAX_BYTES,
  TASK_PHOTO_TYPES,
} from '@contract/constants';
export { formatUnits, parseUnits, MONEY_DECIMALS } from '@contract/money';
export type { PhotoType } from '@contract/tasks/photo-type';
export { ApiError, errorTexts, isAuthFailure, isInvalidInitData, type ApiFailure } from './errors';
export { requestFx, requestFailed, sendRequest, sendRequestFx, type RequestOptions } from './request';
export { registerBody, type TransportRequest } from './transport';
export {
  $accessToken,
  $refreshInSecureStorage,
  $refreshToken,
  $storedTelegramUserId,
  accessTokenRemoved,
  credentialsCleared,
  credentialsLoaded,
  loggedOut,
  readCredentialsFx,
  refreshTokenRemoved,
  secureStorageGetFx,
  secureStorageSetFx,
  telegramUserRemembered,
  tokensReceived,
} from './session';
export {
  sendUploadFx,
  taskPhotoUploadProgressed,
  validateTaskPhotoFx,
  type TaskPhotoProof,
  type UploadProgress,
} from './upload';
export { appSocket } from './app-socket';
export { candleSocket, type CandleSocketEvents } from './candle-socket';
export { socketUrl, type SocketModel } from './socket';
// Not './ton-node' (its index): the node client loads on first use, so only these are in the entry.
export { getAddressBalanceFx } from './ton-node/node';
export { nanoToTon } from './ton-node/nano';
export type { AddressInformation, TonNodeClient, Transaction } from './ton-node/client';
export type { TonNodeError } from './ton-node/errors';
