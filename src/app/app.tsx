import { RouterProvider } from 'atomic-router-react';
import type { Scope } from 'effector';
import { Provider, useUnit } from 'effector-react';
import { useLayoutEffect } from 'react';
import { JoinCommunityModal } from '@/features/community-gate';
import { FarmActivationModal } from '@/features/farm-activation';
import { MaintenanceScreen } from '@/features/maintenance-mode';
import { $infoOpen } from '@/features/program-info';
import { SellModal } from '@/features/sell-tokens';
import { TaskLinkModal } from '@/features/task-link-proof';
import { TaskPhotoModal } from '@/features/task-photo-proof';
import { useT } from '@/shared/i18n';
import { firstLookEnded } from '@/shared/launch';
import { router } from '@/shared/routing';
import { Icon } from '@/shared/ui/icon';
import { lazyModal } from '@/shared/ui/lazy-page';
import { FullPageLoader } from '@/shared/ui/loader';
import { MessageScreen } from '@/shared/ui/page';
import { Toasts } from '@/shared/ui/toast';
import { Navbar } from '@/widgets/navbar';
import { $screen, retryClicked } from './model';
import { RoutesView } from './routes-view';

/** The Info sheet's code (the sheet, its rows and their models) loads when it first opens, or at idle. */
const InfoSheet = lazyModal($infoOpen, () => import('./info-sheet').then((m) => m.InfoSheet));

function Screen() {
  const [screen, onRetry] = useUnit([$screen, retryClicked]);
  const t = useT();
  // The first look (index.html's launch script) goes with the first screen that is not the loader, in
  // the same frame: the figures it showed are never without a screen under them.
  useLayoutEffect(() => {
    if (screen !== 'loader') firstLookEnded();
  }, [screen]);
  switch (screen) {
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'failed':
      return (
        <MessageScreen
          icon={<Icon name="offline" size={36} />}
          title={t('launch.failedTitle')}
          text={t('launch.failedText')}
          action={{ label: t('launch.tryAgain'), onClick: () => onRetry() }}
        />
      );
    case 'app':
      return (
        <>
          <RoutesView />
          <Navbar />
          <JoinCommunityModal />
          <FarmActivationModal />
          <InfoSheet />
          <TaskPhotoModal />
          <TaskLinkModal />
          <SellModal />
        </>
      );
    case 'loader':
      return <FullPageLoader />;
  }
}

export function App({ scope }: { scope: Scope }) {
  return (
    <Provider value={scope}>
      <RouterProvider router={router}>
        {/* First in the flow: toasts push the screen down rather than cover its title. */}
        <Toasts />
        <Screen />
      </RouterProvider>
    </Provider>
  );
}
