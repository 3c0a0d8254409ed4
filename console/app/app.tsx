import { RouterProvider } from 'atomic-router-react';
import type { Scope } from 'effector';
import { Provider, useUnit } from 'effector-react';
import { $sessionState, retryClicked } from '@console/entities/session';
import { useConsoleT } from '@console/shared/i18n';
import { consoleRouter } from '@console/shared/routing';
import { Icon } from '@shared/ui/icon';
import { FullPageLoader } from '@shared/ui/loader';
import { MessageScreen } from '@shared/ui/page';
import { Toasts } from '@shared/ui/toast';
import { ConsoleShell } from '@console/widgets/shell';
import { ConsoleRoutesView } from './routes-view';

/** What the console shows for where the operator's session is. */
function Screen() {
  const t = useConsoleT();
  const [state, retry] = useUnit([$sessionState, retryClicked]);
  switch (state) {
    case 'signedIn':
      return (
        <ConsoleShell>
          <ConsoleRoutesView />
        </ConsoleShell>
      );
    case 'noLaunchData':
      return <MessageScreen title={t('session.noLaunchTitle')} text={t('session.noLaunchText')} />;
    case 'refused':
      return <MessageScreen title={t('session.refusedTitle')} text={t('session.refusedText')} />;
    case 'reopen':
      return <MessageScreen title={t('session.reopenTitle')} text={t('session.reopenText')} />;
    case 'signedOut':
      return <MessageScreen title={t('session.signedOutTitle')} text={t('session.signedOutText')} />;
    case 'failed':
      return (
        <MessageScreen
          icon={<Icon name="offline" size={36} />}
          title={t('session.failedTitle')}
          text={t('session.failedText')}
          action={{ label: t('common.tryAgain'), onClick: () => retry() }}
        />
      );
    case 'checking':
      return <FullPageLoader />;
  }
}

export function ConsoleApp({ scope }: { scope: Scope }) {
  return (
    <Provider value={scope}>
      <RouterProvider router={consoleRouter}>
        <Toasts />
        <Screen />
      </RouterProvider>
    </Provider>
  );
}
