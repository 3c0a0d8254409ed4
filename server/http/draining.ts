/**
 * Graceful shutdown, the HTTP side (README "Shutdown"): once draining starts, every new request is
 * answered 503 {msg} (Fastify's own 503 while closing has another body) and every answer carries
 * `Connection: close`, so keep-alive clients and load balancers move to another process before this one
 * stops listening. Requests already running finish as usual.
 */
import type { FastifyInstance } from 'fastify';
import { type ErrorBody, SERVER_MESSAGES } from '@/shared/api/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts draining (start.ts, on SIGTERM/SIGINT); idempotent. */
    startDraining(): void;
    readonly isDraining: boolean;
  }
}

export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.decorate('isDraining', {
    getter: () => draining,
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    await reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ msg: SERVER_MESSAGES.unavailable } satisfies ErrorBody);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
