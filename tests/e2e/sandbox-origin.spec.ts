/**
 * Another site cannot drive the sandbox (server/sandbox/origin.ts, server/sandbox/pages.ts): a page of
 * another origin (localhost, while the sandbox is 127.0.0.1) posts to the sandbox's API as any page could (no preflight: an empty body, `no-cors`), and the server
 * refuses each call with nothing changed; the launcher and the host emulator, framed by that page, are
 * blocked by their CSP. The sandbox's own page makes the same call and it passes.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Page, expect, test } from '@playwright/test';

/**
 * Another site: a server of the test's own on another port, addressed as localhost while the sandbox is
 * 127.0.0.1 (another host: another origin and another site). A real loopback server, not a routed page:
 * Chromium keeps a page of unknown address from framing or calling the local network at all, and the
 * point is that the sandbox itself refuses.
 */
let otherSite: Server;
let otherOrigin: string;
let otherPage = '';
test.beforeAll(async () => {
  otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(otherPage);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://localhost:${(otherSite.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => otherSite.close(resolve));
});

/** Opens a page of the other site with this body. */
async function openOtherSite(page: Page, body = '') {
  otherPage = `<!doctype html><title>Another site</title>${body}`;
  await page.goto(`${otherOrigin}/`);
}

/**
 * A POST the page makes as any page can without a preflight (no body, `no-cors`), and the status the
 * sandbox answered: read from Chromium's network events, because the page cannot read it, and another
 * site's page does not even get the answer (every answer is `Cross-Origin-Resource-Policy: same-origin`),
 * while the call has reached the server all the same.
 */
async function postFromPage(page: Page, url: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const posts = new Set<string>();
  const statuses = new Map<string, number>();
  const answered = new Promise<number>((resolve) => {
    const settle = (requestId: string) => {
      const status = statuses.get(requestId);
      if (posts.has(requestId) && status !== undefined) resolve(status);
    };
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url !== url || event.request.method !== 'POST') return;
      posts.add(event.requestId);
      settle(event.requestId);
    });
    cdp.on('Network.responseReceivedExtraInfo', (event) => {
      statuses.set(event.requestId, event.statusCode);
      settle(event.requestId);
    });
  });
  await page.evaluate(async (target) => {
    await fetch(target, { method: 'POST', mode: 'no-cors' }).catch(() => undefined);
  }, url);
  const status = await answered;
  await cdp.detach();
  return status;
}

test.describe('the sandbox and another site', () => {
  test('its calls to the sandbox API are refused and change nothing; the sandbox’s own page passes', async ({
    page,
    request,
    baseURL,
  }) => {
    const sandbox = baseURL!;
    const state = async () => ({
      hotWallet: await (await request.get('/sandbox/api/hot-wallet')).json(),
      bot: await (await request.get('/sandbox/api/bot')).json(),
    });
    const before = await state();
    expect(Number((before.hotWallet as { balance: string }).balance)).toBeGreaterThan(1);

    await openOtherSite(page);
    expect(await postFromPage(page, `${sandbox}/sandbox/api/hot-wallet/drain`)).toBe(403);
    expect(await postFromPage(page, `${sandbox}/sandbox/api/bot/setup`)).toBe(403);
    expect(await state()).toEqual(before);

    // The launcher's own origin: the same call goes through.
    await page.goto('/sandbox/');
    expect(await postFromPage(page, `${sandbox}/sandbox/api/bot/setup`)).toBe(200);
    expect((await state()).bot).not.toEqual(before.bot);
  });

  for (const path of ['/sandbox/', '/sandbox/frame.html']) {
    test(`it cannot frame ${path}: the frame is blocked by frame-ancestors`, async ({ page, baseURL }) => {
      const blocked = page.waitForEvent('console', (message) => message.text().includes('frame-ancestors'));
      await openOtherSite(page, `<iframe title="framed" src="${baseURL}${path}"></iframe>`);
      expect((await blocked).text()).toContain(`frame-ancestors 'none'`);
      // Nothing of the page loaded in the frame.
      expect(page.frames().some((frame) => frame.url().startsWith(`${baseURL}${path}`))).toBe(false);
    });
  }
});
