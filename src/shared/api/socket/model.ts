/** The effector side of a socket: commands in, connection state and typed server events out. */
import {
  createEffect,
  createEvent,
  createStore,
  sample,
  scopeBind,
  type Event,
  type EventCallable,
  type Store,
} from 'effector';
import type { SocketEvents } from '@contract';
import {
  createReconnectingSocket,
  type ReconnectingSocket,
  type ReconnectingSocketOptions,
} from './reconnecting-socket';

export interface SocketModelOptions {
  url: () => string;
  /** The access token; the latest value is sent first on every (re)connection. */
  tokenSource: Store<string | null>;
  createSocket?: (options: ReconnectingSocketOptions) => ReconnectingSocket;
}

/** `{event, data}` messages of one socket, from its event map (name → data). */
export type SocketMessageOf<Events> = { [K in keyof Events]: { event: K; data: Events[K] } }[keyof Events];

/** A socket's commands, state and typed events; `Events` maps event names to data (the main socket's by default). */
export interface SocketModel<Events = SocketEvents> {
  connectRequested: EventCallable<void>;
  disconnectRequested: EventCallable<void>;
  /** Text for the server, e.g. the candle interval (docs/product.md §7); retried while not open. */
  sendRequested: EventCallable<string>;
  messageReceived: Event<SocketMessageOf<Events>>;
  $connected: Store<boolean>;
  /** The server closed with 4401; reconnecting waits for the next `connectRequested`. */
  unauthorized: Event<void>;
  eventReceived<K extends keyof Events>(name: K): Event<Events[K]>;
}

function isSocketMessage(data: unknown): data is { event: string; data: unknown } {
  return typeof data === 'object' && data !== null && typeof (data as { event?: unknown }).event === 'string';
}

export function createSocketModel<Events = SocketEvents>(options: SocketModelOptions): SocketModel<Events> {
  const connectRequested = createEvent();
  const disconnectRequested = createEvent();
  const sendRequested = createEvent<string>();
  const opened = createEvent();
  const closed = createEvent();
  const dataReceived = createEvent<unknown>();
  const unauthorized = createEvent();

  // The transport lives outside effector: its callbacks are bound to the scope that connected.
  let token: string | null = null;
  let report = { opened, closed, dataReceived, unauthorized } as {
    opened: () => void;
    closed: () => void;
    dataReceived: (data: unknown) => void;
    unauthorized: () => void;
  };
  const socket = (options.createSocket ?? createReconnectingSocket)({
    url: options.url,
    getToken: () => token,
    onOpen: () => report.opened(),
    onClose: () => report.closed(),
    onMessage: (data) => report.dataReceived(data),
    onUnauthorized: () => report.unauthorized(),
  });

  const connectFx = createEffect((currentToken: string | null) => {
    token = currentToken;
    report = {
      opened: scopeBind(opened, { safe: true }),
      closed: scopeBind(closed, { safe: true }),
      dataReceived: scopeBind(dataReceived, { safe: true }),
      unauthorized: scopeBind(unauthorized, { safe: true }),
    };
    socket.connect();
  });
  const tokenChangedFx = createEffect((currentToken: string | null) => {
    token = currentToken;
  });
  const disconnectFx = createEffect(() => socket.disconnect());
  const sendFx = createEffect((text: string) => socket.send(text));

  sample({ clock: connectRequested, source: options.tokenSource, target: connectFx });
  sample({ clock: options.tokenSource, target: tokenChangedFx });
  sample({ clock: disconnectRequested, target: disconnectFx });
  sample({ clock: sendRequested, target: sendFx });

  const $connected = createStore(false, { serialize: 'ignore' })
    .on(opened, () => true)
    .on(closed, () => false);

  // The server's messages are trusted as the contract types them (zod stays out of the client).
  const messageReceived = sample({ clock: dataReceived, filter: isSocketMessage }) as unknown as Event<
    SocketMessageOf<Events>
  >;

  function eventReceived<K extends keyof Events>(name: K): Event<Events[K]> {
    return sample({
      clock: messageReceived,
      filter: (message) => message.event === name,
      fn: (message) => message.data as Events[K],
    });
  }

  return {
    connectRequested,
    disconnectRequested,
    sendRequested,
    messageReceived,
    $connected,
    unauthorized,
    eventReceived,
  };
}
