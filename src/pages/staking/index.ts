import { lazyPage } from '@/shared/ui/lazy-page';
import { selectMintRoute, stakingRoute } from './model/routes';

export const stakingPage = {
  route: stakingRoute,
  view: lazyPage(() => import('./ui/staking-page').then((m) => m.StakingPage)),
};
export const selectMintPage = {
  route: selectMintRoute,
  view: lazyPage(() => import('./ui/select-mint-page').then((m) => m.SelectMintPage)),
};
export * as selectMintModel from './model/select-mint';
