export * from './user';
export * from './refetch';
import './socket';
