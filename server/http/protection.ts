/**
 * What stands between the internet and the routes (issue #15), each one the field's Fastify plugin:
 * - security headers (@fastify/helmet): a CSP for the app, frame-ancestors for Telegram's web clients;
 * - load shedding (@fastify/under-pressure): 503 {msg} while the event loop lags or the heap is nearly full;
 * - rate limits (@fastify/rate-limit) on sign-in, refresh and every money-moving call, per address and
 *   per user, and on the operator API per address, 429 {msg} with Retry-After. The counters live in each
 *   process's memory: N processes behind one balancer allow up to N× the limit (README "Limits").
 * No CORS anywhere but the TON Connect manifest and its icon, which wallets fetch from their own origins.
 * Every decision here is the matched route's (its `config`), never the raw URL's (server/http/paths.ts).
 */
import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CallName, type ErrorBody, SERVER_MESSAGES } from '@/shared/api/contract';
import type { Config } from '../config';
import { TooManyRequestsError } from '../lib/errors';

/** Sign-in and refresh: limited per address (there is no verified user yet). */
export const SIGN_IN_CALLS: ReadonlySet<CallName> = new Set(['register', 'refresh']);
/** Every call that moves money or grants a reward: limited per user and per address. */
export const MONEY_CALLS: ReadonlySet<CallName> = new Set([
  'mintCreate',
  'mintCancel',
  'stakeCreate',
  'farmingCreate',
  'farmingCancel',
  'farmingActivate',
  'withdrawCreate',
  'referralTransfer',
  'taskClaim',
  'taskValidate',
]);

/** Telegram's web clients, which frame the Mini App (CSP frame-ancestors). */
export const TELEGRAM_WEB_ORIGINS = [
  'https://web.telegram.org',
  'https://webk.telegram.org',
  'https://webz.telegram.org',
  'https://webapp.telegram.org',
] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Wallets fetch it from their own origin (the TON Connect manifest, its old address, the icons it
     * names): answered with `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`.
     */
    crossOrigin?: boolean;
    /**
     * A sandbox development page with inline scripts (the launcher, the host frame): sent without the
     * app's CSP — in sandbox mode only; in production the flag is ignored (and the routes do not exist).
     */
    withoutCsp?: boolean;
  }
}

/** 'sha256-…' of an inline script's text, for script-src. */
export const scriptHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The app's CSP. Scripts: the app's own files and the one inline script the server writes (the runtime
 * config, by its hash), nothing else. Connections: the app's origin and any https/wss host, because the
 * TON Connect bridges, the wallet list (config.ton.org) and the TON node are third parties chosen by that
 * list and by TON_NODE_URL; inline event handlers none but the empty one Telegram's script sets; images likewise (wallet icons come from each wallet's own host). Styles
 * inline too (the wallet modal writes its own <style>). Framed only by this origin and Telegram's web clients.
 */
export function contentSecurityPolicy(inlineScriptHashes: readonly string[]) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...inlineScriptHashes],
      // Telegram's web-app script sets <body ontouchstart=""> (an iOS :active trick): the empty handler only.
      'script-src-attr': ["'unsafe-hashes'", scriptHash('')],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https:', 'wss:'],
      'frame-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
      'manifest-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'", ...TELEGRAM_WEB_ORIGINS],
    },
  };
}

export interface ProtectionHooks {
  /** Root onRequest hook: the per-address limits (before any authentication work, the admin token's too). */
  limitByAddress(request: FastifyRequest): Promise<void>;
  /** After the bearer check: the per-user limit of money calls. */
  limitByUser(request: FastifyRequest): Promise<void>;
}

export async function registerProtection(
  app: FastifyInstance,
  config: Config,
  options: { inlineScriptHashes: readonly string[] },
): Promise<ProtectionHooks> {
  const { faults } = config;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(options.inlineScriptHashes),
    // Telegram's web clients frame the app from another origin: frame-ancestors decides, not X-Frame-Options.
    frameguard: false,
    // Wallets open in new windows and hand the user back by link; nothing relies on window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS only where the app is served over https (production).
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 15_552_000 } : false,
  });
  const sandbox = config.mode === 'sandbox';
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route that answers (a not-found answer has none of these flags, so it keeps every header).
    const route = request.routeOptions.config;
    if (route.crossOrigin) {
      // Web wallets fetch the manifest and show its icon from their own origin.
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    } else if (sandbox && route.withoutCsp) {
      // The sandbox's own pages (launcher, host frame) are development tools with inline scripts.
      reply.raw.removeHeader('content-security-policy');
    }
  });

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: faults.loadMaxEventLoopDelayMs,
    maxHeapUsedBytes: faults.loadMaxHeapUsedBytes,
    retryAfter: 10,
    pressureHandler: async (_request, reply) => {
      await reply.code(503).header('retry-after', '10').send({ msg: SERVER_MESSAGES.unavailable } satisfies ErrorBody);
    },
  });

  await app.register(fastifyRateLimit, { global: false, cache: 10_000 });
  const window = { timeWindow: faults.rateLimitWindowMs };
  const signInByAddress = app.createRateLimit({ ...window, max: faults.rateLimitSignInPerIp, keyGenerator: (r) => r.ip });
  const moneyByAddress = app.createRateLimit({ ...window, max: faults.rateLimitMoneyPerIp, keyGenerator: (r) => r.ip });
  // Before the admin token is checked: a stranger's calls are refused (and not audited) at this rate at most.
  const operatorByAddress = app.createRateLimit({ ...window, max: faults.rateLimitAdminPerIp, keyGenerator: (r) => r.ip });
  const moneyByUser = app.createRateLimit({
    ...window,
    max: faults.rateLimitMoneyPerUser,
    keyGenerator: (r) => String(r.auth?.userId),
  });
  const check = async (limiter: typeof moneyByUser, request: FastifyRequest) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) throw new TooManyRequestsError(result.ttlInSeconds);
  };

  return {
    async limitByAddress(request) {
      const { call, operator } = request.routeOptions.config;
      if (operator) return check(operatorByAddress, request);
      if (!call) return;
      if (SIGN_IN_CALLS.has(call)) await check(signInByAddress, request);
      else if (MONEY_CALLS.has(call)) await check(moneyByAddress, request);
    },
    async limitByUser(request) {
      const call = request.routeOptions.config.call;
      if (call && MONEY_CALLS.has(call) && request.auth) await check(moneyByUser, request);
    },
  };
}
