import { combine } from 'effector';
import type { MessageKey } from '@/shared/i18n';
import { routes, type AppRoute } from '@/shared/routing';

/**
 * The navbar's items (docs/product.md §2), in order, each with the screens it owns besides its own: where the
 * user gets from it, so the bar still says where they are. The dashboard's sections are switched to
 * from the dashboard; a farming form and a Sell modal are opened by their screen's own buttons; a mint
 * to stake is chosen from the staking screen.
 */
export const tabs = [
  { tab: 'mint', route: routes.mint, label: 'nav.mint', icon: 'mint', owns: [] },
  { tab: 'staking', route: routes.staking, label: 'nav.staking', icon: 'staking', owns: [routes.selectMint] },
  {
    tab: 'dashboard',
    route: routes.dashboard,
    label: 'nav.dashboard',
    icon: 'dashboard',
    owns: [routes.history, routes.dashboardFarming, routes.dashboardSell],
  },
  {
    tab: 'referral',
    route: routes.referral,
    label: 'nav.referral',
    icon: 'referral',
    owns: [routes.referralFarming, routes.referralSell],
  },
  {
    tab: 'tasks',
    route: routes.tasks,
    label: 'nav.tasks',
    icon: 'tasks',
    owns: [routes.tasksFarming, routes.tasksSell],
  },
] as const satisfies ReadonlyArray<{
  tab: string;
  route: AppRoute;
  label: MessageKey;
  icon: string;
  owns: readonly AppRoute[];
}>;

export type NavTab = (typeof tabs)[number]['tab'];

/** The item marked as the one the user is in; null on a screen no item leads to. */
export const $activeTab = combine(
  tabs.map(({ route, owns }) =>
    combine(
      [route, ...owns].map((owned) => owned.$isOpened),
      (opened) => opened.some(Boolean),
    ),
  ),
  (opened): NavTab | null => tabs.find((_, index) => opened[index])?.tab ?? null,
);
