import { useT } from '@/shared/i18n';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Page } from '@/shared/ui/page';
import { Section } from '@/shared/ui/section';

export { TasksPage } from './tasks-page';

/** Selling from the task balance arrives with the sell issue; until then the screen says it is coming. */
export function TasksSellPage() {
  const t = useT();
  return (
    <Page title={t('tasks.sellTitle')}>
      <Section plain label={t('tasks.sellTitle')}>
        <EmptyState icon={<Icon name="clock" />} title={t('tasks.sellTitle')} text={t('tasks.sellSoon')} testId="tasks-sell-coming" />
      </Section>
    </Page>
  );
}
