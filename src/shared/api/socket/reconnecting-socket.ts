/**
 * The websocket transport (docs/product.md §7, §9), free of effector so it can be driven with a fake socket
 * and fake timers. The first message on every connection is the access token.
 */
import { SOCKET_CLOSE } from '@contract/constants';

export const CONNECT_TIMEOUT_MS = 5_000;
export const RECONNECT_BASE_DELAY_MS = 1_000;
export const RECONNECT_MAX_DELAY_MS = 30_000;
export const RECONNECT_ATTEMPTS_PER_ROUND = 1_000;
export const RECONNECT_ROUND_PAUSE_MS = 5_000;
export const SEND_RETRY_INTERVAL_MS = 2_000;
export const SEND_RETRY_LIMIT = 15;

const UNAUTHORIZED_CLOSE_CODE = SOCKET_CLOSE.unauthorized;
const NORMAL_CLOSE_CODE = 1000;
const OPEN_STATE = 1;

/**
 * Delay before the next attempt after `failedAttempts` consecutive failures in a round:
 * 1, 2, 4, 8, 16, 30, 30, … s; the round's last (1000th) failure waits 5 s and a new round starts.
 */
export function reconnectDelayMs(failedAttempts: number): number {
  if (failedAttempts >= RECONNECT_ATTEMPTS_PER_ROUND) return RECONNECT_ROUND_PAUSE_MS;
  const doublings = Math.min(Math.max(failedAttempts - 1, 0), 30);
  return Math.min(RECONNECT_BASE_DELAY_MS * 2 ** doublings, RECONNECT_MAX_DELAY_MS);
}

/** The part of the DOM WebSocket the transport uses (so a fake can stand in for it). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface Clock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Looked up on every call, so fake timers installed after creation still apply.
const globalClock: Clock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

export interface ReconnectingSocketOptions {
  url: string | (() => string);
  /** Read before each attempt; with no token there is nothing to authenticate, so no attempt. */
  getToken: () => string | null;
  WebSocket?: WebSocketConstructor;
  clock?: Clock;
  onOpen?: () => void;
  /** A connection that had opened is gone (the transport may already be reconnecting). */
  onClose?: () => void;
  /** Each message parsed as JSON; text that is not JSON is ignored. */
  onMessage?: (data: unknown) => void;
  /** Closed with 4401: no reconnect until `connect()` is called again. */
  onUnauthorized?: () => void;
  /** `send` gave up after its retries. */
  onSendDropped?: (text: string) => void;
}

export interface ReconnectingSocket {
  /** Start (or restart after 4401/disconnect) connecting; an attempt in progress is kept. */
  connect(): void;
  /** Close and stop reconnecting; pending sends are cancelled. */
  disconnect(): void;
  /** Send now if open, else retry every 2 s up to 15 times, then drop. */
  send(text: string): void;
}

export function createReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const clock = options.clock ?? globalClock;
  let wanted = false;
  let socket: WebSocketLike | null = null;
  let isOpen = false;
  let failedAttempts = 0;
  let connectTimer: unknown = null;
  let reconnectTimer: unknown = null;
  const sendTimers = new Set<unknown>();

  const resolveUrl = () => (typeof options.url === 'function' ? options.url() : options.url);

  function clearTimer(handle: unknown) {
    if (handle !== null) clock.clearTimeout(handle);
  }

  function release(ws: WebSocketLike) {
    ws.onopen = ws.onclose = ws.onmessage = ws.onerror = null;
    clearTimer(connectTimer);
    connectTimer = null;
    socket = null;
    const wasOpen = isOpen;
    isOpen = false;
    if (wasOpen) options.onClose?.();
  }

  function attemptFailed() {
    failedAttempts += 1;
    const delay = reconnectDelayMs(failedAttempts);
    if (failedAttempts >= RECONNECT_ATTEMPTS_PER_ROUND) failedAttempts = 0;
    reconnectTimer = clock.setTimeout(attempt, delay);
  }

  function attempt() {
    reconnectTimer = null;
    const token = options.getToken();
    if (!wanted || token === null) {
      wanted = false;
      return;
    }
    let ws: WebSocketLike;
    try {
      const Socket = options.WebSocket ?? globalThis.WebSocket;
      ws = new Socket(resolveUrl());
    } catch {
      attemptFailed();
      return;
    }
    socket = ws;
    connectTimer = clock.setTimeout(() => {
      connectTimer = null;
      release(ws);
      ws.close();
      attemptFailed();
    }, CONNECT_TIMEOUT_MS);

    ws.onopen = () => {
      clearTimer(connectTimer);
      connectTimer = null;
      failedAttempts = 0;
      isOpen = true;
      ws.send(token);
      options.onOpen?.();
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      options.onMessage?.(data);
    };
    ws.onclose = (event) => {
      release(ws);
      if (event.code === UNAUTHORIZED_CLOSE_CODE) {
        wanted = false;
        options.onUnauthorized?.();
        return;
      }
      attemptFailed();
    };
  }

  function trySend(text: string, retriesDone: number) {
    if (socket && isOpen && socket.readyState === OPEN_STATE) {
      socket.send(text);
      return;
    }
    if (retriesDone >= SEND_RETRY_LIMIT) {
      options.onSendDropped?.(text);
      return;
    }
    const timer = clock.setTimeout(() => {
      sendTimers.delete(timer);
      trySend(text, retriesDone + 1);
    }, SEND_RETRY_INTERVAL_MS);
    sendTimers.add(timer);
  }

  return {
    connect() {
      wanted = true;
      if (socket) return;
      clearTimer(reconnectTimer);
      failedAttempts = 0;
      attempt();
    },
    disconnect() {
      wanted = false;
      clearTimer(reconnectTimer);
      reconnectTimer = null;
      for (const timer of sendTimers) clock.clearTimeout(timer);
      sendTimers.clear();
      if (socket) {
        const ws = socket;
        release(ws);
        ws.close(NORMAL_CLOSE_CODE);
      }
    },
    send(text) {
      trySend(text, 0);
    },
  };
}
