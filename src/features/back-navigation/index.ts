export { navigationStarted } from './model/back-navigation';
export * as backNavigationModel from './model/back-navigation';
