import { DEV_WALLET_SCRIPT_PATH } from './constants';

/**
 * The dev wallet's injected TON Connect bridge in index.html, as a deferred classic script before the
 * app's module script: it does not block the parser, and deferred scripts and module
 * scripts still run in document order, so window.devwallet exists before @tonconnect/ui looks for
 * injected wallets (DESIGN.md §2).
 */
export function injectDevWallet(html: string): string {
  const script = `<script defer src="${DEV_WALLET_SCRIPT_PATH}"></script>`;
  const appScript = html.search(/<script\b[^>]*\btype=["']?module\b/i);
  if (appScript >= 0) return html.slice(0, appScript) + script + html.slice(appScript);
  // No module script (a hand-written page): first thing in <head>, before any other script runs.
  return html.replace(/<head\b[^>]*>|^/i, (head) => head + script);
}
