export * from './links';
import './socket';
