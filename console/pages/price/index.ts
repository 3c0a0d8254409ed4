import { PricePage } from './ui/price-page';
import { currentRoute } from './model/price';

export const consolePricePage = { route: currentRoute, view: PricePage };
export * as consolePriceModel from './model/price';
