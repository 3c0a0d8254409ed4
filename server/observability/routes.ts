/**
 * GET /healthz, /readyz and /metrics (docs/operations.md "Health and metrics"): outside /api, so the
 * maintenance gate (which decides by the matched route's area, server/http/paths.ts) and the community
 * gate (authenticated calls only) never answer for them, and routes of their own, so the SPA fallback
 * (the not-found handler) never does either. They carry no contract call, so the per-address rate
 * limits do not count them: a balancer's probes never use up a limit. Their `probe` flag keeps them
 * answering while the process drains, and under load shedding.
 *
 * /metrics: open in the sandbox; in production it needs METRICS_TOKEN as a bearer token (401 without it or
 * with another), and without METRICS_TOKEN it is off (404 as for any unknown path, in the `{msg}` shape).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorBody, SERVER_MESSAGES } from '@contract';
import type { Config } from '../config';
import type { Queryable } from '../db/index';
import { bearerToken } from '../http/auth-context';
import { refuse } from '../http/refusals';
import { BUILD_INFO } from '../lib/build-info';
import { UnauthorizedError } from '../lib/errors';
import { secretMatcher } from '../lib/secret';
import { type Unready, readiness } from './health';
import type { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler of load shedding (its types leave it out). */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void> | void;
  }
}

export interface ObservabilityOptions {
  config: Pick<Config, 'mode' | 'metricsToken'>;
  db: Queryable;
  metrics: Metrics;
  /** Overrides READY_DB_TIMEOUT_MS (tests). */
  readyTimeoutMs?: number;
  /** Before the app serves (server/start.ts): why it is not ready yet, without asking the database. */
  startPhase?: () => Unready | null;
}

/** Bearer METRICS_TOKEN (lib/secret.ts compares it). */
function metricsAccess(config: ObservabilityOptions['config']) {
  if (config.mode === 'sandbox') return async () => 'open' as const;
  if (!config.metricsToken) return async () => 'off' as const;
  const isMetricsToken = secretMatcher(config.metricsToken);
  return async (request: FastifyRequest) => {
    if (!isMetricsToken(bearerToken(request))) throw new UnauthorizedError();
    return 'open' as const;
  };
}

export function observabilityRoutes(options: ObservabilityOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const ready = readiness({
      db: options.db,
      mode: options.config.mode,
      isDraining: () => app.isDraining,
      ...(options.startPhase ? { startPhase: options.startPhase } : {}),
      ...(options.readyTimeoutMs !== undefined ? { timeoutMs: options.readyTimeoutMs } : {}),
    });
    const access = metricsAccess(options.config);
    // Liveness and metrics go on under load shedding: a busy process is alive, and its metrics say why it
    // sheds. Readiness turns unready instead, so a balancer sends elsewhere.
    const passUnderPressure = () => undefined;
    // An unready answer is for the balancer, and its reason is logged where it arises: a refusal, no error.
    const unreadyUnderPressure = async (_request: FastifyRequest, reply: FastifyReply) => {
      await refuse(reply, 'unready')
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unready', reason: 'overloaded' });
    };

    app.get('/healthz', { config: { probe: true, pressureHandler: passUnderPressure } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', draining: app.isDraining, version: BUILD_INFO.version }),
    );

    app.get('/readyz', { config: { probe: true, pressureHandler: unreadyUnderPressure } }, async (_request, reply) => {
      const reason = await ready();
      reply.header('cache-control', 'no-store');
      if (reason) return refuse(reply, 'unready').code(503).send({ status: 'unready', reason });
      return reply.send({ status: 'ready' });
    });

    app.get('/metrics', { config: { probe: true, pressureHandler: passUnderPressure } }, async (request, reply) => {
      // Only the exact path (the router's ignoreTrailingSlash would also serve `/metrics/`): the one path the
      // proxies block (docs/deploy.md step 5) is the one path that answers.
      if (request.url.split('?')[0] !== '/metrics' || (await access(request)) === 'off') {
        return reply.code(404).send({ msg: SERVER_MESSAGES.notFound, code: 'notFound' } satisfies ErrorBody);
      }
      const { contentType, text } = await options.metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(text);
    });
  };
}
