import { TreasuryPage } from './ui/treasury-page';
import { currentRoute } from './model/treasury';

export const consoleTreasuryPage = { route: currentRoute, view: TreasuryPage };
export * as consoleTreasuryModel from './model/treasury';
