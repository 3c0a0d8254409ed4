/** Our own view of what the TON Connect library hands out, so models never import it. */
import type { Translate } from '../i18n';

export const TESTNET_CHAIN = '-3';

export type WalletFeature = string | { name: string; maxMessages?: number };

/** A wallet's ton_proof (TON Connect ton_proof item), handed over on a fresh connect only. */
export interface TonProof {
  timestamp: number;
  domain: { lengthBytes: number; value: string };
  payload: string;
  /** base64 */
  signature: string;
}

/** What the next connect request asks for besides the address: a proof of this payload, or a payload on its way. */
export type ConnectProofRequest = { state: 'loading' } | { state: 'ready'; payload: string } | null;

export interface ConnectedWalletInfo {
  /** Raw form, `0:hex`. */
  address: string;
  /** '-239' mainnet or '-3' testnet. */
  chain: string;
  publicKey: string | null;
  walletStateInit: string | null;
  walletName: string;
  features: WalletFeature[];
  /** The wallet's proof of this connection: only on a fresh connect that asked for one, never on restore. */
  tonProof: TonProof | null;
}

export interface TransactionMessage {
  /** User-friendly form: the SDK rejects raw addresses before the wallet sees them. */
  address: string;
  /** Nanotons, as a decimal string. */
  amount: string;
  /** base64 BOC of the body cell (e.g. a text comment). */
  payload?: string;
  stateInit?: string;
}

export interface TransactionRequest {
  /** Unix seconds. */
  validUntil: number;
  messages: TransactionMessage[];
  from?: string;
}

export interface WalletUiOptions {
  language: 'en' | 'ru';
  theme: 'light' | 'dark';
}

export interface TonConnectSetup extends WalletUiOptions {
  manifestUrl: string;
  /** null: the library's own list (config.ton.org with its bundled fallback). */
  walletsListSource: string | null;
  /** The bot's Mini App link: where the wallet returns the user in Telegram. */
  twaReturnUrl: `${string}://${string}`;
  /** The Telegram user: the connection is stored under this user's keys (null outside Telegram). */
  telegramUserId: number | null;
  /**
   * App names of listed wallets reached only through their injected bridge, whichever view of the
   * wallets modal they are chosen in (the sandbox's Dev Wallet; none in production).
   */
  injectedOnlyWallets: readonly string[];
}

/** The tracking events of docs/product.md §7, without the `ton-connect-ui-` prefix the library dispatches. */
export const TRACKED_ACTIONS = [
  'connection-started',
  'connection-completed',
  'connection-error',
  'connection-restoring-started',
  'connection-restoring-completed',
  'connection-restoring-error',
  'disconnection',
  'transaction-sent-for-signature',
  'transaction-signed',
  'transaction-signing-failed',
] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

export type WalletErrorKind = 'user-rejects' | 'not-connected' | 'wallet' | 'unknown';

/**
 * What a wallet action failed with, classified where the library's classes are at hand (their
 * names are minified, so only `instanceof` works, and only next to the import).
 */
export class WalletActionError extends Error {
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'WalletActionError';
  }
}

const LIBRARY_ERROR_PREFIX = '[TON_CONNECT_SDK_ERROR]';

/**
 * The library's errors read '[TON_CONNECT_SDK_ERROR] <ClassName>: <info>\n<message>', and the class
 * name is minified in a build. Users see the message (or, without one, the info) only.
 */
export function libraryErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.startsWith(LIBRARY_ERROR_PREFIX)) return message;
  const newline = message.indexOf('\n');
  if (newline >= 0) return message.slice(newline + 1).trim();
  const colon = message.indexOf(': ');
  return colon >= 0 ? message.slice(colon + 2).trim() : '';
}

/**
 * docs/product.md §8 wallet texts for a failed send, in the app's language. A wallet's own reply is shown as
 * the wallet worded it.
 */
export function describeWalletError(error: unknown, t: Translate): { text: string; rejectedByUser: boolean } {
  if (error instanceof WalletActionError) {
    if (error.kind === 'user-rejects') return { text: t('wallet.notSent'), rejectedByUser: true };
    if (error.kind === 'not-connected') return { text: t('wallet.notConnected'), rejectedByUser: false };
    if (error.kind === 'wallet') return { text: error.message || t('wallet.error'), rejectedByUser: false };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { text: t('wallet.unhandled', { message }), rejectedByUser: false };
}
