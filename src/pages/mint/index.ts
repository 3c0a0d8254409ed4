import { lazyPage } from '@/shared/ui/lazy-page';
import { mintRoute } from './model/routes';

export const mintPage = { route: mintRoute, view: lazyPage(() => import('./ui/pages').then((m) => m.MintPage)) };
export * as mintFormModel from './model/mint-form';
export * as cancelMintModel from './model/cancel-mint';
export { parseTonAmount } from '@/shared/lib/amount-input';
