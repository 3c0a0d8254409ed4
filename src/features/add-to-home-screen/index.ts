import { lazyPage } from '@/shared/ui/lazy-page';

/**
 * The dashboard's offer to add the app to the home screen (docs/decisions.md "Telegram's platform"): its
 * code and model load when a user with an active mint opens the dashboard, never in the entry.
 */
export const HomeScreenOffer = lazyPage(() => import('./ui/home-screen').then((m) => m.HomeScreenOffer), {
  fallback: null,
});
