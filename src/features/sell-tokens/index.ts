import { lazyModal } from '@/shared/ui/lazy-page';
import { $isOpen } from './model/sell';

export { bindSellRoute } from './model/bind-route';
export { closeClicked, sellClosed, sellOpened, sold, type SellSource } from './model/sell';
/** Its code loads when a sale is opened (or at idle), not with the first screen. */
export const SellModal = lazyModal($isOpen, () => import('./ui/sell-modal').then((m) => m.SellModal));
export * as sellModel from './model';
