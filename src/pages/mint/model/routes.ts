import { chainAuthorized } from '@/entities/session';
import { routes } from '@/shared/routing';

export const mintRoute = chainAuthorized(routes.mint);
