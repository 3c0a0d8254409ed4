import { chainAuthorized } from '@/entities/session';
import { routes } from '@/shared/routing';

export const stakingRoute = chainAuthorized(routes.staking);
export const selectMintRoute = chainAuthorized(routes.selectMint);
