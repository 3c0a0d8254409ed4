import { createElement } from 'react';
import { lazyPage } from '@/shared/ui/lazy-page';
import { FullPageLoader } from '@/shared/ui/loader';

export { $isUnderMaintenance, appAvailable, pollingStarted } from './model/maintenance';
/** Shown instead of the app, rarely: its code loads only then (the loader meanwhile). */
export const MaintenanceScreen = lazyPage(() => import('./ui/maintenance-screen').then((m) => m.MaintenanceScreen), {
  fallback: createElement(FullPageLoader),
});
export * as maintenanceModel from './model/maintenance';
