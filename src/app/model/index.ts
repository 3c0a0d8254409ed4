export { $launchParams, $phase, $screen, appStarted, readLaunchParamsFx, retryClicked } from './launch';
export type { LaunchPhase } from './launch';
export { $refetchBlocked, subscribeVisibilityFx, visibilityChanged } from './refetch';
export { mainSocket } from './socket';
import './mint';
import './staking';
