export * from './stake';
import './events';
