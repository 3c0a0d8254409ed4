/**
 * Every console screen fits 390–1280 px with long values on it (docs/decisions.md "The operator console"):
 * a sale waiting with the worker's reason, a seller and a referrer with long names, an address, a treasury
 * transaction, a task with a long title and link, a proof rejected with a long reason. At 390 and 1280 px
 * no screen scrolls sideways (the page is never wider than the window), "Turn off" stays on one line, and
 * the audit says in words what was done ("Refunded withdrawal #4 (0.5840 TON) of …"), each row opening to
 * the call as made. Each screen is photographed into screenshots/console-fit/ (en light; ru dark for a few).
 */
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { SANDBOX_ADMIN_TOKEN } from '../../server/config';
import { consoleEn } from '../../console/shared/i18n/en';
import { consoleRu } from '../../console/shared/i18n/ru';
import { appFrame, connectDevWallet, createTestUser, devWalletDialog, resetPrice } from './sandbox';

const ADMIN = { authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` };

/** Tasks this spec adds, switched off after it: later specs count the tasks users see. */
const addedTasks: number[] = [];

// This spec moves the price and sets it from the console, and adds a task: later specs read their figures
// at 0.01 TON and count the sandbox's own tasks.
test.afterEach(async ({ request }) => {
  await resetPrice(request);
  for (const id of addedTasks.splice(0)) {
    const off = await request.patch(`/api/admin/tasks/${id}`, { headers: ADMIN, data: { is_active: false } });
    expect(off.status()).toBe(200);
  }
});
const REFERRER = 'Maximilian-Alexander Konstantinopolsky-Wolfeschlegelsteinhausen';
const SELLER = 'Anastasia-Valentina Przybyszewska-Wiśniewska-Kowalczyk';
const LONG_REASON =
  'The photo shows another app’s screen, cropped so that neither the balance nor the user name can be read; please send the whole TON Token screen';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAAElFTkSuQmCC';
const CATALOGUES = { en: consoleEn, ru: consoleRu } as const;

/** An operator's launch of the console in a theme and a language: its signed launch data. */
async function operatorLaunch(page: Page, theme: 'light' | 'dark', language: 'en' | 'ru'): Promise<string> {
  const { row } = await createTestUser(page, { theme, language, name: `Operator ${language}` });
  const id = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByTestId(`operator-${id}`).check();
  await expect(row.getByTestId(`operator-${id}`)).toBeChecked();
  const launch = await page.request.get(`/sandbox/api/users/${id}/launch`);
  const { url } = (await launch.json()) as { url: string };
  return url.slice(url.indexOf('#'));
}

/** The console's id of the user named `name`, found by name (the operator API's user search). */
async function userIdByName(page: Page, name: string): Promise<{ id: number; refCode: string }> {
  const found = (await (
    await page.request.get(`/api/admin/users?q=${encodeURIComponent(name)}`, { headers: ADMIN })
  ).json()) as Array<{ id: number; ref_code: string }>;
  expect(found).toHaveLength(1);
  return { id: found[0]!.id, refCode: found[0]!.ref_code };
}

/** A sandbox user signs in to the app with their launch data (as opening it does): their session's headers. */
async function signIn(page: Page, sandboxId: string): Promise<{ Authorization: string }> {
  const launch = (await (await page.request.get(`/sandbox/api/users/${sandboxId}/launch`)).json()) as { url: string };
  const initData = new URLSearchParams(launch.url.slice(launch.url.indexOf('#') + 1)).get('tgWebAppData')!;
  const signedIn = await page.request.post('/api/auth/register', { data: { init_data: initData } });
  expect(signedIn.status()).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** The seller's launch: a link proof and a photo proof sent through the API with the user's own session. */
async function sendProofs(page: Page, sandboxId: string) {
  const headers = await signIn(page, sandboxId);
  const tasks = (await (await page.request.get('/api/task/list', { headers })).json()) as Array<{
    task_id: number;
    kind: string;
  }>;
  // The link proof first: the queue is oldest first, and the console rejects it before the photo.
  const proofTasks = ['link', 'photo'].map((kind) => tasks.find((entry) => entry.kind === kind)!);
  for (const task of proofTasks) {
    await page.request.post('/api/task/start', { headers, data: { task_id: task.task_id } });
    const proof =
      task.kind === 'link'
        ? { link: `https://t.me/ton_token_sandbox_community/${'4'.repeat(12)}?comment=${'long'.repeat(20)}` }
        : { photo: { content_type: 'image/png', data: PNG } };
    const sent = await page.request.post('/api/task/validate', { headers, data: { task_id: task.task_id, ...proof } });
    expect(sent.status()).toBe(200);
  }
}

/** The seller: a long name, a referrer with a long name, a wallet, a test transfer, and a sale waiting. */
async function sellerWithWaitingSale(page: Page): Promise<{ sandboxId: string }> {
  const invites = await createTestUser(page, { name: REFERRER });
  await signIn(page, (await invites.row.getAttribute('data-testid'))!.replace('user-row-', ''));
  const referrer = await userIdByName(page, REFERRER);
  const { row } = await createTestUser(page, { name: SELLER, referrerCode: referrer.refCode });
  const sandboxId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await connectDevWallet(page, 'en');
  // A transfer the treasury does not expect: a transaction for the operator.
  await app.getByRole('button', { name: 'Send test transfer (1\u00A0TON)' }).click();
  await devWalletDialog(page).getByRole('button', { name: 'Approve' }).click();
  await expect(devWalletDialog(page)).toBeHidden();
  const granted = await page.request.post(`/sandbox/api/users/${sandboxId}/grant`, {
    data: { amount: '100', account: 'balance_token' },
  });
  expect(granted.status()).toBe(200);
  await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');
  expect((await page.request.post('/sandbox/api/hot-wallet/drain', { data: { keep: '0' } })).status()).toBe(200);
  await app.getByRole('link', { name: 'Sell' }).click();
  const sell = app.getByRole('dialog', { name: 'Sell tokens' });
  await sell.getByLabel('Amount, TKN').fill('60');
  await sell.getByRole('button', { name: 'Confirm' }).click();
  await expect(sell).toBeHidden();
  return { sandboxId };
}

/** The page is never wider than the window: nothing scrolls sideways (else: what sticks out, for the message). */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth, outside } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, outside: past };
  });
  expect(
    scrollWidth,
    `${what}: ${scrollWidth} px wide in a ${clientWidth} px window (${outside.join(' | ')})`,
  ).toBeLessThanOrEqual(clientWidth);
}

async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

interface Screen {
  name: string;
  path: string;
  title: keyof typeof consoleEn | null;
  /** What must be on screen before it is measured (its long values). */
  ready?: (page: Page) => Promise<void>;
}

/** Visits each screen at 390 and 1280 px: no sideways scroll, each photographed. */
async function visitEveryScreen(page: Page, hash: string, screens: Screen[], suffix: string, language: 'en' | 'ru') {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const screen of screens) {
      await page.goto(`/operator${screen.path}${hash}`);
      if (screen.title) {
        await expect(page.getByRole('heading', { level: 1, name: CATALOGUES[language][screen.title] })).toBeVisible();
      }
      await screen.ready?.(page);
      await settled(page);
      await page.screenshot({ path: `screenshots/console-fit/${screen.name}-${width}-${suffix}.png`, fullPage: true });
      await expectNoSidewaysScroll(page, `${screen.name} at ${width} px`);
    }
  }
}

test('every console screen fits 390–1280 px with long values, and the audit says what was done', async ({
  page,
  context,
}: {
  page: Page;
  context: BrowserContext;
}) => {
  test.setTimeout(300_000);
  const { sandboxId } = await sellerWithWaitingSale(page);
  const seller = await userIdByName(page, 'Przybyszewska');
  await sendProofs(page, sandboxId);
  const task = await page.request.post('/api/admin/tasks', {
    headers: ADMIN,
    data: {
      kind: 'visit',
      title: {
        en: `Visit our partner’s page about ${'very long and detailed '.repeat(4)}things`,
        ru: `Посетите страницу партнёра про ${'очень длинные и подробные '.repeat(4)}вещи`,
      },
      description: { en: 'Open it and stay a little', ru: 'Откройте и побудьте немного' },
      reward: '12.5',
      icon: 'rocket',
      settings: { url: `https://example.com/${'segment/'.repeat(16)}end?utm=${'x'.repeat(40)}`, min_seconds: 10 },
    },
  });
  expect(task.status()).toBe(201);
  addedTasks.push(((await task.json()) as { id: number }).id);
  // The price moves, so its chart has candles to draw.
  for (const direction of ['up', 'up', 'down', 'up'] as const) {
    expect((await page.request.post('/sandbox/api/price', { data: { direction } })).status()).toBe(200);
  }

  const operator = await context.newPage();
  const hash = await operatorLaunch(operator, 'light', 'en');
  await operator.setViewportSize({ width: 1280, height: 900 });

  // A link proof rejected with a long reason, in the console; the photo proof stays in the queue.
  await operator.goto(`/operator/reviews${hash}`);
  const current = operator.getByTestId('review-current');
  for (let seen = 0; seen < 10 && !((await current.textContent()) ?? '').includes(SELLER); seen++) {
    const before = await current.textContent();
    await current.getByTestId('review-approve').click();
    await expect(current).not.toHaveText(before ?? '');
  }
  if (((await current.textContent()) ?? '').includes('t.me/')) {
    await current.getByRole('button', { name: 'Reject' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Reject this proof' });
    await dialog.getByLabel('Reason (the user sees it)').fill(LONG_REASON);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(current).toContainText(SELLER);
  await expect(current.getByTestId('review-reward')).toHaveText('20.00\u00A0TKN');

  // The price set through the console: its audit row says so.
  await operator.goto(`/operator/price${hash}`);
  await operator.getByLabel('New price, TON per token').fill('0.0125');
  await operator.getByRole('button', { name: 'Set price' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(operator.getByTestId('console-price')).toHaveText('0.012500\u00A0TON');

  const screens: Screen[] = [
    { name: 'overview', path: '/', title: 'overview.title' },
    {
      name: 'reviews',
      path: '/reviews',
      title: 'reviews.title',
      ready: (p) => expect(p.getByTestId('review-current')).toBeVisible(),
    },
    {
      name: 'withdrawals',
      path: '/withdrawals',
      title: 'withdrawals.title',
      ready: async (p) => {
        const row = p.getByTestId('withdrawal-row').filter({ hasText: SELLER });
        await expect(row).toContainText(
          /The hot wallet holds 0\.0000\sTON; this payout needs \d+\.\d{4}\sTON with fees/,
          {
            timeout: 20_000,
          },
        );
        // A queued sale was asked for, not sent: its time is named so.
        await expect(row).toContainText('Requested');
        await expect(row).not.toContainText(/\bSent\b/);
        // Refund stays within the card, whole.
        const card = await row.boundingBox();
        const refund = await row.getByRole('button', { name: 'Refund' }).boundingBox();
        expect(refund!.x + refund!.width).toBeLessThanOrEqual(card!.x + card!.width);
      },
    },
    {
      name: 'treasury',
      path: '/treasury',
      title: 'treasury.title',
      ready: (p) => expect(p.getByTestId('treasury-row').first()).toBeVisible({ timeout: 20_000 }),
    },
    {
      name: 'price',
      path: '/price',
      title: 'price.title',
      ready: (p) => expect(p.getByTestId('console-price-chart')).toBeVisible(),
    },
    {
      name: 'tasks',
      path: '/tasks',
      title: 'tasks.title',
      ready: async (p) => {
        const turnOff = p.getByRole('button', { name: 'Turn off' }).first();
        await expect(turnOff).toBeVisible();
        // "Turn off" on one line: its height is one line's.
        const box = await turnOff.boundingBox();
        expect(box!.height).toBeLessThan(48);
      },
    },
    { name: 'users', path: '/users', title: 'users.title' },
    {
      name: 'user',
      path: `/users/${seller.id}`,
      title: null,
      ready: async (p) => {
        await expect(p.getByTestId('user-referrer')).toContainText(REFERRER);
        await expect(p.getByTestId('user-wallet')).toContainText(/^0Q/);
      },
    },
    {
      name: 'audit',
      path: '/audit',
      title: 'audit.title',
      ready: async (p) => {
        await p.getByTestId('audit-row').first().locator('summary').click();
        await expect(p.getByTestId('audit-row').first().locator('details')).toHaveAttribute('open', '');
      },
    },
    { name: 'settings', path: '/settings', title: 'settings.title' },
  ];
  await visitEveryScreen(operator, hash, screens, 'light-en', 'en');

  // The users search finds the seller by a part of the name.
  await operator.setViewportSize({ width: 390, height: 844 });
  await operator.goto(`/operator/users${hash}`);
  await operator.getByLabel(consoleEn['users.search']).fill('przybyszewska');
  await operator.getByRole('button', { name: 'Find' }).click();
  await expect(operator.getByRole('link', { name: new RegExp(SELLER) })).toBeVisible();
  await settled(operator);
  await expectNoSidewaysScroll(operator, 'users found at 390 px');
  await operator.screenshot({ path: 'screenshots/console-fit/users-found-390-light-en.png', fullPage: true });

  // The task form: the icon is picked from the app's icons.
  for (const width of [390, 1280]) {
    await operator.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await operator.goto(`/operator/tasks${hash}`);
    await operator.getByRole('button', { name: 'Add a task' }).click();
    const form = operator.getByRole('dialog', { name: 'New task' });
    await form.getByRole('radio', { name: 'Rocket' }).check({ force: true });
    await expect(form.getByRole('radio', { name: 'Rocket' })).toBeChecked();
    await expectNoSidewaysScroll(operator, `task form at ${width} px`);
    await operator.screenshot({ path: `screenshots/console-fit/task-form-${width}-light-en.png` });
    await form.getByRole('button', { name: 'Cancel' }).click();
  }

  // Settings saved: one notice, not "Nothing changed" beside it.
  await operator.setViewportSize({ width: 390, height: 844 });
  await operator.goto(`/operator/settings${hash}`);
  await operator.getByLabel('Fee, percent').fill('1.5');
  await operator.getByRole('button', { name: 'Save' }).click();
  await operator.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(operator.getByTestId('settings-notice')).toHaveText('Settings saved');
  await expect(operator.getByText('Nothing changed')).toHaveCount(0);
  await operator.screenshot({ path: 'screenshots/console-fit/settings-saved-390-light-en.png', fullPage: true });

  // Russian, dark: the screens with the most words.
  // (A tab of its own: a tab keeps the launch parameters it was first opened with.)
  const ru = await context.newPage();
  const ruHash = await operatorLaunch(ru, 'dark', 'ru');
  const ruScreens: Screen[] = [
    {
      name: 'withdrawals',
      path: '/withdrawals',
      title: 'withdrawals.title',
      // The worker's reason in the operator's language, amounts with a decimal comma (its code and figures).
      ready: (p) =>
        expect(p.getByTestId('withdrawal-row').filter({ hasText: SELLER })).toContainText(
          /На горячем кошельке 0,0000\sTON; этой выплате нужно \d+,\d{4}\sTON с комиссиями/,
        ),
    },
    {
      name: 'user',
      path: `/users/${seller.id}`,
      title: null,
      ready: (p) => expect(p.getByTestId('user-referrer')).toBeVisible(),
    },
    {
      name: 'audit',
      path: '/audit',
      title: 'audit.title',
      ready: async (p) => {
        const price = p.getByTestId('audit-row').filter({ hasText: 'Установлена цена' });
        await expect(price).toHaveCount(1);
        await price.locator('summary').click();
      },
    },
    { name: 'tasks', path: '/tasks', title: 'tasks.title' },
  ];
  await visitEveryScreen(ru, ruHash, ruScreens, 'dark-ru', 'ru');
  await ru.close();
  // The refund, then its audit row in words, opened to its call.
  await operator.setViewportSize({ width: 390, height: 844 });
  await operator.goto(`/operator/withdrawals${hash}`);
  const row = operator.getByTestId('withdrawal-row').filter({ hasText: SELLER });
  const id = (await row.getAttribute('aria-label'))!.replace('#', '');
  await row.getByRole('button', { name: 'Refund' }).click();
  await operator.getByRole('dialog', { name: 'Refund' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Done: Refunded');
  await operator.goto(`/operator/audit${hash}`);
  const refunded = operator.getByTestId('audit-row').first();
  await expect(refunded.getByTestId('audit-words')).toHaveText(
    `Refunded withdrawal #${id} (0.5840\u00A0TON) of ${SELLER}`,
  );
  await expect(refunded.getByTestId('audit-outcome')).toHaveText('Done (200)');
  await expect(
    operator.getByTestId('audit-words').filter({ hasText: 'Set the price to 0.012500\u00A0TON' }),
  ).toHaveCount(1);
  await expect(
    operator.getByTestId('audit-words').filter({ hasText: `’s link proof for “Post about TON Token”: ${LONG_REASON}` }),
  ).toHaveCount(1);
  await refunded.locator('summary').click();
  await expect(refunded).toContainText('withdrawalRefund');
  await expect(refunded).toContainText('POST /api/admin/withdrawals/:id/refund');
  await expectNoSidewaysScroll(operator, 'audit with a row open at 390 px');
  await operator.screenshot({ path: 'screenshots/console-fit/audit-refund-390-light-en.png', fullPage: true });

  await page.request.post('/sandbox/api/hot-wallet/top-up', { data: { amount: '1000000' } });
});
