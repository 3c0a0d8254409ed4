import { mintRoute } from './model/routes';
import { MintPage } from './ui/pages';

export const mintPage = { route: mintRoute, view: MintPage };
export * as mintFormModel from './model/mint-form';
export * as cancelMintModel from './model/cancel-mint';
export { parseTonAmount } from '@/shared/lib/amount-input';
