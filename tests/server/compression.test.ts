/**
 * Compressed answers: built assets are sent as their build-time .br/.gz siblings by
 * Accept-Encoding (the same bytes once decompressed), hashed assets cached for good, index.html never;
 * large JSON answers compressed on the fly, small ones and request bodies left alone.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

const distDir = mkdtempSync(path.join(tmpdir(), 'dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(
  path.join(distDir, 'index.html'),
  `<!doctype html><html><head><title>App</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
);
// As vite.config.ts's compression plugin writes them: the original and its two siblings.
const asset = Buffer.from(`console.log(${JSON.stringify('the app '.repeat(500))});\n`);
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), asset);
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(asset));
writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(asset));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ distDir });
});
afterAll(async () => {
  await ctx?.close();
});

const inject = (options: InjectOptions) => ctx.app.inject(options);
const assetUrl = '/assets/index-abc123.js';

describe('built assets', () => {
  it('are sent brotli, gzip or as they are by Accept-Encoding: the same bytes decompressed, cached for good', async () => {
    const br = await inject({ method: 'GET', url: assetUrl, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(asset.length / 10);
    expect(brotliDecompressSync(br.rawPayload).equals(asset)).toBe(true);

    const gz = await inject({ method: 'GET', url: assetUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(asset)).toBe(true);

    const plain = await inject({ method: 'GET', url: assetUrl, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(asset)).toBe(true);

    for (const response of [br, gz, plain]) {
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    }
  });

  it('a compressed sibling is never served under its own name as if it were the original', async () => {
    const response = await inject({ method: 'GET', url: assetUrl, headers: { 'accept-encoding': 'br' } });
    // one encoding, not the plugin compressing the already compressed file again
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).equals(asset)).toBe(true);
  });
});

describe('index.html', () => {
  it('is never cached, and is compressed when large enough', async () => {
    for (const url of ['/', '/index.html', '/staking']) {
      const response = await inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toContain('window.__APP_CONFIG__');
    }
  });
});

describe('JSON answers', () => {
  it('a large one is compressed for a client that accepts it, and sent plain to one that does not', async () => {
    // The launcher's user list grows past 1 kB with a few users.
    for (let i = 0; i < 12; i++) {
      const created = await inject({
        method: 'POST',
        url: '/sandbox/api/users',
        payload: { first_name: `Compressed ${i}` },
      });
      expect(created.statusCode).toBe(201);
    }
    const plain = await inject({ method: 'GET', url: '/sandbox/api/users' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await inject({ method: 'GET', url: '/sandbox/api/users', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await inject({ method: 'GET', url: '/sandbox/api/users', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small one is sent as it is', async () => {
    const response = await inject({
      method: 'GET',
      url: '/api/maintenance/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toHaveProperty('detail');
  });

  it('a compressed request body is not inflated: refused like any unreadable body', async () => {
    const response = await inject({
      method: 'POST',
      url: '/sandbox/api/users',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ first_name: 'Zipped' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
