/**
 * Graceful shutdown, the HTTP side (docs/operations.md "Shutdown"): once draining starts, every new request is
 * answered 503 {msg} (Fastify's own 503 while closing has another body) and every answer carries
 * `Connection: close`, so keep-alive clients and load balancers move to another process before this one
 * stops listening. Requests already running finish as usual. Those 503s are a refusal (./refusals.ts), no
 * error: logged as debug lines, counted in http_refusals_total{reason="draining"}.
 *
 * The listener closes only once requests have stopped arriving (`quiet`): closing it also cuts the
 * keep-alive connections Node counts as idle, and one whose next request is still unread in the socket
 * (the event loop busy) would be reset under the client instead of answered 503. So the wait is for a
 * quiet spell measured after pending input was read, not a fixed time.
 */
import type { FastifyInstance } from 'fastify';
import { type ErrorBody, SERVER_MESSAGES } from '@contract';
import { refuse } from './refusals';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A probe of the process (/healthz, /readyz, /metrics: server/observability): answered by its route
     * while draining too, so /readyz can say `draining` (a balancer stops sending before the listener
     * closes) and /healthz that the process still runs.
     */
    probe?: boolean;
  }
  interface FastifyInstance {
    /** Starts draining (start.ts, on SIGTERM/SIGINT); idempotent. */
    startDraining(): void;
    readonly isDraining: boolean;
    /**
     * Resolves once no request has arrived for `quietMs` (checked after the event loop has read pending
     * input), or after `maxMs` whatever arrives.
     */
    drained(quietMs: number, maxMs: number): Promise<void>;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Lets the poll phase run: input that arrived while the loop was busy is read before the next check. */
const afterPendingInput = () => new Promise((resolve) => setImmediate(resolve));

export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  let lastArrival = performance.now();
  app.decorate('startDraining', () => {
    // One line for the whole drain: its refusals are the server's choice, debug lines each (./request-logs.ts).
    if (!draining) app.log.info('draining: new requests are refused 503 until the process exits');
    draining = true;
  });
  app.decorate('isDraining', {
    getter: () => draining,
  });
  app.decorate('drained', async (quietMs: number, maxMs: number) => {
    const deadline = performance.now() + maxMs;
    for (;;) {
      const quietFor = performance.now() - lastArrival;
      if (quietFor < quietMs) {
        await sleep(Math.min(quietMs - quietFor, Math.max(0, deadline - performance.now())));
      }
      await afterPendingInput();
      await afterPendingInput();
      if (performance.now() - lastArrival >= quietMs || performance.now() >= deadline) return;
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    // A probe is answered by its route, and is no client's request: a balancer probing every 100 ms
    // must not keep the quiet spell from ever starting.
    if (request.routeOptions.config.probe) return;
    lastArrival = performance.now();
    if (!draining) return;
    await refuse(reply, 'draining')
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' } satisfies ErrorBody);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
