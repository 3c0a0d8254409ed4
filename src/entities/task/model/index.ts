export * from './tasks';
import './socket';
