export * from './session';
export { chainAuthorized } from './chain-authorized';
import './socket';
