import { readableThemeColors } from '../lib/contrast';
import { type HostTheme, readHostTheme } from './launch-params';

/**
 * Theme params → `--tg-theme-*` CSS variables (and the readable text colours made from them), colour
 * scheme → `data-theme` on <html>. Plain DOM, no units: applyThemeFx uses it, and so does the inline
 * script at the top of index.html (src/shared/launch/theme-boot.ts), which paints the launch's theme
 * before any stylesheet or module has loaded.
 */
export function applyHostTheme({ params, colorScheme }: HostTheme, root: HTMLElement = document.documentElement): void {
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') root.style.setProperty(`--tg-theme-${key.replaceAll('_', '-')}`, value);
  }
  for (const [name, value] of Object.entries(readableThemeColors(params, colorScheme))) {
    root.style.setProperty(name, value);
  }
  root.dataset.theme = colorScheme;
}

/**
 * The launch's theme (URL hash, or this tab's last one) onto <html>, for the inline scripts that run
 * before any stylesheet (src/shared/launch/theme-boot.ts, boot.ts); a failure leaves it to the app.
 */
export function applyLaunchTheme(): void {
  try {
    applyHostTheme(readHostTheme());
  } catch {
    // The app applies the theme itself when it starts.
  }
}
