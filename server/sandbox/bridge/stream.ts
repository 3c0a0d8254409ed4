/**
 * One open SSE stream of the bridge (GET /bridge/events): the messages of its client ids as they arrive,
 * and a heartbeat. It reads the database when the bus says one of its ids has news and on every heartbeat
 * too, so a notification this process missed (its listener reconnecting) only delays delivery.
 */
import type { ServerResponse } from 'node:http';
import type { Deps } from '../../deps';
import { type BridgeEvent, bridgeReader } from './service';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  // nginx and the like would otherwise hold the stream back in their buffers.
  'x-accel-buffering': 'no',
} as const;

const HEARTBEAT_FRAME = 'event: heartbeat\ndata: heartbeat\n\n';
const frameOf = (event: BridgeEvent) => `id: ${event.id}\ndata: ${JSON.stringify(event.data)}\n\n`;

export interface BridgeStream {
  /** Ends the response and stops listening (the client left, or the app closes); idempotent. */
  close(): void;
  /** Resolves once closed. */
  readonly closed: Promise<void>;
}

export interface BridgeStreamOptions {
  clientIds: string[];
  lastEventId: string | undefined;
  heartbeatMs: number;
  /** A failed read: logged; the next notification or heartbeat reads again. */
  onError(error: unknown): void;
}

/** Starts streaming on a response whose headers the caller has written. */
export function openBridgeStream(
  deps: Pick<Deps, 'db' | 'bus'>,
  response: ServerResponse,
  options: BridgeStreamOptions,
): BridgeStream {
  const reader = bridgeReader(deps, options.clientIds, options.lastEventId);
  const mine = new Set(options.clientIds);
  let isClosed = false;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  // One read at a time; news arriving during a read asks for one more after it.
  let reading = false;
  let again = false;
  const pump = (): void => {
    if (isClosed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    again = false;
    void (async () => {
      try {
        const events = await reader.read();
        if (isClosed || events.length === 0) return;
        response.write(events.map(frameOf).join(''));
        await reader.written(events);
      } catch (error) {
        if (!isClosed) options.onError(error);
      } finally {
        reading = false;
        if (again) pump();
      }
    })();
  };

  const unsubscribe = deps.bus.subscribeBridge((clientIds) => {
    if (clientIds.some((id) => mine.has(id))) pump();
  });
  const heartbeat = setInterval(() => {
    if (isClosed) return;
    response.write(HEARTBEAT_FRAME);
    pump();
  }, options.heartbeatMs);
  heartbeat.unref();

  const close = () => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (!response.writableEnded) response.end();
    resolveClosed();
  };
  // The response's 'close': the client went away, or the response ended.
  response.on('close', close);
  // A write to a connection that just broke: the stream is over, not the process.
  response.on('error', close);
  pump();
  return { close, closed };
}
