/**
 * Sockets (docs/product.md §7): the client's first message is its access token (raw, or JSON {token});
 * after that the main socket receives `{event, data}` messages for the user and global events
 * (price_update among them), and the candles socket takes interval strings and answers current_candle.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  type CandleInterval,
  type CandleSocketMessage,
  type Candle,
  type OperatorSocketMessage,
  SOCKET_CLOSE,
  OPERATOR_SOCKET_PATH,
  SOCKET_PATHS,
  type SocketMessage,
  normalizeCandleInterval,
} from '@contract';
import { authenticateToken } from '../auth/service';
import { UnauthorizedError } from '../lib/errors';
import { getMaintenance } from '../maintenance/service';
import { authenticateOperator, liveOperatorSessions } from '../operators/service';
import { payoutWorkerState } from '../withdraw/service';
import { isDatabaseFault } from '../db/faults';
import type { Deps } from '../deps';
import { unixNow } from '../lib/codes';
import { currentBalances } from '../ledger/service';
import { currentPrice, liveCandle, liveCandleReader } from '../price/service';

export interface SocketOptions {
  /** How long a new socket may stay silent before it is closed with SOCKET_CLOSE.tokenTimeout. */
  tokenTimeoutMs: number;
  /** How often the open operator sockets are checked against their sessions (OPERATOR_SOCKET_RECHECK_MS). */
  operatorRecheckMs: number;
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
 * socket (timeout, bad token, socket gone). Messages after the first go to `onMessage`, in order; those
 * sent while the token is being verified (a client sends its token and its interval at once) wait for
 * the verdict and go to `onMessage` just before this resolves.
 */
/** What a socket's token proves: its session (closed when revoked) and when it expires. */
interface SocketSession {
  sessionId: string;
  expiresAt: number;
}

function handshake<C extends SocketSession>(
  deps: Deps,
  sessions: SessionSockets,
  socket: WebSocket,
  options: SocketOptions,
  onMessage: (text: string) => void,
  authenticate: (token: string) => Promise<C>,
): Promise<C | null> {
  return new Promise((resolve) => {
    let state: 'waiting' | 'verifying' | 'open' | 'closed' = 'waiting';
    const early: string[] = [];
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
      if (state === 'verifying') {
        if (early.length < MAX_EARLY_MESSAGES) early.push(text);
        return;
      }
      if (state !== 'waiting') return;
      state = 'verifying';
      clearTimeout(timer);
      authenticate(tokenFrom(text)).then(
        (claims) => {
          if (socket.readyState !== socket.OPEN) return resolve(null);
          // Revoked while its session was read: the session's sockets were closed before this one counted.
          if (deps.revokedSessions.has(claims.sessionId)) {
            state = 'closed';
            socket.close(SOCKET_CLOSE.unauthorized, SESSION_ENDED);
            return resolve(null);
          }
          state = 'open';
          closeAtExpiry(socket, claims, sessions);
          early.splice(0).forEach(onMessage);
          resolve(claims);
        },
        (error: unknown) => {
          state = 'closed';
          closeRefused(socket, error);
          resolve(null);
        },
      );
    });
  });
}

/**
 * A signed-in socket lives as long as its token: at expiry it is closed with 4401, and the client
 * refreshes and reconnects — which a signed-out or revoked session cannot do, so its socket stops
 * receiving at the latest one access-token lifetime after the session ended.
 */
function closeAtExpiry(socket: WebSocket, claims: SocketSession, sessions: SessionSockets): void {
  sessions.add(claims, socket);
  const timer = setTimeout(
    () => socket.close(SOCKET_CLOSE.unauthorized, 'Token expired'),
    Math.max(0, claims.expiresAt * 1000 - Date.now()),
  );
  timer.unref();
  socket.on('close', () => clearTimeout(timer));
}

/**
 * A handshake that failed: 4503 when the database could not answer (the token may be fine: the client
 * reconnects with backoff and keeps its session), 4401 when the token or its session is not valid.
 */
function closeRefused(socket: WebSocket, error: unknown): void {
  if (isDatabaseFault(error)) socket.close(SOCKET_CLOSE.unavailable, 'Service unavailable');
  else socket.close(SOCKET_CLOSE.unauthorized, 'Unauthorized');
}

/** Messages kept while a token is verified; a client has no reason to send more than one or two. */
const MAX_EARLY_MESSAGES = 8;

/**
 * Each message's frame text, made once: a global event (price_update) is one object handed to every
 * open socket's listener, so 10 000 sockets cost one JSON.stringify and one UTF-8 encoding, not 10 000.
 */
const encoded = new WeakMap<object, Buffer>();

function send(socket: WebSocket, message: SocketMessage | CandleSocketMessage | OperatorSocketMessage): void {
  if (socket.readyState !== socket.OPEN) return;
  let bytes = encoded.get(message);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(message));
    encoded.set(message, bytes);
  }
  // A text frame, as before (a Buffer would otherwise go out as binary).
  socket.send(bytes, { binary: false });
}

/**
 * Subscribes a signed-in socket, sends it a snapshot of what it shows, then the events: events that arrive
 * while the snapshot is read wait behind it, never before it. A snapshot that cannot be read closes the
 * socket as a refused handshake does (the client reconnects).
 */
async function subscribeAfterSnapshot<M extends SocketMessage | OperatorSocketMessage>(
  socket: WebSocket,
  request: FastifyRequest,
  subscribe: (deliver: (message: M) => void) => Array<() => void>,
  snapshot: () => Promise<M[]>,
): Promise<void> {
  let queued: M[] | null = [];
  const unsubscribe = subscribe((message) => (queued ? queued.push(message) : send(socket, message)));
  socket.on('close', () => unsubscribe.forEach((fn) => fn()));
  try {
    for (const message of await snapshot()) send(socket, message);
  } catch (error) {
    request.log.warn({ err: error }, 'socket snapshot failed');
    closeRefused(socket, error);
  }
  const backlog = queued;
  queued = null;
  backlog.forEach((message) => send(socket, message));
}

const SESSION_ENDED = 'Session ended';

/**
 * The open sockets of each session, closed (4401) once their session is revoked — signed out, a reused
 * refresh token, or the oldest past the session cap — in whichever process that happened, as soon as this
 * process learns of it (deps.revokedSessions: the bus event, or the database sweep that backs it up).
 * (Sockets also close when their token expires: closeAtExpiry.)
 */
class SessionSockets {
  private readonly bySession = new Map<string, Set<WebSocket>>();

  add(claims: SocketSession, socket: WebSocket): void {
    const id = claims.sessionId;
    let sockets = this.bySession.get(id);
    if (!sockets) this.bySession.set(id, (sockets = new Set()));
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.bySession.get(id) === sockets) this.bySession.delete(id);
    });
  }

  closeSessions(ids: string[]): void {
    for (const id of ids) {
      for (const socket of this.bySession.get(id) ?? []) socket.close(SOCKET_CLOSE.unauthorized, SESSION_ENDED);
    }
  }
}

/**
 * The open operator sockets of this process, checked every `intervalMs` (while there are any) against
 * their sessions' rows and the operator list, in one query: a socket whose session ended or expired, or
 * whose operator is no longer named, is closed (4401). The backstop of the bus event (an operator switched
 * off, a session ended, a process restarted with a shorter list) for a process that did not hear it. A
 * database that cannot answer closes nothing: the next check asks again.
 */
class OperatorSockets {
  private readonly open = new Map<WebSocket, string>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly deps: Deps,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(socket: WebSocket, sessionId: string): void {
    this.open.set(socket, sessionId);
    socket.on('close', () => {
      this.open.delete(socket);
      if (this.open.size === 0) this.stop();
    });
    if (!this.timer) {
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const live = await liveOperatorSessions(this.deps, [...new Set(this.open.values())]);
      for (const [socket, sessionId] of this.open) {
        if (!live.has(sessionId)) socket.close(SOCKET_CLOSE.unauthorized, SESSION_ENDED);
      }
    } catch (error) {
      this.onError(error);
    } finally {
      this.checking = false;
    }
  }
}

export function socketRoutes(deps: Deps, options: SocketOptions) {
  return async (app: FastifyInstance) => {
    const sessions = new SessionSockets();
    const stopClosing = deps.revokedSessions.onRevoked((ids) => sessions.closeSessions(ids));
    const operatorSockets = new OperatorSockets(deps, options.operatorRecheckMs, (error) =>
      app.log.warn({ err: error }, 'operator sockets check failed'),
    );
    app.addHook('onClose', async () => {
      stopClosing();
      operatorSockets.stop();
    });
    const userToken = (token: string) => authenticateToken(deps, token);

    app.get(SOCKET_PATHS.main, { websocket: true }, async (socket, request) => {
      const claims = await handshake(
        deps,
        sessions,
        socket,
        options,
        () => {
          // The client sends nothing after its token; anything else is ignored.
        },
        userToken,
      );
      if (!claims) return;
      // A (re)connected client may have missed changes, so it starts from a snapshot of the balances.
      await subscribeAfterSnapshot<SocketMessage>(
        socket,
        request,
        (deliver) => [deps.bus.subscribeUser(claims.userId, deliver), deps.bus.subscribeGlobal(deliver)],
        async () => {
          // The balances, and the price as it is now: a tick between the client's price read and this
          // subscription would otherwise stay unseen until the next one. Both read before either is sent.
          const now = unixNow();
          const [balances, price] = await Promise.all([
            currentBalances(deps.db, claims.userId),
            currentPrice(deps.db, now),
          ]);
          return [
            { event: 'user:balance', data: balances },
            { event: 'price_update', data: { ...price, time: now } },
          ];
        },
      );
      request.log.debug({ userId: claims.userId }, 'socket subscribed');
    });

    /*
     * The operators' socket (the console): the token is an operator session's (server/operators), the
     * messages are the operator events (a review, a withdrawal, the payout worker, maintenance). Open during
     * maintenance like the rest of the operator API; closed when its session ends or expires, or its
     * operator is taken off the list: at once by the bus's news, else by the periodic check (OperatorSockets).
     */
    app.get(
      OPERATOR_SOCKET_PATH,
      { websocket: true, config: { operator: true, ownAuth: true } },
      async (socket, request) => {
        const session = await handshake(
          deps,
          sessions,
          socket,
          options,
          () => undefined,
          async (token) => {
            const authenticated = await authenticateOperator(deps, token);
            if (!authenticated) throw new UnauthorizedError('invalidAdminToken');
            return authenticated;
          },
        );
        if (!session) return;
        operatorSockets.add(socket, session.sessionId);
        // Like the user's socket: the state the console shows live first, then the events.
        await subscribeAfterSnapshot<OperatorSocketMessage>(
          socket,
          request,
          (deliver) => [deps.bus.subscribeOperators(deliver)],
          async () => {
            const [maintenance, worker] = await Promise.all([getMaintenance(deps.db), payoutWorkerState(deps)]);
            return [
              { event: 'maintenance:state', data: { enabled: maintenance.enabled } },
              { event: 'payouts:state', data: worker.payouts },
            ];
          },
        );
        request.log.debug({ operator: session.actor.telegram_id }, 'operator socket subscribed');
      },
    );

    // One read of each interval's live candle per tick for all of this process's candles sockets.
    const candleFor = liveCandleReader(deps.db);

    /*
     * The candles socket: after the token, every text message is an interval (normalised: anything but
     * 5m, 30m, 1h, 4h, 1d is 5m). It is answered at once with the live candle of that interval, and then
     * on every tick (the global price_update) with the candle of the tick's bucket; a new interval
     * switches the socket. Sends go out one after another, in the order they were asked for.
     */
    app.get(SOCKET_PATHS.candles, { websocket: true }, async (socket, request) => {
      let interval: CandleInterval | null = null;
      let ready = false;
      let chain: Promise<void> = Promise.resolve();
      const sendCandle = (wanted: CandleInterval, read: () => Promise<Candle | null>) => {
        chain = chain
          .then(async () => {
            const candle = await read();
            // A switch while reading: the candle of the old interval is no longer wanted.
            if (candle && interval === wanted)
              send(socket, { event: 'current_candle', data: { interval: wanted, candle } });
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'live candle read failed'));
      };
      const answerNow = () => {
        const wanted = interval;
        if (wanted) sendCandle(wanted, () => liveCandle(deps.db, wanted, unixNow()));
      };

      const claims = await handshake(
        deps,
        sessions,
        socket,
        options,
        (text) => {
          interval = normalizeCandleInterval(text);
          if (ready) answerNow();
        },
        userToken,
      );
      if (!claims) return;
      const unsubscribe = deps.bus.subscribeGlobal((message) => {
        const wanted = interval;
        if (message.event !== 'price_update' || !wanted) return;
        sendCandle(wanted, () => candleFor(wanted, message.data));
      });
      socket.on('close', unsubscribe);
      ready = true;
      // An interval sent with the token: its answer is read now that ticks are heard too.
      answerNow();
      request.log.debug({ userId: claims.userId }, 'candle socket subscribed');
    });
  };
}
