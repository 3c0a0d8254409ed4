import { routes } from '@/shared/routing';
import { lazyPage } from '@/shared/ui/lazy-page';

export const notFoundPage = {
  route: routes.notFound,
  view: lazyPage(() => import('./ui/not-found-page').then((m) => m.NotFoundPage)),
};
