import { routes } from '@/shared/routing';
import { NotFoundPage } from './ui/not-found-page';

export const notFoundPage = { route: routes.notFound, view: NotFoundPage };
