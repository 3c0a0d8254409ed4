/**
 * The dev wallet's injected bridge on its own, in Chromium: a bare page (no app) that loads
 * /sandbox/dev-wallet.js with a test user's Telegram launch parameters, and drives
 * window.devwallet.tonconnect the way @tonconnect/sdk's InjectedProvider does, answering its overlay
 * as a person would. The app's own wallet flow is covered by the client's specs.
 */
import { Address, beginCell } from '@ton/core';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { createTestUser } from './sandbox';

const HARNESS = '/__dev-wallet-harness';
const HARNESS_HTML = `<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="/sandbox/dev-wallet.js"></script><title>Harness</title></head>
<body><h1>Bare page</h1><button>Page button</button></body></html>`;

async function testUserLaunchHash(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post('/sandbox/api/users', { data: { first_name: name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const launch = (await (await request.get(`/sandbox/api/users/${id}/launch`)).json()) as { url: string };
  return launch.url.split('#')[1]!;
}

async function openHarness(page: Page, hash: string) {
  await page.route(`**${HARNESS}`, (route) => route.fulfill({ contentType: 'text/html', body: HARNESS_HTML }));
  await page.goto(`${HARNESS}#${hash}`);
  await expect.poll(() => page.evaluate(() => typeof (window as any).devwallet?.tonconnect?.connect)).toBe('function');
}

/** Starts a bridge call without awaiting it (the overlay waits for a click); `result()` awaits it. */
async function start(page: Page, call: string) {
  await page.evaluate((code) => {
    (window as any).__pending = new Function('bridge', `return ${code}`)((window as any).devwallet.tonconnect);
  }, call);
  return { result: () => page.evaluate(() => (window as any).__pending) };
}

const connectCall = (items: string) =>
  `bridge.connect(2, { manifestUrl: location.origin + '/tonconnect/manifest.json', items: ${items} })`;

test.use({ viewport: { width: 390, height: 780 } });

test('connects, signs a transfer, declines, and disconnects through the overlay', async ({ page, request }) => {
  const hash = await testUserLaunchHash(request, 'Wallet E2E');
  await openHarness(page, hash);
  const bridge = await page.evaluate(() => {
    const t = (window as any).devwallet.tonconnect;
    return {
      walletInfo: t.walletInfo,
      deviceInfo: t.deviceInfo,
      protocolVersion: t.protocolVersion,
      isWalletBrowser: t.isWalletBrowser,
      disconnect: typeof t.disconnect,
      listen: typeof t.listen,
    };
  });
  expect(bridge).toMatchObject({
    walletInfo: {
      name: 'Dev Wallet',
      app_name: 'devwallet',
      platforms: ['ios', 'android', 'chrome', 'firefox', 'safari', 'macos', 'windows', 'linux'],
    },
    deviceInfo: { appName: 'Dev Wallet', maxProtocolVersion: 2 },
    protocolVersion: 2,
    isWalletBrowser: false,
    disconnect: 'function',
    listen: 'function',
  });

  // Nothing stored yet: restoring answers an error without any UI.
  expect(await page.evaluate(() => (window as any).devwallet.tonconnect.restoreConnection())).toMatchObject({
    event: 'connect_error',
    payload: { code: 0 },
  });

  // Decline first.
  let call = await start(page, connectCall("[{ name: 'ton_addr' }]"));
  const dialog = page.getByRole('dialog', { name: 'Dev Wallet' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('TON Token wants to connect');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  expect(await call.result()).toMatchObject({
    event: 'connect_error',
    payload: { code: 300, message: 'User declined the connection' },
  });
  await expect(dialog).toBeHidden();

  // Then connect, with a proof.
  call = await start(page, connectCall("[{ name: 'ton_addr' }, { name: 'ton_proof', payload: 'e2e-nonce' }]"));
  await expect(dialog).toContainText('TON Token wants to connect');
  await expect(dialog.getByTestId('devwallet-balance')).toHaveText('100.0000 TON');
  const shownAddress = await dialog.getByTestId('devwallet-address').getAttribute('title');
  expect(Address.parseFriendly(shownAddress!).isTestOnly).toBe(true);
  await expect(dialog.getByTestId('devwallet-address')).toHaveText(
    `${shownAddress!.slice(0, 3)}…${shownAddress!.slice(-4)}`,
  );
  await page.screenshot({ path: test.info().outputPath('connect-overlay.png') });
  await dialog.getByRole('button', { name: 'Connect' }).click();
  const connected = (await call.result()) as any;
  expect(connected.event).toBe('connect');
  expect(connected.payload.items.map((item: any) => item.name)).toEqual(['ton_addr', 'ton_proof']);
  const raw: string = connected.payload.items[0].address;
  expect(Address.parse(shownAddress!).toRawString()).toBe(raw);
  expect(connected.payload.items[1].proof).toMatchObject({
    payload: 'e2e-nonce',
    domain: { value: new URL(page.url()).host },
  });
  await expect(dialog).toBeHidden();

  // Restoring now answers the stored ton_addr, without UI.
  const restored = (await page.evaluate(() => (window as any).devwallet.tonconnect.restoreConnection())) as any;
  expect(restored).toMatchObject({
    event: 'connect',
    payload: { items: [{ name: 'ton_addr', address: raw, network: '-3' }] },
  });
  expect(restored.payload.items).toHaveLength(1);

  // A transfer with a comment: the overlay lists it; Approve sends it.
  const recipient = Address.parseRaw(`0:${'ab'.repeat(32)}`).toString({ testOnly: true, bounceable: false });
  const tx = (validUntil: number, amount = '1500000000') =>
    JSON.stringify({
      valid_until: validUntil,
      from: raw,
      network: '-3',
      messages: [
        {
          address: recipient,
          amount,
          payload: beginCell().storeUint(0, 32).storeStringTail('hello').endCell().toBoc().toString('base64'),
        },
      ],
    });
  const sendCall = (json: string, id: string) =>
    `bridge.send({ method: 'sendTransaction', params: [${JSON.stringify(json)}], id: '${id}' })`;
  const now = () => Math.floor(Date.now() / 1000);

  call = await start(page, sendCall(tx(now() + 60), '7'));
  await expect(dialog).toContainText('Confirm transaction');
  const message = dialog.getByTestId('devwallet-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(`To ${recipient.slice(0, 3)}…${recipient.slice(-4)}`);
  await expect(message).toContainText('1.5 TON');
  await expect(message).toContainText('hello');
  await expect(dialog.getByTestId('devwallet-balance')).toHaveText('100.0000 TON');
  await page.screenshot({ path: test.info().outputPath('send-overlay.png') });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const sent = (await call.result()) as any;
  expect(sent.id).toBe('7');
  expect(sent.result).toMatch(/^te6cc/);
  const after = (await (
    await request.get(
      `/sandbox/api/wallet?init_data=${encodeURIComponent(new URLSearchParams(hash).get('tgWebAppData')!)}`,
    )
  ).json()) as { balance: string };
  expect(Number(after.balance)).toBeLessThan(98.5);

  // Declined transfer.
  call = await start(page, sendCall(tx(now() + 60), '8'));
  await dialog.getByRole('button', { name: 'Decline' }).click();
  expect(await call.result()).toEqual({ error: { code: 300, message: 'User declined the transaction' }, id: '8' });

  // A request the wallet refuses: shown briefly, answered as a bad request.
  call = await start(page, sendCall(tx(now() - 5), '9'));
  await expect(dialog.getByTestId('devwallet-error')).toContainText('expired');
  expect(await call.result()).toMatchObject({ error: { code: 1 }, id: '9' });
  await expect(dialog).toBeHidden();

  // Unsupported methods, then the dApp's disconnect.
  expect(
    await page.evaluate(() => (window as any).devwallet.tonconnect.send({ method: 'signData', params: [], id: '10' })),
  ).toMatchObject({
    error: { code: 400 },
    id: '10',
  });
  expect(
    await page.evaluate(() =>
      (window as any).devwallet.tonconnect.send({ method: 'disconnect', params: [], id: '11' }),
    ),
  ).toEqual({
    result: {},
    id: '11',
  });
  expect(await page.evaluate(() => (window as any).devwallet.tonconnect.restoreConnection())).toMatchObject({
    event: 'connect_error',
  });
  // Not connected: a transfer is refused without asking.
  call = await start(page, sendCall(tx(now() + 60), '12'));
  expect(await call.result()).toMatchObject({ error: { code: 100 }, id: '12' });
});

test('the launcher shows each test user’s wallet and tops it up from the faucet', async ({ page, request }) => {
  const name = `Faucet ${Date.now() % 100000}`;
  const hash = await testUserLaunchHash(request, name);
  const initData = new URLSearchParams(hash).get('tgWebAppData')!;
  const wallet = (await (
    await request.get(`/sandbox/api/wallet?init_data=${encodeURIComponent(initData)}`)
  ).json()) as { address: string };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/sandbox/');
  const row = page.locator('[data-testid^="user-row-"]').filter({ hasText: name });
  await expect(row).toContainText(`${wallet.address.slice(0, 3)}…${wallet.address.slice(-4)}`);
  await expect(row).toContainText('100.0000 TON');
  await row.getByRole('button', { name: 'Faucet +100\u00A0TON' }).click();
  // 200 TON less the nanotons of storage the chain (the TVM) charged for the seconds it held the first 100.
  const twoHundred = /(200\.0000|199\.9999)\sTON/;
  await expect(row).toContainText(twoHundred);
  // The launcher has two live regions (users and the review queue): the users' one says it.
  const said = page.getByRole('status').filter({ hasText: 'Sent 100 TON' });
  await expect(said).toContainText(/balance\s(200\.0000|199\.9999)\sTON/);
});

/*
 * The launcher at 1 280 px with a user who opened the app (ref code, balances in the thousands, a
 * wallet): nothing is wider than the window or cut off in its card (it was 1 317 px wide, its actions
 * column cut), and the platform hint says what is true: both Dev Wallets are offered on every platform.
 */
test('the launcher fits a 1 280 px window, and says the Dev Wallet is offered on every platform', async ({
  page,
  request,
}) => {
  // Earlier specs leave users of their own in the shared launcher; one with a single word too long for any
  // column must still leave the table within its card (it breaks, as nothing else can).
  await createTestUser(page, { name: 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft' });
  const { row } = await createTestUser(page, { name: 'A test user with a rather long name', platform: 'android' });
  const id = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page.frameLocator('#app-frame').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const account of ['balance_token', 'referral_balance', 'task_balance']) {
    const granted = await request.post(`/sandbox/api/users/${id}/grant`, { data: { amount: '123456.78', account } });
    expect(granted.status()).toBe(200);
  }
  // The user's dev wallet, made on first use as the app's wallet list would.
  const launch = (await (await request.get(`/sandbox/api/users/${id}/launch`)).json()) as { url: string };
  const initData = new URLSearchParams(launch.url.split('#')[1]).get('tgWebAppData')!;
  expect((await request.get(`/sandbox/api/wallet?init_data=${encodeURIComponent(initData)}`)).status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/sandbox/');
  const user = page.getByTestId(`user-row-${id}`);
  await expect(user).toContainText('123 456.78 TKN');
  await expect(user.getByTestId(`wallet-${id}`)).toContainText('100.0000 TON');

  const widths = await page.evaluate(() => {
    const card = document.querySelector('section[aria-labelledby="users-title"]')!.getBoundingClientRect();
    const table = document.querySelector('section[aria-labelledby="users-title"] table')!.getBoundingClientRect();
    return {
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
      tableRight: table.right,
      cardRight: card.right,
    };
  });
  expect(widths.page, 'the page is no wider than the window').toBeLessThanOrEqual(widths.window);
  expect(widths.tableRight, 'the users table fits its card, nothing out of sight').toBeLessThanOrEqual(
    widths.cardRight,
  );
  const card = (await page.getByRole('region', { name: 'Test users' }).boundingBox())!;
  for (const action of [user.getByRole('link', { name: 'Open' }), user.getByRole('link', { name: 'Bot chat' })]) {
    const box = (await action.boundingBox())!;
    expect(box.x + box.width, `${await action.textContent()} is inside the card`).toBeLessThanOrEqual(
      card.x + card.width,
    );
  }
  // Words stay whole: the roles, the ids and the platform on one line each (they once read 'Me mb er'), the
  // name wraps between its words.
  for (const [what, element] of [
    ['Member', user.locator('label', { hasText: 'Member' })],
    ['Operator', user.locator('label', { hasText: 'Operator' })],
    ['the Telegram id', user.locator('td:nth-child(2) code')],
    ['the platform', user.locator('td:nth-child(3)')],
    ['the ref code', user.locator('td:nth-child(5) code')],
  ] as const) {
    // The lines its text (not its checkbox) is laid out on.
    const lines = await element.evaluate((node) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    });
    expect(lines, `${what} on one line`).toBe(1);
  }
  const splitWords = await user.locator('td:first-child strong').evaluate((strong) => {
    const text = strong.firstChild!;
    return [...(text.textContent ?? '').matchAll(/\S+/g)].filter((word) => {
      const range = document.createRange();
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
    });
  });
  expect(
    splitWords.map((word) => word[0]),
    'no word of the name split over two lines',
  ).toEqual([]);
  await expect(user.getByRole('checkbox', { name: 'Member' })).toBeChecked();
  await expect(user.getByRole('checkbox', { name: 'Operator' })).not.toBeChecked();

  const hint = page.locator('#platform-hint');
  await expect(hint).toContainText('Both Dev Wallets are offered on every platform');
  await expect(hint).not.toContainText('desktop platforms (tdesktop, web), whose window is wider');
  await page.screenshot({ path: 'screenshots/launcher-1280.png', fullPage: true });
});
