import { lazyModal } from '@/shared/ui/lazy-page';
import { $shownLink } from './model/share-farm-link';

export { copyClicked, farmLinkShown, shareClicked } from './model/share-farm-link';
/** Its code loads when a link is shown (or at idle), not with the first screen. */
export const FarmLinkModal = lazyModal($shownLink, () => import('./ui/farm-link-modal').then((m) => m.FarmLinkModal));
export * as shareFarmLinkModel from './model';
