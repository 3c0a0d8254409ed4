export * from './farm-activation';
export * from './checked-codes';
