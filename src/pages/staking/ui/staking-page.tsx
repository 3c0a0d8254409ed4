import { Page } from '@/shared/ui/page';

// Filled by issue #4.
export const StakingPage = () => <Page title="Staking" />;
