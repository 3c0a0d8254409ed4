import { Page } from '@/shared/ui/page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const StakingPage = () => <Page title="Staking" />;
export const SelectMintPage = () => <Page title="Select mint" />;
