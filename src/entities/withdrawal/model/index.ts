import './socket';

export * from './withdrawals';
