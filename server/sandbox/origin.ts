/**
 * The sandbox takes changes only from its own pages (docs/security.md "The sandbox's pages and API").
 *
 * Its API needs no token (the launcher is a local development tool), so without this rule any page a
 * developer visits could drive their sandbox: a form or a `no-cors` fetch needs no preflight, and the
 * hot wallet's Empty, the bot's setup or a review's approval take an empty body. Only a browser can be
 * made to send such a call by another site, and a browser says where a call comes from, so:
 *
 * - a call that may change something (any method but GET, HEAD and OPTIONS) is refused, 403
 *   `crossSiteRequest`, before its body is read and before its handler runs, when
 *   - its `Origin` is present and is not the sandbox's own origin — the request's own `scheme://host`
 *     (what the browser addressed, the Vite dev server's proxy keeps it) or PUBLIC_URL's — or is `null`
 *     (a sandboxed frame, a `data:` or `file:` page); or
 *   - its `Sec-Fetch-Site` is present and is `cross-site` or `same-site` (another port or another
 *     subdomain is another origin, and may be another developer tool);
 * - a call with neither header passes: scripts, curl, the project's tests and tools (a browser sends
 *   `Origin` on every call but GET and HEAD).
 *
 * One hook covers every route the sandbox registers (sandbox/index.ts puts them all in its context):
 * the launcher's API, the dev and phone wallets' calls, the review queue, and the TON Connect bridge's
 * POST (in the sandbox both the app and the wallet page are its own pages; a real wallet's own site is
 * never its caller). A route with `sandboxCrossSite: 'handler'` decides itself: the dev chain's JSON-RPC,
 * which answers reads to any origin as toncenter does and refuses only its sending methods
 * (chain/routes.ts), since the sandbox treasury's key comes from a public seed.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { ForbiddenError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A sandbox route that answers other sites' calls and applies the cross-site rule itself
     * (server/sandbox/origin.ts): the dev chain's JSON-RPC.
     */
    sandboxCrossSite?: 'handler';
  }
}

/** Methods that change nothing by HTTP's definition: never refused. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What `Sec-Fetch-Site` says of a call from a page of another origin. */
const OTHER_SITE_FETCHES: ReadonlySet<string> = new Set(['cross-site', 'same-site']);

/** An origin as browsers write it (scheme://host[:port], default port left out); null when unreadable. */
function originOf(text: string): string | null {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** True when a browser says this call comes from a page that is not the sandbox's own (see above). */
export function isOtherSiteCall(request: FastifyRequest, publicUrl: string): boolean {
  const fetchSite = header(request, 'sec-fetch-site');
  if (fetchSite !== undefined && OTHER_SITE_FETCHES.has(fetchSite.toLowerCase())) return true;
  const origin = header(request, 'origin');
  if (origin === undefined) return false;
  const from = originOf(origin);
  if (from === null) return true;
  return from !== originOf(`${request.protocol}://${request.host}`) && from !== originOf(publicUrl);
}

export const crossSiteRefusal = () => new ForbiddenError('crossSiteRequest');

/** The rule as one onRequest hook, for the sandbox's context: before any body is read or handler runs. */
export function refuseOtherSiteChanges(config: Pick<Config, 'publicUrl'>): onRequestAsyncHookHandler {
  return async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.sandboxCrossSite === 'handler') return;
    if (isOtherSiteCall(request, config.publicUrl)) throw crossSiteRefusal();
  };
}
