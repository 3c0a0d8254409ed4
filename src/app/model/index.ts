export { $launchParams, $phase, $screen, appStarted, readLaunchParamsFx, retryClicked } from './launch';
export type { LaunchPhase } from './launch';
export { ERROR_TEXT_KEYS, codeText, failureText } from './errors';
