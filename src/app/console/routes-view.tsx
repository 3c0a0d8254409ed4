import { createRoutesView } from 'atomic-router-react';
import { consoleAuditPage } from '@/pages/console-audit';
import { consoleOverviewPage } from '@/pages/console-overview';
import { consolePricePage } from '@/pages/console-price';
import { consoleReviewsPage } from '@/pages/console-reviews';
import { consoleSettingsPage } from '@/pages/console-settings';
import { consoleTasksPage } from '@/pages/console-tasks';
import { consoleTreasuryPage } from '@/pages/console-treasury';
import { consoleUserPage, consoleUsersPage } from '@/pages/console-users';
import { consoleWithdrawalsPage } from '@/pages/console-withdrawals';
import { useConsoleT } from '@/shared/console-i18n';
import { consoleRoutes } from '@/shared/console-routing';
import { Link } from 'atomic-router-react';
import { EmptyState } from '@/shared/ui/empty-state';
import { Page } from '@/shared/ui/page';

function NotFound() {
  const t = useConsoleT();
  return (
    <Page title={t('session.title')}>
      <EmptyState title={t('common.empty')} action={<Link to={consoleRoutes.overview}>{t('nav.overview')}</Link>} />
    </Page>
  );
}

export const ConsoleRoutesView = createRoutesView({
  routes: [
    consoleOverviewPage,
    consoleReviewsPage,
    consoleWithdrawalsPage,
    consoleTreasuryPage,
    consolePricePage,
    consoleTasksPage,
    consoleUsersPage,
    consoleUserPage,
    consoleAuditPage,
    consoleSettingsPage,
    { route: consoleRoutes.notFound, view: NotFound },
  ],
});
