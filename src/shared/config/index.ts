import type { AppConfig } from '@contract';
import { FARM_START_PREFIX } from '@contract/constants';

declare global {
  interface Window {
    /** Injected into index.html by the server (server/app.ts); absent under the Vite dev server. */
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

const injected: Partial<AppConfig> = (typeof window !== 'undefined' && window.__APP_CONFIG__) || {};
const mode = injected.mode ?? 'sandbox';
const publicUrl = injected.publicUrl ?? (typeof window !== 'undefined' ? window.location.origin : '');

/** Runtime configuration: what the server injected, else build-time defaults for `npm run dev`. */
export const appConfig: AppConfig = {
  mode,
  botUsername: injected.botUsername ?? import.meta.env.VITE_BOT_USERNAME ?? 'ton_token_sandbox_bot',
  miniAppName: injected.miniAppName ?? import.meta.env.VITE_MINI_APP_NAME ?? 'app',
  communityUrl:
    injected.communityUrl ?? import.meta.env.VITE_COMMUNITY_URL ?? 'https://t.me/ton_token_sandbox_community',
  publicUrl,
  tonNodeUrl: injected.tonNodeUrl ?? '/sandbox/chain/jsonRPC',
  // Nothing injected is `npm run dev`, the sandbox's client: testnet, as its dev chain and dev wallet.
  tonNetwork: injected.tonNetwork ?? 'testnet',
  walletsListUrl:
    injected.walletsListUrl !== undefined
      ? injected.walletsListUrl
      : mode === 'sandbox'
        ? '/sandbox/wallets-v2.json'
        : null,
  tonConnectManifestUrl: injected.tonConnectManifestUrl ?? `${publicUrl}/tonconnect-manifest.json`,
  // Under `npm run dev` nothing is injected: the test transfer stays off rather than guess an address.
  testTransferAddress: injected.testTransferAddress ?? null,
};

/** docs/product.md §9 timings, in one place for the client. */
export const timings = {
  requestTimeoutMs: 25_000,
  maintenancePollMs: 10_000,
  refetchOnVisibleMinMs: 10_000,
  errorToastMs: 3_000,
  pendingWindowMs: 3 * 60_000,
  /** A form's calculation waits for the user to stop typing. */
  calculationDebounceMs: 300,
  /** The Total value reads the holdings again this long after the last push that moved one. */
  holdingsRefetchMs: 250,
  /** The connected wallet's TON balance is read again this often while a screen shows it. */
  balancePollMs: 1_000,
  /** docs/product.md §4: active earnings recompute every 1 s. */
  stakeTickMs: 1_000,
  /** On a phone Telegram rates LOW, every 5 s instead (docs/decisions.md "Telegram's platform"). */
  lowEndStakeTickMs: 5_000,
  /** A ton_proof payload is good for 15 minutes: a fresh one is fetched every 10 while no wallet is connected. */
  proofPayloadRefreshMs: 10 * 60_000,
  /**
   * Restoring the saved wallet connection stops waiting for a wallet's bridge after this long (the
   * library would wait 12 s): the wallet panel says it gave up and offers Connect wallet again.
   */
  walletRestoreMs: 4_000,
} as const;

export const botLink = (): string => `https://t.me/${appConfig.botUsername}`;
/** The Mini App's own link: where wallets return the user inside Telegram. */
export const miniAppLink = (): `https://${string}` => `https://t.me/${appConfig.botUsername}/${appConfig.miniAppName}`;

/**
 * A farming link (docs/foundations.md §7): the Mini App's direct link with `farm_<activation_code>` as its start
 * parameter, so opening it in Telegram starts the app with the code.
 */
export const farmLink = (activationCode: string): string =>
  `${miniAppLink()}?startapp=${FARM_START_PREFIX}${activationCode}`;
