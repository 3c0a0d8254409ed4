export { $launchParams, $phase, $screen, appStarted, readLaunchParamsFx, retryClicked } from './launch';
export type { LaunchPhase } from './launch';
export { codeText, errorTextKey, failureText } from './errors';
