import { chainAuthorized } from '@/entities/session';
import { routes } from '@/shared/routing';

export const tasksRoute = chainAuthorized(routes.tasks);
export const tasksFarmingRoute = chainAuthorized(routes.tasksFarming);
export const tasksSellRoute = chainAuthorized(routes.tasksSell);
