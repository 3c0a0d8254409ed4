/**
 * The TON Connect connector the app hands to TON Connect UI, loaded with the library (lazy chunk).
 * What the library's picker does not do on its own:
 *
 * - A connect started from the picker is aborted when the picker closes without a wallet. The
 *   library leaves it running: a phone wallet whose HTTP bridge is unreachable keeps retrying in the
 *   background, and its pending session is stored, so every later load waits on that bridge again.
 * - A pending session found on restore gets one round trip: a phone wallet may have answered while the
 *   Mini App was closed, and its bridge delivers that answer when the stream opens; else it is forgotten.
 * - The wallet stays on the server's network (TON_NETWORK): a connect asks for an account on it and
 *   refuses a wallet on another, and every transaction names it, so the library refuses to send from a
 *   wallet on another (a connection restored from before, say) before the wallet is asked to sign.
 * - A wallet the app lists as reachable only through its injected bridge (the sandbox's Dev Wallet)
 *   connects through that bridge whichever view it was chosen in. The library's phone-width views
 *   connect every wallet over its HTTP bridge (they have no injected path), so there the Dev Wallet
 *   would otherwise never answer.
 */
import type { TonNetwork } from '../api';
import { appConfig } from '../config';
import type { ConnectorStorage } from './storage';
import { TESTNET_CHAIN } from './types';

type Library = typeof import('@tonconnect/ui');
type Connector = InstanceType<Library['TonConnect']>;
type ConnectorOptions = ConstructorParameters<Library['TonConnect']>[0];

/** TON Connect's chain id of a network. */
export const chainOf = (network: TonNetwork): string => (network === 'testnet' ? TESTNET_CHAIN : '-239');

/** The SDK's storage key of the current (or pending) wallet connection. */
const STORED_CONNECTION_KEY = 'ton-connect-storage_bridge-connection';
/**
 * How long a restored pending session waits for its wallet's answer once its bridge is open. A phone
 * wallet may have answered while the Mini App was closed (the user approved, then came back): the bridge
 * kept the answer and delivers it as soon as the stream opens, so this is one round trip, not a wait for
 * the user.
 */
const PENDING_ANSWER_GRACE_MS = 2_000;

export interface AppConnector {
  connector: Connector;
  /**
   * Restores the saved connection until `signal` aborts (a deadline the app keeps); a session no
   * wallet ever answered is forgotten when it does not connect. Resolves with whether a wallet is connected.
   */
  restore(signal: AbortSignal): Promise<boolean>;
  /** A wallet is connected (a restored session is, from its stored answer, before its bridge opens). */
  readonly connected: boolean;
  /** Aborts a connect whenever this UI's wallets modal is dismissed without a wallet. */
  abortConnectsOnDismiss(ui: Pick<InstanceType<Library['TonConnectUI']>, 'onModalStateChange'>): void;
  /** Stops a connect still waiting for its wallet and forgets its pending session (the picker closed). */
  abortPendingConnect(): Promise<void>;
}

interface HttpSource {
  bridgeUrl: string;
  universalLink?: string;
}

const isHttpSource = (source: unknown): source is HttpSource =>
  typeof source === 'object' && source !== null && 'bridgeUrl' in source && typeof source.bridgeUrl === 'string';

/** A stored HTTP-bridge session the wallet never answered: it has no connect event yet. */
function isPendingSession(stored: string): boolean {
  try {
    const connection: unknown = JSON.parse(stored);
    return (
      typeof connection === 'object' &&
      connection !== null &&
      'type' in connection &&
      connection.type === 'http' &&
      !('connectEvent' in connection)
    );
  } catch {
    return false;
  }
}

/** Whether a wallet connects within `ms` (or before `signal` aborts). */
function answeredWithin(connector: Connector, signal: AbortSignal, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      resolve(connected);
    };
    const onAbort = () => done(connector.connected);
    const timer = setTimeout(() => done(connector.connected), ms);
    const unsubscribe = connector.onStatusChange((wallet) => {
      if (wallet) done(true);
    });
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createAppConnector(
  lib: Library,
  options: ConnectorOptions & { storage: ConnectorStorage },
  injectedOnlyWallets: readonly string[],
  /** The server's (the runtime config's); tests choose. */
  network: TonNetwork = appConfig.tonNetwork,
): AppConnector {
  const connector = new lib.TonConnect(options);
  // A wallet on another network would prove, pay and be paid on the wrong chain.
  const chain = chainOf(network);
  connector.setConnectionNetwork(chain);
  const send = connector.sendTransaction.bind(connector) as (transaction: object, ...rest: unknown[]) => unknown;
  connector.sendTransaction = ((transaction: object, ...rest: unknown[]) =>
    send({ ...transaction, network: chain }, ...rest)) as Connector['sendTransaction'];
  /** HTTP bridge URL → JS bridge key, for the listed wallets the app reaches through their injected bridge. */
  const injectedBridgeOf = new Map<string, string>();
  if (injectedOnlyWallets.length > 0) {
    connector
      .getWallets()
      .then((wallets) => {
        for (const wallet of wallets) {
          if (!injectedOnlyWallets.includes(wallet.appName)) continue;
          if ('jsBridgeKey' in wallet && 'bridgeUrl' in wallet && wallet.injected) {
            injectedBridgeOf.set(wallet.bridgeUrl, wallet.jsBridgeKey);
          }
        }
      })
      .catch(() => {
        /* no list: the picker shows none either */
      });
  }

  let pending: AbortController | null = null;
  connector.onStatusChange((wallet) => {
    if (wallet) pending = null;
  });
  const connect = connector.connect.bind(connector) as (...args: unknown[]) => string | void;
  const routed = (source: unknown, request?: unknown, more?: object): string | void => {
    pending?.abort();
    pending = new AbortController();
    const withSignal = { ...more, signal: pending.signal };
    const jsBridgeKey = isHttpSource(source) ? injectedBridgeOf.get(source.bridgeUrl) : undefined;
    if (isHttpSource(source) && jsBridgeKey) {
      connect({ jsBridgeKey }, request, withSignal);
      // The link the view opens or shows: the wallet's own (a t.me link: the host only notes it).
      return source.universalLink ?? '';
    }
    return connect(source, request, withSignal);
  };
  connector.connect = routed as Connector['connect'];

  return {
    connector,
    async abortPendingConnect() {
      if (!pending || connector.connected) return;
      pending.abort();
      pending = null;
      await options.storage.removeItem(STORED_CONNECTION_KEY);
    },
    get connected() {
      return connector.connected;
    },
    async restore(signal) {
      let opened = true;
      try {
        await connector.restoreConnection({ signal });
      } catch {
        /* aborted or failed: not connected */
        opened = false;
      }
      if (connector.connected) return true;
      const stored = await options.storage.getItem(STORED_CONNECTION_KEY);
      if (stored === null || !isPendingSession(stored)) return false;
      if (opened && !signal.aborted && (await answeredWithin(connector, signal, PENDING_ANSWER_GRACE_MS))) return true;
      // Re-read: the answer may have been stored while this waited.
      const still = await options.storage.getItem(STORED_CONNECTION_KEY);
      if (still !== null && isPendingSession(still)) await options.storage.removeItem(STORED_CONNECTION_KEY);
      return connector.connected;
    },
    abortConnectsOnDismiss(ui) {
      ui.onModalStateChange((state) => {
        if (state.status === 'closed' && state.closeReason === 'action-cancelled') void this.abortPendingConnect();
      });
    },
  };
}
