/**
 * Fan-out of socket messages to the connections that want them.
 *
 * This in-process implementation is enough for one server process (and for PGlite, which is always
 * one process). Several processes on one Postgres need a bus built on LISTEN/NOTIFY with the same
 * interface: publish = `NOTIFY app_events, '<json>'`, and each process LISTENs once and feeds its
 * local subscribers. Callers depend only on `EventBus`, so the swap touches app wiring only.
 */
import { EventEmitter } from 'node:events';
import type { OperatorSocketMessage, SocketMessage } from '@contract';

export type Listener = (message: SocketMessage) => void;
export type OperatorListener = (message: OperatorSocketMessage) => void;
export type SessionsRevokedListener = (sessionIds: string[]) => void;
export type BridgeListener = (clientIds: string[]) => void;

export interface EventBus {
  publishToUser(userId: number, message: SocketMessage): void;
  publishGlobal(message: SocketMessage): void;
  /** Returns the function that unsubscribes. */
  subscribeUser(userId: number, listener: Listener): () => void;
  subscribeGlobal(listener: Listener): () => void;
  /**
   * For the server only, never sent to a socket: these sessions (refresh-token families) were revoked, so
   * every process refuses their access tokens and closes their sockets (server/auth).
   */
  publishSessionsRevoked(sessionIds: string[]): void;
  subscribeSessionsRevoked(listener: SessionsRevokedListener): () => void;
  /** For the operators' consoles (the operator socket): a review, a withdrawal, the payout worker changed. */
  publishToOperators(message: OperatorSocketMessage): void;
  subscribeOperators(listener: OperatorListener): () => void;
  /**
   * For the server only, never sent to a socket: the sandbox's TON Connect bridge stored messages for these
   * client ids, so every process's open streams of those ids read them (server/sandbox/bridge).
   */
  publishBridge(clientIds: string[]): void;
  subscribeBridge(listener: BridgeListener): () => void;
}

/**
 * One event as a transaction queues it (events/transaction.ts): a socket message (for one user, or
 * everyone: null), revoked sessions, a message for the operators' consoles, or the bridge's recipients.
 */
export type BusEvent =
  | { userId: number | null; message: SocketMessage }
  | { revokedSessions: string[] }
  | { operators: OperatorSocketMessage }
  | { bridge: string[] };

/** Hands an event to the bus's publish call of its kind. */
export function publishEvent(bus: EventBus, event: BusEvent): void {
  if ('revokedSessions' in event) bus.publishSessionsRevoked(event.revokedSessions);
  else if ('operators' in event) bus.publishToOperators(event.operators);
  else if ('bridge' in event) bus.publishBridge(event.bridge);
  else if (event.userId === null) bus.publishGlobal(event.message);
  else bus.publishToUser(event.userId, event.message);
}

const GLOBAL = 'global';
const SESSIONS_REVOKED = 'sessions-revoked';
const OPERATORS = 'operators';
const BRIDGE = 'bridge';
const userChannel = (userId: number) => `user:${userId}`;

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per open socket: the default warning at 10 would be noise, not a leak signal.
  emitter.setMaxListeners(0);
  const subscribe = (
    channel: string,
    listener: Listener | SessionsRevokedListener | OperatorListener | BridgeListener,
  ) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  return {
    publishToUser: (userId, message) => emitter.emit(userChannel(userId), message),
    publishGlobal: (message) => emitter.emit(GLOBAL, message),
    subscribeUser: (userId, listener) => subscribe(userChannel(userId), listener),
    subscribeGlobal: (listener) => subscribe(GLOBAL, listener),
    publishSessionsRevoked: (sessionIds) => emitter.emit(SESSIONS_REVOKED, sessionIds),
    subscribeSessionsRevoked: (listener) => subscribe(SESSIONS_REVOKED, listener),
    publishToOperators: (message) => emitter.emit(OPERATORS, message),
    subscribeOperators: (listener) => subscribe(OPERATORS, listener),
    publishBridge: (clientIds) => emitter.emit(BRIDGE, clientIds),
    subscribeBridge: (listener) => subscribe(BRIDGE, listener),
  };
}
