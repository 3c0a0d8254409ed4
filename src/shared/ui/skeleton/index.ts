export { Skeleton, SkeletonCard } from './skeleton';
