/**
 * Sockets (SPEC §7): the client's first message is its access token (raw, or JSON {token});
 * after that the main socket receives `{event, data}` messages for the user and global events.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE, SOCKET_PATHS, type SocketMessage } from '@/shared/api/contract';
import { authenticateToken } from '../auth/service';
import type { AccessClaims } from '../http/auth-context';
import type { Deps } from '../deps';
import { currentBalances } from '../ledger/service';

export interface SocketOptions {
  /** How long a new socket may stay silent before it is closed with SOCKET_CLOSE.tokenTimeout. */
  tokenTimeoutMs: number;
}

function tokenFrom(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'token' in parsed && typeof parsed.token === 'string') {
        return parsed.token;
      }
    } catch {
      // not JSON: treat as a raw token (and let verification refuse it)
    }
  }
  return text;
}

/**
 * Waits for the token message and verifies it. Resolves with the user, or null after closing the
 * socket (timeout, bad token, socket gone). Messages after the first go to `onMessage`.
 */
function handshake(
  deps: Deps,
  socket: WebSocket,
  options: SocketOptions,
  onMessage: (text: string) => void,
): Promise<AccessClaims | null> {
  return new Promise((resolve) => {
    let state: 'waiting' | 'verifying' | 'open' | 'closed' = 'waiting';
    const timer = setTimeout(() => {
      state = 'closed';
      socket.close(SOCKET_CLOSE.tokenTimeout, 'Token timeout');
      resolve(null);
    }, options.tokenTimeoutMs);

    socket.on('close', () => {
      clearTimeout(timer);
      if (state !== 'open') resolve(null);
      state = 'closed';
    });
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      if (state === 'open') return onMessage(text);
      if (state !== 'waiting') return;
      state = 'verifying';
      clearTimeout(timer);
      authenticateToken(deps, tokenFrom(text)).then(
        (claims) => {
          if (socket.readyState !== socket.OPEN) return resolve(null);
          state = 'open';
          resolve(claims);
        },
        () => {
          state = 'closed';
          socket.close(SOCKET_CLOSE.unauthorized, 'Unauthorized');
          resolve(null);
        },
      );
    });
  });
}

function send(socket: WebSocket, message: SocketMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

export function socketRoutes(deps: Deps, options: SocketOptions) {
  return async (app: FastifyInstance) => {
    app.get(SOCKET_PATHS.main, { websocket: true }, async (socket, request) => {
      const claims = await handshake(deps, socket, options, () => {
        // The client sends nothing after its token; anything else is ignored.
      });
      if (!claims) return;
      // A (re)connected client may have missed changes, so it starts from a snapshot of the
      // balances. Events arriving while the snapshot is read wait behind it, never before it.
      let queued: SocketMessage[] | null = [];
      const deliver = (message: SocketMessage) => (queued ? queued.push(message) : send(socket, message));
      const unsubscribe = [deps.bus.subscribeUser(claims.userId, deliver), deps.bus.subscribeGlobal(deliver)];
      socket.on('close', () => unsubscribe.forEach((fn) => fn()));
      try {
        send(socket, { event: 'user:balance', data: await currentBalances(deps.db, claims.userId) });
      } catch (error) {
        request.log.warn({ err: error }, 'socket snapshot failed');
        socket.close(SOCKET_CLOSE.unauthorized, 'Unauthorized');
      }
      const backlog = queued;
      queued = null;
      backlog.forEach((message) => send(socket, message));
      request.log.debug({ userId: claims.userId }, 'socket subscribed');
    });

    app.get(SOCKET_PATHS.candles, { websocket: true }, async (socket, request) => {
      let interval: string | undefined;
      const claims = await handshake(deps, socket, options, (text) => {
        interval = text.trim();
      });
      if (!claims) return;
      // TODO(price & candles issue, DESIGN.md §3 "Price"): once price ticks are stored, push
      // `current_candle` for the requested interval (normalized to 5m/30m/1h/4h/1d) on every tick.
      // Until then this socket authenticates and records the interval but pushes nothing.
      request.log.debug({ userId: claims.userId, interval }, 'candle socket open');
    });
  };
}
