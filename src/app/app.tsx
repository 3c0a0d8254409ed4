import { RouterProvider } from 'atomic-router-react';
import type { Scope } from 'effector';
import { Provider, useUnit } from 'effector-react';
import { JoinCommunityModal } from '@/features/community-gate';
import { MaintenanceScreen } from '@/features/maintenance-mode';
import { InfoSheet } from '@/features/program-info';
import { router } from '@/shared/routing';
import { FullPageLoader } from '@/shared/ui/loader';
import { MessageScreen } from '@/shared/ui/page';
import { Toasts } from '@/shared/ui/toast';
import { Navbar } from '@/widgets/navbar';
import { $screen, retryClicked } from './model';
import { RoutesView } from './routes-view';

function Screen() {
  const [screen, onRetry] = useUnit([$screen, retryClicked]);
  switch (screen) {
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'failed':
      return (
        <MessageScreen
          title="Could not sign you in"
          text="Check your connection and try again."
          action={{ label: 'Try again', onClick: () => onRetry() }}
        />
      );
    case 'app':
      return (
        <>
          <RoutesView />
          <Navbar />
          <JoinCommunityModal />
          <InfoSheet />
        </>
      );
    default:
      return <FullPageLoader />;
  }
}

export function App({ scope }: { scope: Scope }) {
  return (
    <Provider value={scope}>
      <RouterProvider router={router}>
        <Screen />
        <Toasts />
      </RouterProvider>
    </Provider>
  );
}
