export { EmptyState } from './empty-state';
