import { lazyPage } from '@/shared/ui/lazy-page';

export { InfoButton } from './ui/info-button';
/** The sheet's code loads after the first screen; it shows nothing until opened. */
export const InfoSheet = lazyPage(() => import('./ui/info-sheet').then((m) => m.InfoSheet), { fallback: null });
export * as programInfoModel from './model/program-info';
