import { Page } from '@/shared/ui/page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const TasksPage = () => <Page title="Tasks" />;
export const TasksFarmingPage = () => <Page title="Tasks farming" />;
export const TasksSellPage = () => <Page title="Tasks sell" />;
