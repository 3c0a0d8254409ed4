export * from './mints';
export * from './payment';
import './socket';
