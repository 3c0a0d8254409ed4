import type { ActionConfiguration } from '@tonconnect/ui';
import { attach, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { timings } from '../config';
import { $t } from '../i18n';
import type { AppConnector } from './connector';
import {
  TRACKED_ACTIONS,
  describeWalletError,
  libraryErrorText,
  WalletActionError,
  type ConnectedWalletInfo,
  type ConnectProofRequest,
  type TonConnectSetup,
  type TrackedAction,
  type TransactionRequest,
  type WalletUiOptions,
} from './types';

/*
 * The one place that touches @tonconnect/ui. The library (≈120 kB gzip) is loaded on demand, after
 * the app's first screen, so a cheap phone paints the dashboard before it parses the wallet code.
 * Everything else talks to these effects and events.
 */

type Library = typeof import('@tonconnect/ui');
type Instance = InstanceType<Library['TonConnectUI']>;

/** The loaded library and the one TON Connect UI it made for this scope. */
interface Connection {
  library: Library;
  instance: Instance;
  /**
   * The actions configuration, passed again with every later `uiOptions` change: the library's
   * setter replaces it with whatever the change carries (undefined when it carries none), which
   * would silently bring back its default notifications and drop the return URL.
   */
  actionsConfiguration: ActionConfiguration;
  connector: AppConnector;
  /** The widget's look for a colour scheme (see library.ts). */
  uiPreferences: (theme: WalletUiOptions['theme']) => ReturnType<typeof import('./library').uiPreferences>;
  /** Stops the restore of the saved connection (it took too long). */
  restoreAbort: AbortController;
}

/** A scope's connection (each forked scope has its own; never serialized: it holds the library's objects). */
const $connection = createStore<Connection | null>(null, { serialize: 'ignore' });

/** The library reported a wallet (connect or restore) or none (disconnect). */
export const walletStatusChanged = createEvent<ConnectedWalletInfo | null>();
/** Restoring the saved connection finished (docs/product.md §4: spinner until then). */
export const connectionRestored = createEvent<boolean>();
export const connectErrorReceived = createEvent<string>();
/** The saved connection's wallet did not answer in time: the restore stopped waiting for it. */
export const connectionRestoreGaveUp = createEvent();

/** A `ton-connect-ui-*` tracking event the library dispatched (docs/product.md §7). */
export const trackingEventReceived = createEvent<{ action: TrackedAction; detail: unknown }>();

/** Observes the library's `ton-connect-ui-*` events; a failing subscriber never reaches the library. */
export const observeTrackingFx = createEffect(() => {
  const tracked = scopeBind(trackingEventReceived, { safe: true });
  for (const action of TRACKED_ACTIONS) {
    window.addEventListener(`ton-connect-ui-${action}`, (event) => {
      try {
        tracked({ action, detail: (event as CustomEvent).detail });
      } catch {
        /* tracking failures are swallowed (docs/product.md §7) */
      }
    });
  }
});

// The callbacks are bound to the scope before the first await, so the library's later calls keep it.
// eslint-disable-next-line effector/strict-effect-handlers
const connectFx = createEffect(async (setup: TonConnectSetup): Promise<Connection> => {
  const statusChanged = scopeBind(walletStatusChanged, { safe: true });
  const connectError = scopeBind(connectErrorReceived, { safe: true });
  // Before the library exists, so its connection-restoring events are seen too.
  await observeTrackingFx();

  const [lib, { telegramUserStorage }, { createAppConnector }, { toInfo, uiPreferences }] = await Promise.all([
    import('@tonconnect/ui'),
    import('./storage'),
    import('./connector'),
    import('./library'),
  ]);
  const actionsConfiguration: ActionConfiguration = {
    returnStrategy: 'back',
    twaReturnUrl: setup.twaReturnUrl,
    // One announcement per event: the library's "confirm in your wallet" modal before signing;
    // after it the app's own toasts (docs/product.md §4, §8: 'Transaction is being processed', 'Transaction
    // was not sent'). The library's notifications would repeat each of them in another style,
    // floating over the wallet panel, so they stay off.
    modals: ['before'],
    notifications: [],
  };
  const connector = createAppConnector(
    lib,
    {
      manifestUrl: setup.manifestUrl,
      // One Telegram account's connection is never another's on the same device (docs/foundations.md §8).
      storage: telegramUserStorage(setup.telegramUserId),
      ...(setup.walletsListSource ? { walletsListSource: setup.walletsListSource } : {}),
      analytics: { mode: 'off' },
    },
    setup.injectedOnlyWallets,
  );
  const instance = new lib.TonConnectUI({
    connector: connector.connector,
    // The app restores it (restoreSavedConnectionFx), with a deadline of its own.
    restoreConnection: false,
    language: setup.language,
    uiPreferences: uiPreferences(lib, setup.theme),
    actionsConfiguration,
    analytics: { mode: 'off' },
  });
  instance.onStatusChange(
    (wallet) => statusChanged(wallet ? toInfo(wallet) : null),
    (error) => connectError(error.message),
  );
  // A picker closed without a wallet leaves no connect running (nor a pending session stored).
  connector.abortConnectsOnDismiss(instance);
  return {
    library: lib,
    instance,
    actionsConfiguration,
    connector,
    uiPreferences: (theme) => uiPreferences(lib, theme),
    restoreAbort: new AbortController(),
  };
});

const createTonConnectWithConnectionFx = attach({
  source: $connection,
  effect: async (connection, setup: TonConnectSetup): Promise<Connection | null> =>
    connection ?? (await connectFx(setup)),
});
$connection.on(createTonConnectWithConnectionFx.doneData, (known, made) => made ?? known);

/**
 * Restores the saved connection, if any. The library would wait up to 12 s (docs/product.md §4) on a wallet's
 * bridge that does not answer, with the wallet panel's spinner up all that time; the app gives up
 * after `timings.walletRestoreMs` instead, and says so (connectionRestoreGaveUp).
 */
const restoreSavedConnectionFx = attach({
  source: $connection,
  effect: async (connection): Promise<boolean> =>
    connection ? connection.connector.restore(connection.restoreAbort.signal) : false,
});
// The deadline is a detached timer (not a pending effect), cleared when the restore ends, so nothing
// waits on it; its id is the scope's, not the module's.
const $restoreTimer = createStore<ReturnType<typeof setTimeout> | null>(null, { serialize: 'ignore' });
const scheduleRestoreDeadlineFx = attach({
  source: { timer: $restoreTimer, connection: $connection },
  effect: ({ timer, connection }, ms: number | null) => {
    clearTimeout(timer ?? undefined);
    if (ms === null || !connection) return null;
    const gaveUp = scopeBind(connectionRestoreGaveUp, { safe: true });
    return setTimeout(() => {
      // A saved session's wallet shows at once, from its stored answer, while its bridge reopens:
      // that one is left to the library (aborting would delete a session a slow network still reaches).
      if (connection.connector.connected) return;
      connection.restoreAbort.abort();
      gaveUp();
    }, ms);
  },
});
$restoreTimer.on(scheduleRestoreDeadlineFx.doneData, (_, timer) => timer);

// Once, when this scope's connection is made (a second createTonConnectFx keeps the first).
sample({ clock: $connection.updates, filter: Boolean, fn: () => undefined, target: restoreSavedConnectionFx });
sample({ clock: restoreSavedConnectionFx, fn: () => timings.walletRestoreMs, target: scheduleRestoreDeadlineFx });
sample({ clock: restoreSavedConnectionFx.finally, fn: () => null, target: scheduleRestoreDeadlineFx });
sample({ clock: restoreSavedConnectionFx.doneData, target: connectionRestored });

const setConnectRequestWithConnectionFx = attach({
  source: $connection,
  effect: (connection, request: ConnectProofRequest) => {
    if (!connection) return;
    const { instance } = connection;
    if (request === null) instance.setConnectRequestParameters(null);
    else if (request.state === 'loading') instance.setConnectRequestParameters({ state: 'loading' });
    else instance.setConnectRequestParameters({ state: 'ready', value: { tonProof: request.payload } });
  },
});

const setUiOptionsWithConnectionFx = attach({
  source: $connection,
  effect: (connection, options: WalletUiOptions) => {
    if (!connection) return;
    connection.instance.uiOptions = {
      language: options.language,
      uiPreferences: connection.uiPreferences(options.theme),
      actionsConfiguration: connection.actionsConfiguration,
    };
  },
});

const mountButtonWithConnectionFx = attach({
  source: $connection,
  effect: (connection, buttonRootId: string | null) => {
    if (connection) {
      connection.instance.uiOptions = { buttonRootId, actionsConfiguration: connection.actionsConfiguration };
    }
  },
});

const openWalletModalWithConnectionFx = attach({
  source: $connection,
  effect: async (connection) => {
    await connection?.instance.openModal();
  },
});

const disconnectWalletWithConnectionFx = attach({
  source: $connection,
  effect: async (connection) => {
    if (connection?.instance.connected) await connection.instance.disconnect();
  },
});

const sendThroughFx = createEffect<
  { connection: Connection | null; request: TransactionRequest },
  { boc: string },
  WalletActionError
>(async ({ connection, request }) => {
  if (!connection) throw new WalletActionError('not-connected', 'Wallet was not connected');
  const { instance, library } = connection;
  try {
    const { boc } = await instance.sendTransaction(request);
    return { boc };
  } catch (error) {
    const message = libraryErrorText(error);
    if (error instanceof library.UserRejectsError) throw new WalletActionError('user-rejects', message);
    if (error instanceof library.WalletNotConnectedError) throw new WalletActionError('not-connected', message);
    if (error instanceof library.TonConnectError) throw new WalletActionError('wallet', message);
    throw new WalletActionError('unknown', message);
  }
});

const sendTransactionWithConnectionFx = attach({
  source: $connection,
  mapParams: (request: TransactionRequest, connection) => ({ connection, request }),
  effect: sendThroughFx,
});

/*
 * The effects the app calls (and tests replace in fork): each hands its work to an effect attached to
 * this scope's connection, so the TON Connect UI a scope made is the one it acts on.
 */
/** Loads the library and makes this scope's TON Connect UI, once (a second call keeps the first). */
export const createTonConnectFx = createEffect(async (setup: TonConnectSetup) => {
  await createTonConnectWithConnectionFx(setup);
});
/**
 * What the next connect asks the wallet for besides its address: a ton_proof of the
 * server's payload, 'loading' while the payload is on its way (the wallet modal waits), or nothing.
 */
export const setConnectRequestFx = createEffect((request: ConnectProofRequest) =>
  setConnectRequestWithConnectionFx(request),
);
export const setUiOptionsFx = createEffect((options: WalletUiOptions) => setUiOptionsWithConnectionFx(options));
/** Mounts the library's connect button into the element with this id (null unmounts). */
export const mountButtonFx = createEffect((buttonRootId: string | null) => mountButtonWithConnectionFx(buttonRootId));
export const openWalletModalFx = createEffect(() => openWalletModalWithConnectionFx());
export const disconnectWalletFx = createEffect(() => disconnectWalletWithConnectionFx());
/** Sends through the connected wallet; failures come back classified (see WalletActionError). */
export const sendTransactionFx = createEffect<TransactionRequest, { boc: string }, WalletActionError>((request) =>
  sendTransactionWithConnectionFx(request),
);

/**
 * The wallet signed and sent a transaction, whoever asked for it. Entities react here (a mint's
 * payment is settled, the wallet's balance is polled), below the feature that asks the wallet.
 */
export const transactionSent = createEvent<{ boc: string }>();
/**
 * Signing failed or was declined, with the docs/product.md §8 text. docs/product.md §4: pending mints and stakes are
 * cleared; the mint and stake entities subscribe to this.
 */
export const transactionFailed = createEvent<{ text: string; rejectedByUser: boolean }>();

sample({ clock: sendTransactionFx.doneData, target: transactionSent });
sample({
  clock: sendTransactionFx.failData,
  source: $t,
  fn: (t, error) => describeWalletError(error, t),
  target: transactionFailed,
});
