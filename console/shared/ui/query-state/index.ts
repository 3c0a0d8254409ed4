export { QueryState, type QueryStateStatus } from './query-state';
