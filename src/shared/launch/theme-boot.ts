/**
 * Inlined at the top of the console's <head> on its own, and first in the Mini App's launch script
 * (./boot.ts) (vite.config.ts `inlineLaunchBoot`), as a classic script
 * that runs before the stylesheet applies and long before the entry arrives: the launch's Telegram
 * theme (URL hash, or this tab's last one) goes onto <html> at once. Without it a dark-theme user saw
 * the light fallback palette from the stylesheet's first paint until the app's code had run (~1 s on a
 * throttled phone). applyThemeFx applies the same theme again at launch, and every change after.
 */
import { applyLaunchTheme } from '../telegram/apply-theme';

applyLaunchTheme();
