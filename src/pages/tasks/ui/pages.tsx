import { useT } from '@/shared/i18n';
import { Page } from '@/shared/ui/page';

// Filled by a later issue; until then the screen is its title only (nothing fake).
export const TasksPage = () => <Page title={useT()('tasks.title')} />;
export const TasksSellPage = () => <Page title={useT()('tasks.sellTitle')} />;
