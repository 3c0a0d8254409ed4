import { expect, type Page, test } from '@playwright/test';
import { appFrame, createTestUser, type TestUserOptions } from './sandbox';

/*
 * The first look: index.html's launch script sends the sign-in itself and paints the dashboard's
 * balances from its answer while the app's code is still on its way (src/shared/launch/boot.ts); the
 * app's first screen replaces it. The app's entry is held back here so the first look can be seen.
 */

const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Holds the app's entry script until `release()`: the page shows what the launch script painted. */
async function holdEntry(page: Page) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * A member who has signed in before and holds `tokens`, launched again (a new signed launch, as
 * Telegram opens the Mini App) at 390 px with the app's entry held: returns its release.
 */
async function relaunchWithTokens(page: Page, options: TestUserOptions & { tokens: string }) {
  const { row } = await createTestUser(page, options);
  const sandboxId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(appFrame(page).getByTestId('balance-token')).toBeVisible();
  const granted = await page.request.post(`/sandbox/api/users/${sandboxId}/grant`, {
    data: { amount: options.tokens },
  });
  expect(granted.status()).toBe(200);
  const launch = await page.request.get(`/sandbox/api/users/${sandboxId}/launch`);
  const { url } = (await launch.json()) as { url: string };
  const release = await holdEntry(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return release;
}

test.describe('the first look before the app’s code has run', () => {
  test('shows the user’s own balances from the sign-in, then the app takes over with the figures in place', async ({
    page,
  }) => {
    const release = await relaunchWithTokens(page, { tokens: '1234.5' });
    const app = page;
    const firstLook = app.getByTestId('first-look');
    await expect(firstLook).toBeVisible();
    await expect(firstLook.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(app.getByTestId('first-look-balance-token')).toHaveText('1 234.50 TKN');
    await expect(app.getByTestId('first-look-task-balance')).toHaveText('0.00 TKN');
    await expect(app.getByTestId('first-look-hold-bonus')).toHaveText('0.00%');
    // It says it is still loading, and offers nothing to act on.
    await expect(firstLook).toHaveAttribute('aria-busy', 'true');
    await expect(firstLook.getByRole('button')).toHaveCount(0);
    await expect(firstLook.getByRole('link')).toHaveCount(0);
    const before = await app.getByTestId('first-look-balance-token').boundingBox();

    release();
    await expect(app.getByTestId('balance-token')).toHaveText('1 234.50 TKN');
    await expect(app.getByTestId('first-look')).toHaveCount(0);
    await expect(app.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    // The figure did not move when the app replaced the first look.
    const after = await app.getByTestId('balance-token').boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(after!.x + after!.width - (before!.x + before!.width))).toBeLessThanOrEqual(2);
  });

  test('speaks the user’s language in their theme', async ({ page }) => {
    const release = await relaunchWithTokens(page, { tokens: '7', language: 'ru', theme: 'dark' });
    const app = page;
    const firstLook = app.getByTestId('first-look');
    await expect(firstLook.getByRole('heading', { name: 'Главная' })).toBeVisible();
    await expect(firstLook).toContainText('Реферальный баланс');
    await expect(firstLook).toHaveAttribute('aria-label', 'Загрузка');
    await expect(app.getByTestId('first-look-balance-token')).toHaveText('7,00 TKN');
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
    release();
    await expect(app.getByTestId('balance-token')).toHaveText('7,00 TKN');
    await expect(app.getByTestId('first-look')).toHaveCount(0);
  });

  test('is not painted under maintenance: the maintenance page shows', async ({ page, context }) => {
    const { row } = await createTestUser(page);
    const launcher = await context.newPage();
    await launcher.goto('/sandbox/');
    const maintenance = launcher.getByLabel('Maintenance');
    try {
      await maintenance.check();
      const signIns: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/auth/register') signIns.push(response.status());
      });
      await row.getByRole('link', { name: 'Open' }).click();
      const app = appFrame(page);
      await expect(app.getByRole('heading', { name: 'We are under maintenance' })).toBeVisible({ timeout: 15_000 });
      await expect(app.getByTestId('first-look')).toHaveCount(0);
      // The launch script's sign-in was refused like any call: nothing to paint from.
      expect(signIns.length).toBeGreaterThan(0);
      expect(signIns.every((status) => status === 503)).toBe(true);
    } finally {
      await maintenance.uncheck();
    }
  });

  test('a launch on another screen’s path shows no first look', async ({ page }) => {
    const { row } = await createTestUser(page);
    await row.getByRole('link', { name: 'Open' }).click();
    await expect(page.locator('#app-frame')).toHaveAttribute('src', /tgWebAppData=/);
    const src = new URL((await page.locator('#app-frame').getAttribute('src'))!, page.url());
    src.pathname = '/mint';
    // Whether a first look was ever added to the page, from before any script of it runs.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('first-look'))
          (window as unknown as { firstLookSeen: boolean }).firstLookSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdEntry(page);
    const signIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/register');
    await page.goto(src.toString(), { waitUntil: 'domcontentloaded' });
    expect((await signIn).status()).toBe(200);
    await expect(page.getByTestId('full-page-loader')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Mint', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { firstLookSeen?: boolean }).firstLookSeen ?? false)).toBe(
      false,
    );
  });
});
