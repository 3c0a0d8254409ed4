import { Page } from '@/shared/ui/page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const MintPage = () => <Page title="Mint" />;
