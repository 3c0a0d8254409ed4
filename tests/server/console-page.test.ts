/**
 * The operator console's page (its own build, dist/operator/): served at /operator/ and its deep links
 * with the runtime config, its inline script allowed by the CSP, its assets as built; its CSP lets it talk
 * to its own server only.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, sandboxConfig, type TestContext } from './helpers';

const CONSOLE_SCRIPT = 'document.documentElement.dataset.console = "1";';
const distDir = mkdtempSync(path.join(tmpdir(), 'dist-'));
mkdirSync(path.join(distDir, 'operator', 'assets'), { recursive: true });
writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><html><head><title>App</title></head><body></body></html>',
);
writeFileSync(
  path.join(distDir, 'operator', 'index.html'),
  `<!doctype html><html><head><script>${CONSOLE_SCRIPT}</script><title>Console</title></head><body></body></html>`,
);
writeFileSync(path.join(distDir, 'operator', 'assets', 'index-c0ffee.js'), 'console.log("console")');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ distDir, config: sandboxConfig() });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the operator console page', () => {
  it('is served at /operator, /operator/ and its deep links, with the runtime config; the app keeps its page', async () => {
    for (const url of ['/operator', '/operator/', '/operator/reviews', '/operator/users/12']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Console</title>');
      expect(response.body, url).toContain('window.__APP_CONFIG__');
    }
    for (const url of ['/', '/mint', '/operators']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('<title>App</title>');
    }
  });

  it("its inline script is allowed by the CSP's hash, and its assets are served as built", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/operator/' });
    const hash = createHash('sha256').update(CONSOLE_SCRIPT).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    const asset = await ctx.app.inject({ method: 'GET', url: '/operator/assets/index-c0ffee.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/operator/assets/missing.js' })).statusCode).toBe(404);
  });

  it('has a CSP of its own: connections to its own origin only, images its own, blob: and data:; nothing else differs', async () => {
    const directives = (header: unknown) =>
      new Map(
        String(header)
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name, ...sources]) => [name!, sources.join(' ')] as const),
      );
    const app = directives((await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(app.get('connect-src')).toBe("'self' https: wss:");
    // The page, its deep links, and any spelling that serves it.
    for (const url of ['/operator', '/operator/', '/operator/reviews', '/operator/users/12', '/%6Fperator/audit']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('<title>Console</title>');
      const csp = directives(page.headers['content-security-policy']);
      expect(csp.get('connect-src'), url).toBe("'self'");
      expect(csp.get('img-src'), url).toBe("'self' blob: data:");
      expect([...csp].filter(([name]) => name !== 'connect-src' && name !== 'img-src')).toEqual(
        [...app].filter(([name]) => name !== 'connect-src' && name !== 'img-src'),
      );
      // The other headers are the app's.
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
    // The app's pages and the API keep the app's.
    for (const url of ['/', '/mint', '/operators', '/api/maintenance/']) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(directives(answer.headers['content-security-policy']).get('connect-src'), url).toBe("'self' https: wss:");
    }
  });
});
