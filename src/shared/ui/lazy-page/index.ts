export { lazyPage, type LazyView } from './lazy-page';
export { PageSkeleton } from './page-skeleton';
export { prefetchLazyViewsFx } from './prefetch';
