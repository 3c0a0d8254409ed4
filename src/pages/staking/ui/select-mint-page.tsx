import { Page } from '@/shared/ui/page';

// Filled by issue #4.
export const SelectMintPage = () => <Page title="Select mint" />;
