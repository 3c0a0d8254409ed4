/**
 * The wallets list the sandbox app hands to TON Connect (walletsListSource, docs/foundations.md §2 and §6):
 * the dev wallet first, then the library's own offline list, so the modal looks as it does in production.
 *
 * fallback-wallets.json is a verbatim copy of FALLBACK_WALLETS_LIST from @tonconnect/sdk 3.4.1
 * (node_modules/@tonconnect/sdk/lib/esm/index.mjs, the list the SDK uses when config.ton.org/wallets-v2.json
 * cannot be fetched). tests/server/dev-wallet.test.ts fails when the installed SDK's list differs: re-copy then.
 */
import type { Config } from '../../config';
import {
  DEV_WALLET_APP_NAME,
  DEV_WALLET_BRIDGE_PATH,
  DEV_WALLET_IMAGE_PATH,
  DEV_WALLET_JS_BRIDGE_KEY,
  DEV_WALLET_NAME,
  DEV_WALLET_PLATFORMS,
  MAX_MESSAGES,
  MOBILE_WALLET_APP_NAME,
  MOBILE_WALLET_BOT,
  MOBILE_WALLET_IMAGE_PATH,
  MOBILE_WALLET_NAME,
  MOBILE_WALLET_PLATFORMS,
} from './constants';
import { BRIDGE_PATH } from '../bridge/constants';
import fallbackWallets from './fallback-wallets.json' with { type: 'json' };

/** An entry of wallets-v2.json, as far as the SDK reads it. */
export interface WalletListItem {
  app_name: string;
  name: string;
  image: string;
  about_url: string;
  platforms: string[];
  bridge: Array<{ type: 'js'; key: string } | { type: 'sse'; url: string }>;
  universal_url?: string;
  features?: unknown[];
  [key: string]: unknown;
}

export const FALLBACK_WALLETS: readonly WalletListItem[] = fallbackWallets as WalletListItem[];

export function devWalletListItem(config: Config): WalletListItem {
  return {
    app_name: DEV_WALLET_APP_NAME,
    name: DEV_WALLET_NAME,
    image: `${config.publicUrl}${DEV_WALLET_IMAGE_PATH}`,
    about_url: `${config.publicUrl}/sandbox/`,
    platforms: [...DEV_WALLET_PLATFORMS],
    // A t.me link: where the library's views open a chosen wallet, the Telegram host only notes it
    // (any other link would open a browser tab); the Dev Wallet's sheet answers in the app itself.
    universal_url: `https://t.me/${config.botUsername}?attach=${DEV_WALLET_APP_NAME}`,
    bridge: [
      { type: 'sse', url: `${config.publicUrl}${DEV_WALLET_BRIDGE_PATH}` },
      { type: 'js', key: DEV_WALLET_JS_BRIDGE_KEY },
    ],
    features: ['SendTransaction', { name: 'SendTransaction', maxMessages: MAX_MESSAGES }],
  };
}

/**
 * The phone-style Dev Wallet: a wallet reached over the HTTP bridge by a t.me universal link, as
 * Telegram's Wallet is, on the same platforms, so every view (phone row, desktop list) offers it.
 */
export function mobileWalletListItem(config: Config): WalletListItem {
  return {
    app_name: MOBILE_WALLET_APP_NAME,
    name: MOBILE_WALLET_NAME,
    image: `${config.publicUrl}${MOBILE_WALLET_IMAGE_PATH}`,
    about_url: `${config.publicUrl}/sandbox/`,
    platforms: [...MOBILE_WALLET_PLATFORMS],
    universal_url: `https://t.me/${MOBILE_WALLET_BOT}?attach=wallet`,
    bridge: [{ type: 'sse', url: `${config.publicUrl}${BRIDGE_PATH}` }],
    features: ['SendTransaction', { name: 'SendTransaction', maxMessages: MAX_MESSAGES }],
  };
}

export function walletsList(config: Config): WalletListItem[] {
  return [devWalletListItem(config), mobileWalletListItem(config), ...FALLBACK_WALLETS];
}
