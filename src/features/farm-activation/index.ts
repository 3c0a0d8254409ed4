import { lazyModal } from '@/shared/ui/lazy-page';
import { $activation } from './model/farm-activation';

export { launched as farmActivationLaunched } from './model/farm-activation';
/** Mounted by the app; its code loads only when a launch brings a farm code (or at idle). */
export const FarmActivationModal = lazyModal($activation, () =>
  import('./ui/farm-activation-modal').then((m) => m.FarmActivationModal),
);
export * as farmActivationModel from './model';
