export {
  CONNECT_TIMEOUT_MS,
  RECONNECT_ATTEMPTS_PER_ROUND,
  RECONNECT_BASE_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  RECONNECT_ROUND_PAUSE_MS,
  SEND_RETRY_INTERVAL_MS,
  SEND_RETRY_LIMIT,
  createReconnectingSocket,
  reconnectDelayMs,
} from './reconnecting-socket';
export type {
  Clock,
  ReconnectingSocket,
  ReconnectingSocketOptions,
  WebSocketConstructor,
  WebSocketLike,
} from './reconnecting-socket';
export { createSocketModel } from './model';
export type { SocketModel, SocketModelOptions } from './model';
export { socketUrl } from './socket-url';
