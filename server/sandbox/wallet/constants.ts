/** Dev wallet numbers (sandbox only). */

/**
 * The chain id the dev wallet reports: '-3' is TON testnet. The dev chain is neither network, but a
 * testnet address (friendly form starting 0Q/kQ) can never be mistaken for, or pasted as, a mainnet one.
 */
export const DEV_WALLET_NETWORK = '-3';

/** What a new wallet gets from the dev chain's faucet on first use. */
export const FIRST_USE_FAUCET_NANOTONS = 100n * 10n ** 9n;
/** The launcher's "Faucet +100 TON" button (and the faucet API's default). */
export const DEFAULT_FAUCET_NANOTONS = 100n * 10n ** 9n;
export const MAX_FAUCET_NANOTONS = 1_000_000n * 10n ** 9n;

/** Wallet v4r2 sends at most 4 messages per transfer; the device features say so too. */
export const MAX_MESSAGES = 4;

export const DEV_WALLET_NAME = 'Dev Wallet';
export const DEV_WALLET_APP_NAME = 'devwallet';
/** window[key].tonconnect is the injected bridge. */
export const DEV_WALLET_JS_BRIDGE_KEY = 'devwallet';
export const DEV_WALLET_VERSION = '1.0.0';
export const DEV_WALLET_SCRIPT_PATH = '/sandbox/dev-wallet.js';
export const DEV_WALLET_IMAGE_PATH = '/sandbox/dev-wallet.svg';
export const WALLETS_LIST_PATH = '/sandbox/wallets-v2.json';
/**
 * Every platform, phones too: @tonconnect/ui's phone-width views list only wallets with ios/android.
 * Those views (and the desktop view's first, QR mode) connect over an HTTP bridge, so the entry names
 * one (DEV_WALLET_BRIDGE_PATH, never answered) and the app's connector sends any connect to it through
 * the injected bridge instead (src/shared/ton-connect/connector.ts, docs/decisions.md).
 */
export const DEV_WALLET_PLATFORMS = [
  'ios',
  'android',
  'chrome',
  'firefox',
  'safari',
  'macos',
  'windows',
  'linux',
] as const;
/** The Dev Wallet's HTTP bridge URL in the list: its identity for the app's connector, not a bridge. */
export const DEV_WALLET_BRIDGE_PATH = '/sandbox/dev-wallet/bridge';

/**
 * The phone-style Dev Wallet (docs/foundations.md §2): the path most users take. Like Telegram's own Wallet it is a
 * Telegram Mini App reached by a t.me universal link; the app talks to it through the sandbox's HTTP
 * bridge (server/sandbox/bridge/), and the host emulator opens it when the app asks Telegram to open that
 * link (web_app_open_tg_link). The same dev-chain keys as the injected Dev Wallet sign for it.
 */
export const MOBILE_WALLET_NAME = 'Dev Wallet (mobile)';
export const MOBILE_WALLET_APP_NAME = 'devwallet-mobile';
/** The wallet Mini App's bot: t.me/<bot>?attach=wallet, which the SDK turns into /<bot>/start?startapp=tonconnect-… */
export const MOBILE_WALLET_BOT = 'DevWalletSandboxBot';
/** The wallet "app" itself: a page the host emulator shows in its own frame, as Telegram shows @wallet. */
export const MOBILE_WALLET_PAGE_PATH = '/sandbox/mobile-wallet/';
export const MOBILE_WALLET_SCRIPT_PATH = '/sandbox/mobile-wallet.js';
export const MOBILE_WALLET_IMAGE_PATH = '/sandbox/dev-wallet-mobile.svg';
/**
 * Telegram's Wallet's platforms: phones and desktop apps, no browser extension (the injected Dev Wallet
 * stands for those). On a phone the library opens its link at once; in a desktop view it shows the QR to
 * scan with a phone and a Desktop button that opens the same t.me link in the Telegram client.
 */
export const MOBILE_WALLET_PLATFORMS = ['ios', 'android', 'macos', 'windows', 'linux'] as const;
/** What a bridge message from the wallet lives: the SDK's own default (docs/product.md §9, message lifetime 300 s). */
export const MOBILE_WALLET_MESSAGE_TTL_SECONDS = 300;
/**
 * A phone-wallet session unused this long is deleted (../purge.ts): a week without a call from the
 * wallet page, long past any session a developer is still trying; the app then connects again.
 */
export const MOBILE_WALLET_SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
