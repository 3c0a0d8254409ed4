import './catalogue';

export type * from './contract';
export { INVALID_INIT_DATA_MSG, MAINTENANCE_OFF_DETAIL, MAINTENANCE_ON_DETAIL, SOCKET_CLOSE } from './contract/constants';
export { formatUnits, parseUnits, MONEY_DECIMALS } from './contract/money';
export { ApiError, errorTexts, type ApiFailure } from './errors';
export { requestFx, requestFailed, sendRequest, sendRequestFx, type RequestOptions } from './request';
export {
  $accessToken,
  $refreshToken,
  $storedTelegramUserId,
  accessTokenRemoved,
  credentialsCleared,
  loggedOut,
  readCredentialsFx,
  refreshTokenRemoved,
  telegramUserRemembered,
  tokensReceived,
} from './session';
export {
  calculateMintFx,
  calculateStakeFx,
  cancelMintFx,
  createMintFx,
  createStakeFx,
  getCurrentPriceFx,
  getMaintenanceFx,
  getMeFx,
  getMintPlansFx,
  getMintsFx,
  getProgramRulesFx,
  getStakesFx,
  registerFx,
} from './endpoints';
export { appSocket } from './app-socket';
export { socketUrl, type SocketModel } from './socket';
export {
  createTonNodeClient,
  getAddressBalanceFx,
  nanoToTon,
  tonNode,
  TonNodeError,
  type AddressInformation,
  type TonNodeClient,
  type Transaction,
} from './ton-node';
