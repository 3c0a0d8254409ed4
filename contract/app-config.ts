import type { TonNetwork } from './constants';

/**
 * Injected by the server into index.html as `window.__APP_CONFIG__` (absent under the Vite dev
 * server: the client then uses its defaults).
 */
export interface AppConfig {
  mode: 'sandbox' | 'production';
  /** The bot's @username without @ (t.me links, referral link). */
  botUsername: string;
  /** The Mini App's short name: t.me/<botUsername>/<miniAppName>?startapp=<ref_code>. */
  miniAppName: string;
  /** Link the join-community modal opens. */
  communityUrl: string;
  /** The product origin, no trailing slash. */
  publicUrl: string;
  /**
   * A public toncenter-v2 JSON-RPC endpoint for wallet balance polls (TON_PUBLIC_NODE_URL; sandbox: the dev
   * chain): never the server's TON_NODE_URL, whose path may hold a provider's key.
   */
  tonNodeUrl: string;
  /**
   * The server's TON network (TON_NETWORK; the sandbox's is testnet): the network wallets connect and
   * send on, payout addresses are checked for, and explorer links point at.
   */
  tonNetwork: TonNetwork;
  /** TON Connect wallets list; null = the library's own (sandbox: the local list with the dev wallet). */
  walletsListUrl: string | null;
  /** Absolute URL of the TON Connect manifest (the /tonconnect-manifest.json route). */
  tonConnectManifestUrl: string;
  /**
   * Sandbox only: where the wallet panel's 'Send test transfer' pays (the dev chain's treasury), so a
   * person can try signing without buying anything. null in production: the button does not exist.
   */
  testTransferAddress: string | null;
}
