import { chainAuthorized } from '@/entities/session';
import { routes } from '@/shared/routing';

export const referralRoute = chainAuthorized(routes.referral);
export const referralFarmingRoute = chainAuthorized(routes.referralFarming);
export const referralSellRoute = chainAuthorized(routes.referralSell);
