/**
 * What stands between the internet and the routes, each one the field's Fastify plugin:
 * - security headers (helmet): a CSP for the app, a narrower one for the operator console's page (it talks
 *   to its own server only), frame-ancestors for Telegram's web clients;
 * - load shedding (@fastify/under-pressure): 503 {msg} while the event loop lags or the heap is nearly full;
 * - rate limits (@fastify/rate-limit) on sign-in, refresh, every money-moving call, wallet proofs and share
 *   messages, per address and per user, on the operator API per address, and on the bot webhook's wrong
 *   secrets per address (its route counts them: `limitWrongWebhookSecret`), 429 {msg} with Retry-After.
 *   The counters are in the database (./rate-limit-store.ts), so every process on it counts together: N
 *   processes allow the limit, not N×.
 * No CORS anywhere but the TON Connect manifest and its icon, which wallets fetch from their own origins.
 * Every decision here is the matched route's (its `config`), never the raw URL's (server/http/paths.ts).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { type CallName, type ErrorBody, SERVER_MESSAGES } from '@contract';
import type { Config } from '../config';
import type { Queryable } from '../db/index';
import { TooManyRequestsError } from '../lib/errors';
import { databaseRateLimitStore } from './rate-limit-store';
import { refuse } from './refusals';

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
/** A wallet proof: its check may cost a node call (get_public_key). Limited per user and per address. */
export const TON_PROOF_CALLS: ReadonlySet<CallName> = new Set(['tonProofCheck']);
/** A share message: each one costs a Bot API call (savePreparedInlineMessage). Limited per user and per address. */
export const SHARE_MESSAGE_CALLS: ReadonlySet<CallName> = new Set(['shareMessage']);

/**
 * The address a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 one, ::ffff:a.b.c.d,
 * is that IPv4 address), an IPv6 address by its /64: one host is given a whole /64 and can rotate through
 * it, so counting full addresses would let it multiply any limit at will.
 */
export const addressKey = (ip: string): string => normalizeIP(ip, 64);

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
     * A sandbox development page with inline scripts (the launcher, the host frame, the phone wallet's
     * page): sent with a CSP of its own (server/sandbox/pages.ts) instead of the app's — in sandbox mode
     * only; in production the flag is ignored (and the routes do not exist).
     */
    ownCsp?: boolean;
  }
}

/** The text of each inline `<script>` (one without `src`) in an HTML page: what its hash is taken of. */
export function inlineScriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '');
}

/** 'sha256-…' of an inline script's text, for script-src. */
export const scriptHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The app's CSP. Scripts: the app's own files and the inline scripts of the served pages (the runtime
 * config the server writes, what the build inlined), by their hashes, nothing else. Connections: the app's origin and any https/wss host, because the
 * TON Connect bridges, the wallet list (config.ton.org) and the TON node are third parties chosen by that
 * list and by TON_PUBLIC_NODE_URL; inline event handlers none but the empty one Telegram's script sets; images likewise (wallet icons come from each wallet's own host). Styles
 * inline too (the wallet modal writes its own <style>). Framed only by this origin and Telegram's web clients.
 */
export function contentSecurityPolicy(inlineScripts: () => readonly string[]) {
  // Asked only when the headers are recorded: when the list changes (registerProtection below).
  const inlineScriptHashes = () => inlineScripts().map(scriptHash).join(' ');
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", inlineScriptHashes],
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

/**
 * The operator console's CSP (its page, /operator/): the app's, but it talks to its own server only. Its
 * calls and its socket are same-origin, and CSP Level 3's 'self' covers ws:/wss: on the page's own host, so
 * connections go to 'self' alone (no TON Connect, no node: the console has no wallet). Images are its own,
 * a review's photo (a blob: URL of bytes it fetched) and data: URLs, never another host's: a page that
 * holds an operator's token can neither send it away nor leak what it shows through an image's address.
 */
export function consoleContentSecurityPolicy(inlineScripts: () => readonly string[]) {
  const app = contentSecurityPolicy(inlineScripts);
  return {
    ...app,
    directives: { ...app.directives, 'connect-src': ["'self'"], 'img-src': ["'self'", 'blob:', 'data:'] },
  };
}

export interface ProtectionHooks {
  /** Root onRequest hook: the per-address limits (before any authentication work, the admin token's too). */
  limitByAddress(request: FastifyRequest): Promise<void>;
  /** After the bearer check: the per-user limits (money calls, wallet proofs, share messages). */
  limitByUser(request: FastifyRequest): Promise<void>;
  /**
   * A call to the bot's webhook whose secret header is wrong or missing (server/telegram/routes.ts), counted
   * per address: past the limit it throws 429. Only refused calls come here, so Telegram's deliveries (the
   * right secret) are never counted nor limited, however many a guesser sends from elsewhere.
   */
  limitWrongWebhookSecret(request: FastifyRequest): Promise<void>;
  /**
   * Gives an answer the console page's headers (its own CSP): called by whatever sends the console's
   * page (server/web/routes.ts spaIndexSender), which is where the page is chosen, by any path that serves it.
   */
  consolePageHeaders(reply: FastifyReply): void;
}

export async function registerProtection(
  app: FastifyInstance,
  config: Config,
  options: {
    /** The inline scripts the served pages carry, allowed by their hashes (the same list while unchanged). */
    inlineScripts: () => readonly string[];
    db: Queryable;
    /** Told of every call a limit refused, by the limit's name and what it counts (the metrics). */
    onRefused?: ((limit: string, per: 'address' | 'user') => void) | undefined;
  },
): Promise<ProtectionHooks> {
  const { faults } = config;
  // Built once: the headers are the same for every answer but the CSP's hashes, a function of the served
  // pages (no nonces). (@fastify/helmet built this middleware again on every request, CSP parsing and all.)
  // The console's page gets the same headers with its own, narrower, CSP.
  const securityHeadersWith = (csp: ReturnType<typeof contentSecurityPolicy>) =>
    helmet({
      contentSecurityPolicy: csp,
      // Telegram's web clients frame the app from another origin: frame-ancestors decides, not X-Frame-Options.
      frameguard: false,
      // Wallets open in new windows and hand the user back by link; nothing relies on window.opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // HSTS only where the app is served over https (production).
      strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 15_552_000 } : false,
    });
  const securityHeaders = securityHeadersWith(contentSecurityPolicy(options.inlineScripts));
  const consoleSecurityHeaders = securityHeadersWith(consoleContentSecurityPolicy(options.inlineScripts));
  // And run once per CSP: what it sets is recorded and replayed on every answer, again only when the
  // served pages' inline scripts change (running it per answer, which validates the CSP's directives
  // each time, was the largest cost of an answer's own hooks).
  let recorded: { scripts: readonly string[]; headers: SecurityHeaders; console: SecurityHeaders } | null = null;
  const recordedNow = () => {
    const scripts = options.inlineScripts();
    if (recorded?.scripts !== scripts) {
      recorded = { scripts, headers: recordHeaders(securityHeaders), console: recordHeaders(consoleSecurityHeaders) };
    }
    return recorded;
  };
  const headersNow = (): SecurityHeaders => recordedNow().headers;
  const sandbox = config.mode === 'sandbox';
  // The matched route's flags are known here (a not-found answer has none of them, so it keeps every header).
  app.addHook('onRequest', (request, reply, done) => {
    const { set, removed } = headersNow();
    const raw = reply.raw;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of set) raw.setHeader(name, value);
    const route = request.routeOptions.config;
    if (route.crossOrigin) {
      // Web wallets fetch the manifest and show its icon from their own origin.
      raw.setHeader('access-control-allow-origin', '*');
      raw.setHeader('cross-origin-resource-policy', 'cross-origin');
    } else if (sandbox && route.ownCsp) {
      // The sandbox's own pages (launcher, host frame, phone wallet) set their own, for their inline scripts.
      raw.removeHeader('content-security-policy');
    }
    done();
  });

  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: faults.loadMaxEventLoopDelayMs,
    maxHeapUsedBytes: faults.loadMaxHeapUsedBytes,
    retryAfter: 10,
    // Shed load is a refusal (./refusals.ts): a warning a window in the logs, not an error line a request.
    pressureHandler: async (_request, reply) => {
      await refuse(reply, 'overloaded')
        .code(503)
        .header('retry-after', '10')
        .send({ msg: SERVER_MESSAGES.unavailable, code: 'unavailable' } satisfies ErrorBody);
    },
  });

  // Every process on the database counts in the same rows. Sign-in too: it writes to the database
  // anyway (a user, a session), so one more statement costs little, and a limit that holds across
  // processes is what bounds the replay of a captured init_data.
  const counters = databaseRateLimitStore(options.db, {
    onPurgeError: (error) => app.log.warn({ err: error }, 'rate limit counters purge failed'),
  });
  app.addHook('onClose', () => counters.idle());
  await app.register(fastifyRateLimit, { global: false, store: counters.Store });
  const window = { timeWindow: faults.rateLimitWindowMs };
  const byAddress = (request: FastifyRequest) => `ip:${addressKey(request.ip)}`;
  const byUser = (request: FastifyRequest) => `user:${request.auth?.userId}`;
  interface Limiter {
    name: string;
    per: 'address' | 'user';
    counter: ReturnType<typeof app.createRateLimit>;
  }
  const limiter = (name: string, max: number, per: Limiter['per']): Limiter => {
    const key = per === 'address' ? byAddress : byUser;
    const counter = app.createRateLimit({ ...window, max, keyGenerator: (request) => `${name}:${key(request)}` });
    return { name, per, counter };
  };
  const perAddress = new Map<CallName, Limiter>();
  const perUser = new Map<CallName, Limiter>();
  const limit = (name: string, calls: ReadonlySet<CallName>, max: { perAddress: number; perUser?: number }) => {
    const address = limiter(name, max.perAddress, 'address');
    const user = max.perUser === undefined ? null : limiter(name, max.perUser, 'user');
    for (const call of calls) {
      perAddress.set(call, address);
      if (user) perUser.set(call, user);
    }
  };
  // Sign-in and refresh have no verified user yet: per address only.
  limit('sign-in', SIGN_IN_CALLS, { perAddress: faults.rateLimitSignInPerIp });
  limit('money', MONEY_CALLS, { perAddress: faults.rateLimitMoneyPerIp, perUser: faults.rateLimitMoneyPerUser });
  limit('ton-proof', TON_PROOF_CALLS, {
    perAddress: faults.rateLimitTonProofPerIp,
    perUser: faults.rateLimitTonProofPerUser,
  });
  limit('share-message', SHARE_MESSAGE_CALLS, {
    perAddress: faults.rateLimitShareMessagePerIp,
    perUser: faults.rateLimitShareMessagePerUser,
  });
  const operatorByAddress = limiter('operator', faults.rateLimitAdminPerIp, 'address');
  const wrongWebhookSecret = limiter('webhook-secret', faults.rateLimitWebhookWrongSecretPerIp, 'address');
  const check = async (counted: Limiter | undefined, request: FastifyRequest) => {
    if (!counted) return;
    const result = await counted.counter(request);
    if (!result.isAllowed && result.isExceeded) {
      options.onRefused?.(counted.name, counted.per);
      throw new TooManyRequestsError(result.ttlInSeconds);
    }
  };

  return {
    consolePageHeaders(reply) {
      // Over the app's, set by the onRequest hook above: the same names, the console's CSP.
      for (const [name, value] of recordedNow().console.set) reply.raw.setHeader(name, value);
    },
    async limitByAddress(request) {
      const { call, operator } = request.routeOptions.config;
      // Before the admin token is checked: a stranger's calls are refused (and not audited) at this rate at most.
      if (operator) return check(operatorByAddress, request);
      if (call) await check(perAddress.get(call), request);
    },
    async limitByUser(request) {
      const call = request.routeOptions.config.call;
      if (call && request.auth) await check(perUser.get(call), request);
    },
    limitWrongWebhookSecret: (request) => check(wrongWebhookSecret, request),
  };
}

type HeaderValue = string | number | readonly string[];

/** What a helmet middleware does to an answer's headers, in its order. */
export interface SecurityHeaders {
  set: ReadonlyArray<readonly [name: string, value: HeaderValue]>;
  removed: readonly string[];
}

/**
 * Runs a helmet middleware against a recording response: helmet only sets and removes headers (it reads
 * nothing of the request and calls `next` at once, with its error if a header cannot be built).
 */
export function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): SecurityHeaders {
  const set: Array<readonly [string, HeaderValue]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: HeaderValue) {
      set.push([name.toLowerCase(), value]);
    },
    removeHeader(name: string) {
      removed.push(name.toLowerCase());
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish at once');
  return { set, removed };
}
