import { DEV_WALLET_SCRIPT_PATH } from './constants';

/**
 * The dev wallet's injected TON Connect bridge in index.html, as a deferred classic script: it does not
 * block the parser, and runs before DOMContentLoaded, so window.devwallet exists before @tonconnect/ui
 * looks for injected wallets (docs/foundations.md §2). Before the app's module script when the page has one
 * (deferred and module scripts run in document order); the built index.html has none — its launch
 * script starts the entry once the document is parsed (src/shared/launch/boot.ts) — so it goes first
 * in <head> (after the doctype: a script before it would put the page in quirks mode).
 */
export function injectDevWallet(html: string): string {
  const script = `<script defer src="${DEV_WALLET_SCRIPT_PATH}"></script>`;
  const appScript = html.search(/<script\b[^>]*\btype=["']?module\b/i);
  if (appScript >= 0) return html.slice(0, appScript) + script + html.slice(appScript);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + script + html.slice(head.index + head[0].length);
  return script + html;
}
