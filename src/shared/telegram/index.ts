export { getLaunchParams, isLowEndDevice, isVersionAtLeast, performanceClass } from './launch-params';
export { telegramShareLink } from './share';
export { loadWebApp } from './web-app';
export type { LaunchParams } from './launch-params';
export {
  readyFx,
  expandFx,
  closeAppFx,
  hapticErrorFx,
  hapticFx,
  setBackButtonVisibleFx,
  openTelegramLinkFx,
  openLinkFx,
  openUrlFx,
  isTelegramLink,
  isVersionAtLeastFx,
  shareMessageFx,
  SHARE_MESSAGE_MIN_VERSION,
  redirectFx,
  reloadFx,
  applyThemeFx,
  backButtonPressed,
  themeChanged,
  subscribeHostEventsFx,
  hostEvent,
  backClaimed,
  $backClaimed,
  $isLowEndDevice,
  showSettingsButtonFx,
} from './model';
export type { ColorScheme, HapticStyle, HostEvent } from './model';
