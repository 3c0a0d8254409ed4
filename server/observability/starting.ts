/**
 * The port while the start waits for the database (server/start.ts, DATABASE_START_TIMEOUT_SECONDS;
 * docs/operations.md "Health and metrics"): the probes answer as the app's do — /healthz 200 (the process
 * is alive: a supervisor has no reason to restart it), /readyz 503 with the start's phase (`database` until
 * Postgres answers, `starting` while migrations run and the app is built), /metrics as configured — and
 * every other request 503 {msg} with Retry-After, so nothing (the sandbox's launcher either) is served
 * before the app is. Only opened when the first connection fails: a start whose database answers never
 * has it. The app takes the port over once it is built (this listener closes, the app's opens).
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Queryable } from '../db/index';
import { DatabaseUnavailableError } from '../db/faults';
import { registerDraining } from '../http/draining';
import { ServiceUnavailableError } from '../lib/errors';
import type { Unready } from './health';
import type { Metrics } from './metrics';
import { observabilityRoutes } from './routes';

export interface StartingServer {
  log: FastifyInstance['log'];
  /** The port it listens on: the app listens on the same one (PORT=0 picked it). */
  port: number;
  address: string;
  close(): Promise<void>;
}

/** The probes never ask the database here: the phase answers for it. */
const notConnected: Queryable = {
  query: () => Promise.reject(new DatabaseUnavailableError(new Error('not connected yet'))),
  exec: () => Promise.reject(new DatabaseUnavailableError(new Error('not connected yet'))),
};

export async function listenWhileStarting(options: {
  config: Pick<Config, 'port' | 'host' | 'mode' | 'metricsToken' | 'logLevel'>;
  metrics: Metrics;
  phase: () => Unready;
  /** The app's error handler (server/app.ts): the same answers, `{msg, code}`, as the app's. */
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}): Promise<StartingServer> {
  const { config } = options;
  const app = Fastify({ logger: { level: config.logLevel } });
  app.setErrorHandler(options.errorHandler);
  registerDraining(app);
  await app.register(
    observabilityRoutes({ config, db: notConnected, metrics: options.metrics, startPhase: options.phase }),
  );
  app.setNotFoundHandler(async (_request, reply) => {
    reply.header('retry-after', '5');
    throw new ServiceUnavailableError();
  });
  const address = await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  return {
    log: app.log,
    port: typeof bound === 'object' && bound ? bound.port : config.port,
    address,
    close: () => app.close(),
  };
}
