/**
 * Which part of the server a request is for, decided by the route it matched, never by its raw URL.
 *
 * The router decodes percent-escapes before it matches (`/%61pi/user/me` is the route `/api/user/me`),
 * so a check of the raw text (`request.url.startsWith('/api/')`) and the route that answers can disagree:
 * a gate that read the raw URL let `/%61pi/withdraw/create` sell tokens during maintenance. Every gate,
 * limit, audit and header policy therefore reads the matched route: its pattern
 * (`request.routeOptions.url`) and its `config` (the contract call, `auth`, `operator`, …).
 *
 * The one exception is a request no specific route matched: none at all (the not-found handler), or the
 * built client's catch-all (`/*`, its static files). Nothing says which part it is for, so its path is read
 * the most lenient way any reader could read it (`lenientPath`) and it is classed with the part it could be
 * taken for: `//API/./user/me` is under /api, and so answers as /api does (503 in maintenance, a JSON 404),
 * never as a page of the app.
 */
import type { FastifyRequest } from 'fastify';

/** /api (the contract, the sockets, the operator API), /sandbox (sandbox mode's tools), or the app (pages, files). */
export type Area = 'api' | 'sandbox' | 'app';

const AREA_OF_PATH = /^\/(api|sandbox)(?:\/|$)/;

function areaOfPath(path: string): Area {
  const match = AREA_OF_PATH.exec(path);
  return match ? (match[1] as Area) : 'app';
}

/** A route that names no part of the server: the not-found handler's (no pattern) or a catch-all (`/*`). */
export function isUnspecificRoute(pattern: string | undefined): boolean {
  return pattern === undefined || pattern.endsWith('*');
}

/**
 * The path as the most lenient reader would take it: up to the first `?`, `#` or `;`; ASCII
 * percent-escapes decoded until none is left (so `%2561` is `a`, and `%2F` a slash); backslashes as
 * slashes; runs of slashes as one; `.` and `..` segments resolved (never above the root); lower case.
 * Only for classing a request no specific route matched, never to route one.
 */
export function lenientPath(url: string): string {
  let path = url.split(/[?#;]/, 1)[0] ?? '';
  for (let previous = ''; previous !== path;) {
    previous = path;
    path = path.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = /[/\\]\.{0,2}$/.test(path) && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`.toLowerCase();
}

/**
 * The part of the server a request is for: by its route's pattern; for a request no specific route matched,
 * by its lenient path (see above).
 */
export function areaOf(request: FastifyRequest): Area {
  const pattern = request.routeOptions.url;
  return areaOfPath(pattern === undefined || isUnspecificRoute(pattern) ? lenientPath(request.url) : pattern);
}

/** The lenient path of a request (for the not-found handler's page-or-file question). */
export const lenientPathOf = (request: FastifyRequest): string => lenientPath(request.url);
