import { createRoutesView } from 'atomic-router-react';
import { consoleAuditPage } from '@console/pages/audit';
import { consoleOverviewPage } from '@console/pages/overview';
import { consolePricePage } from '@console/pages/price';
import { consoleReviewsPage } from '@console/pages/reviews';
import { consoleSettingsPage } from '@console/pages/settings';
import { consoleTasksPage } from '@console/pages/tasks';
import { consoleTreasuryPage } from '@console/pages/treasury';
import { consoleUserPage, consoleUsersPage } from '@console/pages/users';
import { consoleWithdrawalsPage } from '@console/pages/withdrawals';
import { useConsoleT } from '@console/shared/i18n';
import { consoleRoutes } from '@console/shared/routing';
import { Link } from 'atomic-router-react';
import { EmptyState } from '@shared/ui/empty-state';
import { Page } from '@shared/ui/page';

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
