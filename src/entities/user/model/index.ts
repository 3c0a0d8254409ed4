export * from './user';
export * from './refetch';
export * from './chain-member';
import './socket';
