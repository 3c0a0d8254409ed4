export { $depth, navigationStarted } from './model/back-navigation';
