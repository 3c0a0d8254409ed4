import { bindSellRoute } from '@/features/sell-tokens';
import { routes } from '@/shared/routing';
import { sellRoute } from './dashboard';

// /sell (SPEC §2 dashboard_sell): the Sell modal for the main balance, over the dashboard.
bindSellRoute({ route: sellRoute, source: 'balance_token', back: routes.dashboard });
