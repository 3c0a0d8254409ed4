import { lazyModal } from '@/shared/ui/lazy-page';
import { $isOpen } from './model/program-info';

export { InfoButton } from './ui/info-button';
/** The sheet's code loads when it first opens (or at idle); it shows nothing until then. */
export const InfoSheet = lazyModal($isOpen, () => import('./ui/info-sheet').then((m) => m.InfoSheet));
export * as programInfoModel from './model/program-info';
