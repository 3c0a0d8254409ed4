import { stakingRoute, selectMintRoute } from './model/routes';
import { StakingPage, SelectMintPage } from './ui/pages';

export const stakingPage = { route: stakingRoute, view: StakingPage };
export const selectMintPage = { route: selectMintRoute, view: SelectMintPage };
