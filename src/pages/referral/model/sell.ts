import { bindSellRoute } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { referralSellRoute } from './routes';

// /referral/sell (docs/product.md §2): the Sell modal for the referral balance (from_ref_balance), over the
// referral screen.
bindSellRoute({ route: referralSellRoute, source: 'referral_balance', back: routes.referral });
