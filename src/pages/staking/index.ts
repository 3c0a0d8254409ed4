import { selectMintRoute, stakingRoute } from './model/routes';
import { SelectMintPage } from './ui/select-mint-page';
import { StakingPage } from './ui/staking-page';

export const stakingPage = { route: stakingRoute, view: StakingPage };
export const selectMintPage = { route: selectMintRoute, view: SelectMintPage };
export * as selectMintModel from './model/select-mint';
