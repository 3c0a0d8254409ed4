export { lazyPage, type LazyView } from './lazy-page';
export { lazyModal } from './lazy-modal';
export { PageSkeleton } from './page-skeleton';
export { prefetchLazyViewsFx } from './prefetch';
