/**
 * Gates decide by the route a request matched, never by its raw URL (server/http/paths.ts): the router
 * decodes percent-escapes before it matches (`/%61pi/user/me` is `/api/user/me`), so a check of the raw
 * text and the route that answers could disagree. With maintenance on, every registered /api route is
 * asked for in every spelling a client could use — percent-encoded letters, doubled slashes, dot
 * segments, mixed case, and combinations — by its own method, over a real socket (the bytes as sent), and
 * nothing answers but 503, or a 404 no /api handler was reached for: except the maintenance status the
 * client polls, the operator API and the bot's webhook (Telegram's call), which the gate leaves open on purpose. The routes are collected as
 * they are registered (an onRoute hook on the app buildApp makes), not listed here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAINTENANCE_ON_DETAIL, SERVER_MESSAGES } from '@contract';
import { lenientPath } from '../../server/http/paths';
import { bearer, createTestContext, type TestContext } from './helpers';
import { newUser, type TestUser } from './mint-kit';

/** Every route the app registers, seen by an onRoute hook added as the instance is made; /api handlers are counted when they run. */
const seen = vi.hoisted(() => ({ routes: [] as RouteOptions[], apiHandlerCalls: 0 }));
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const make = ((options?: object) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      seen.routes.push(route);
      if (!/^\/api(\/|$)/.test(route.url)) return;
      const handler = route.handler as (...args: unknown[]) => unknown;
      route.handler = function (this: unknown, ...args: unknown[]) {
        seen.apiHandlerCalls++;
        return handler.apply(this, args);
      } as RouteOptions['handler'];
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: make };
});

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-'));
writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title></head><body></body></html>',
);

let ctx: TestContext;
let base: string;
let user: TestUser;
beforeAll(async () => {
  // With a built client: the static files and the SPA's fallback are in the picture too.
  ctx = await createTestContext({ distDir });
  user = await newUser(ctx);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const switchTo = async (enabled: boolean) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/maintenance',
    headers: bearer(ctx.config.adminToken),
    payload: { enabled },
  });
  expect(response.statusCode).toBe(200);
};

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request with the path exactly as given (no client-side normalisation). */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: target, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
    });
    // A socket upgrade the server accepted: 101, then closed from here.
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 101, body: '', headers: response.headers });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const encodeLetters = (text: string, hex: (code: number) => string) =>
  text.replace(/[A-Za-z]/g, (letter) => `%${hex(letter.charCodeAt(0))}`);

/** Every spelling of `target` (a path with its parameters filled in) a client could send for the same route. */
function spellings(target: string): string[] {
  const upper = (code: number) => code.toString(16).toUpperCase();
  const lower = (code: number) => code.toString(16);
  const segments = target.split('/');
  const forms = [
    target,
    target.replace(/^\/api/, '/%61pi'),
    target.replace(/^\/api/, '/%41PI'),
    encodeLetters(target, upper),
    encodeLetters(target, lower),
    // The last segment's first letter only (the gate may read the start, the route the end).
    segments
      .map((segment, i) =>
        i === segments.length - 1 ? segment.replace(/[A-Za-z]/, (l) => `%${upper(l.charCodeAt(0))}`) : segment,
      )
      .join('/'),
    target.replaceAll('/', '//'),
    `/${target}`,
    target.replace(/^\/api/, '/api/.'),
    target.replaceAll('/', '/./'),
    target.replace(/^\/api\//, '/api/x/../'),
    target.replace(/^\/api/, '/x/../api'),
    target.replace(/^\/api/, '/API').replace(/\/([a-z])/g, (_m, l: string) => `/${l.toUpperCase()}`),
    target.toUpperCase(),
    target.replace(/^\/api/, '/Api'),
    // Combinations.
    target.replace(/^\/api/, '//%61pi/.'),
    target.replace(/^\/api/, '/%41pi/x/..').replaceAll('/', '//'),
  ];
  return [...new Set(forms)];
}

const fill = (pattern: string) => pattern.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

describe('with maintenance on, every /api route in every spelling', () => {
  it('answers 503, or a 404 no /api handler was reached for; only the status call, the operator API and the bot’s webhook answer otherwise', async () => {
    const apiRoutes = seen.routes.filter((route) => /^\/api(\/|$)/.test(route.url));
    // The routes were collected, not assumed: the contract's calls, the sockets and the operator API.
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(apiRoutes.some((route) => route.url.startsWith('/api/admin/'))).toBe(true);
    expect(apiRoutes.some((route) => (route as { websocket?: boolean }).websocket)).toBe(true);

    await switchTo(true);
    try {
      const leaks: string[] = [];
      let probes = 0;
      for (const route of apiRoutes) {
        const methods = ([] as string[]).concat(route.method);
        // The operator API by its flag: /api/admin/* and the consoles' socket (/api/ws/operator).
        const isOpen =
          route.config?.call === 'maintenanceStatus' ||
          route.url.startsWith('/api/admin/') ||
          route.config?.operator ||
          route.config?.webhook;
        const isSocket = (route as { websocket?: boolean }).websocket === true;
        for (const method of methods) {
          for (const target of spellings(fill(route.url))) {
            const before = seen.apiHandlerCalls;
            const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
            const headers: Record<string, string> = { ...bearer(user.token) };
            if (hasBody) headers['content-type'] = 'application/json';
            if (isSocket && method === 'GET') {
              Object.assign(headers, {
                connection: 'Upgrade',
                upgrade: 'websocket',
                'sec-websocket-version': '13',
                'sec-websocket-key': randomBytes(16).toString('base64'),
              });
            }
            const answer = await send(method, target, headers, hasBody ? '{}' : undefined);
            probes++;
            const reached = seen.apiHandlerCalls > before;
            if (isOpen) continue;
            const refused =
              answer.status === 503 && (method === 'HEAD' || JSON.parse(answer.body).msg === MAINTENANCE_ON_DETAIL);
            const notFound = answer.status === 404 && !reached;
            if (!(refused || notFound) || reached) {
              leaks.push(
                `${method} ${target} (route ${route.url}) → ${answer.status}${reached ? ', handler reached' : ''} ${answer.body.slice(0, 80)}`,
              );
            }
          }
        }
      }
      expect(probes).toBeGreaterThan(500);
      expect(leaks).toEqual([]);
    } finally {
      await switchTo(false);
    }
  }, 120_000);

  it('the status call and the operator API stay open in any spelling that reaches them', async () => {
    await switchTo(true);
    try {
      for (const target of ['/api/maintenance/', '/%61pi/maintenance/', '/api/m%61intenance']) {
        const answer = await send('GET', target);
        expect(answer.status, target).toBe(200);
        expect(JSON.parse(answer.body), target).toEqual({ detail: MAINTENANCE_ON_DETAIL });
      }
      for (const target of ['/api/admin/maintenance', '/%61pi/admin/maintenance']) {
        const answer = await send('GET', target, bearer(ctx.config.adminToken));
        expect(answer.status, target).toBe(200);
      }
    } finally {
      await switchTo(false);
    }
  });
});

describe('a path no route matched', () => {
  it('is read the most lenient way: decoded (repeatedly), slashes collapsed, dot segments resolved, lower case', () => {
    expect(lenientPath('/%61pi/user/me?x=1')).toBe('/api/user/me');
    expect(lenientPath('/%2561pi/user/me')).toBe('/api/user/me');
    expect(lenientPath('//API//User/./me')).toBe('/api/user/me');
    expect(lenientPath('/x/../api/user/me')).toBe('/api/user/me');
    expect(lenientPath('/api%2Fuser%2fme')).toBe('/api/user/me');
    expect(lenientPath('\\api\\user')).toBe('/api/user');
    expect(lenientPath('/../../api')).toBe('/api');
    expect(lenientPath('/api/%E0%A4%A')).toBe('/api/%e0%a4%a');
    expect(lenientPath('/mint/42')).toBe('/mint/42');
  });

  it('under /api or /sandbox in any spelling is a JSON 404, never the SPA’s index.html', async () => {
    for (const target of [
      '/API/User/me',
      '/%61pi/nothing',
      '//api//nothing',
      '/Sandbox/',
      '/%73andbox/nothing',
      '/x/../api/nothing',
    ]) {
      const answer = await send('GET', target);
      expect(answer.status, target).toBe(404);
      expect(JSON.parse(answer.body), target).toEqual({ msg: SERVER_MESSAGES.notFound, code: 'notFound' });
    }
    // A page of the app is still the SPA's.
    const page = await send('GET', '/mint/42');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('under /api in any spelling is 503 during maintenance, whatever the method (a read reaches the built client’s catch-all); a page still loads', async () => {
    await switchTo(true);
    try {
      for (const target of [
        '/api/no-such-call',
        '/%61pi/no-such-call',
        '//api//no-such-call',
        '/API/Mint/Create',
        '/api/admin/no-such-call',
      ]) {
        for (const method of ['GET', 'POST']) {
          const answer = await send(
            method,
            target,
            { 'content-type': 'application/json' },
            method === 'POST' ? '{}' : undefined,
          );
          expect(answer.status, `${method} ${target}`).toBe(503);
        }
      }
      const page = await send('GET', '/mint/42');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await switchTo(false);
    }
  });
});
