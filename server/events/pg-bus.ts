/**
 * The event bus across server processes on one Postgres (docs/foundations.md §7): LISTEN/NOTIFY.
 *
 * - Publishing is `pg_notify('app_events', <envelope>)`: inside the transaction that caused the event
 *   (`notifyWithin`, used by inTransaction: Postgres delivers it on commit and never for a rollback),
 *   or on the pool for an event that is not part of a transaction.
 * - Every process, the publisher included, delivers to its local sockets only what its listener hears,
 *   so a message reaches each socket once, in the order the transactions committed.
 * - An envelope over NOTIFY's limit (8000 bytes) travels by reference: the message is a row of
 *   `event_payloads` written in the same transaction, the notification carries its id, and listeners
 *   read it (it is visible once the notification is). Rows older than PAYLOAD_KEEP_MS are purged.
 * - The listener is a dedicated `pg.Client` (not a pool client: LISTEN belongs to one session, and
 *   PgBouncer in transaction mode cannot carry it). When its connection ends it reconnects with backoff
 *   and LISTENs again; events sent meanwhile are lost to this process, so every local socket is then
 *   sent `resync` and its client refetches what it shows (and revoked sessions missed meanwhile are
 *   read from the database by server/auth's periodic sweep).
 * - Besides socket messages it carries revoked sessions and the sandbox bridge's recipients, which every
 *   process, the publisher included, learns when its listener hears them too.
 */
import pg from 'pg';
import type { OperatorSocketMessage, SocketMessage } from '@contract';
import type { Queryable } from '../db/index';
import { type BusEvent, type EventBus, createInProcessBus } from './bus';
import { eventPayloadBody, insertEventPayload, notifyChannel, purgeEventPayloads } from './queries';

export const EVENTS_CHANNEL = 'app_events';
/** Shown in pg_stat_activity: the listening session of each process. */
export const LISTENER_APPLICATION_NAME = 'app-events-listener';
/** NOTIFY refuses payloads of 8000 bytes or more; longer envelopes go by reference. */
export const NOTIFY_MAX_BYTES = 7900;
const PAYLOAD_KEEP_MS = 10 * 60_000;
const PURGE_EVERY_MS = 60_000;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * What travels: a message for one user (`u`) or for everyone (`u` null), revoked sessions (`s`), a message
 * for the operators (`o`), the sandbox bridge's recipients (`b`); or a reference to one of those (`r`).
 */
type Carried =
  { u: number | null; m: SocketMessage } | { s: string[] } | { o: OperatorSocketMessage } | { b: string[] };
type Envelope = Carried | { r: string };

const carried = (event: BusEvent): Carried => {
  if ('revokedSessions' in event) return { s: event.revokedSessions };
  if ('operators' in event) return { o: event.operators };
  if ('bridge' in event) return { b: event.bridge };
  return { u: event.userId, m: event.message };
};

export interface PgEventBus extends EventBus {
  /** NOTIFYs these events inside the caller's transaction: delivered on commit. */
  notifyWithin(q: Queryable, events: ReadonlyArray<BusEvent>): Promise<void>;
  /** Resolves once the listener is LISTENing (the first time). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface PgEventBusOptions {
  connectionString: string;
  /** The pool the app uses, for events outside transactions and payload reads. */
  db: Queryable;
  onError(error: unknown, context: string): void;
  /** Called after the listener came back from a lost connection (and resync was sent). */
  onReconnected?(): void;
}

export function createPgEventBus(options: PgEventBusOptions): PgEventBus {
  const local = createInProcessBus();
  let client: pg.Client | null = null;
  let closed = false;
  let everConnected = false;
  let backoff = RECONNECT_FIRST_MS;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const deliver = (envelope: Carried) => {
    if ('s' in envelope) local.publishSessionsRevoked(envelope.s);
    else if ('o' in envelope) local.publishToOperators(envelope.o);
    else if ('b' in envelope) local.publishBridge(envelope.b);
    else if (envelope.u === null) local.publishGlobal(envelope.m);
    else local.publishToUser(envelope.u, envelope.m);
  };

  const onNotification = (notification: pg.Notification) => {
    if (notification.channel !== EVENTS_CHANNEL || !notification.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(notification.payload) as Envelope;
    } catch (error) {
      options.onError(error, 'unreadable event notification');
      return;
    }
    if ('r' in envelope) {
      eventPayloadBody(options.db, envelope.r)
        .then((body) => {
          if (body === undefined) throw new Error(`event payload ${envelope.r} is gone`);
          deliver(JSON.parse(body) as Carried);
        })
        .catch((error: unknown) => options.onError(error, 'event payload read failed'));
      return;
    }
    deliver(envelope);
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, backoff);
    reconnectTimer.unref();
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
    });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error && !closed) options.onError(error, 'event listener connection lost');
      if (client === next) client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      onLost(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    backoff = RECONNECT_FIRST_MS;
    if (everConnected) {
      // Whatever was published while this process was not listening never reached its sockets.
      local.publishGlobal({ event: 'resync', data: {} });
      options.onReconnected?.();
    }
    everConnected = true;
    resolveReady();
  };

  /** The NOTIFY statement for one event, or the row + NOTIFY of a reference when it is too long. */
  const notify = async (q: Queryable, event: BusEvent) => {
    const payload = JSON.stringify(carried(event) satisfies Envelope);
    if (Buffer.byteLength(payload, 'utf8') <= NOTIFY_MAX_BYTES) {
      await notifyChannel(q, EVENTS_CHANNEL, payload);
      return;
    }
    const id = await insertEventPayload(q, payload);
    await notifyChannel(q, EVENTS_CHANNEL, JSON.stringify({ r: String(id) } satisfies Envelope));
  };

  const publishOutside = (event: BusEvent) => {
    // Not part of a transaction (a price tick's broadcast, a job's notice): its own statement.
    notify(options.db, event).catch((error: unknown) => options.onError(error, 'event publish failed'));
  };

  const purgeTimer = setInterval(() => {
    purgeEventPayloads(options.db, PAYLOAD_KEEP_MS / 1000).catch((error: unknown) =>
      options.onError(error, 'event payload purge failed'),
    );
  }, PURGE_EVERY_MS);
  purgeTimer.unref();

  void connect();

  return {
    publishToUser: (userId, message) => publishOutside({ userId, message }),
    publishGlobal: (message) => publishOutside({ userId: null, message }),
    publishSessionsRevoked: (revokedSessions) => publishOutside({ revokedSessions }),
    publishToOperators: (operators) => publishOutside({ operators }),
    publishBridge: (bridge) => publishOutside({ bridge }),
    subscribeOperators: local.subscribeOperators,
    subscribeBridge: local.subscribeBridge,
    subscribeUser: local.subscribeUser,
    subscribeGlobal: local.subscribeGlobal,
    subscribeSessionsRevoked: local.subscribeSessionsRevoked,
    async notifyWithin(q, events) {
      for (const event of events) await notify(q, event);
    },
    ready: () => readyPromise,
    async close() {
      closed = true;
      clearInterval(purgeTimer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Whether this bus sends events through the transaction itself (Postgres) rather than after it. */
export function isPgEventBus(bus: EventBus): bus is PgEventBus {
  return typeof (bus as Partial<PgEventBus>).notifyWithin === 'function';
}
