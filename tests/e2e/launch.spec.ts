import { expect, test } from '@playwright/test';
import { appFrame, createTestUser, hostEventTypes } from './sandbox';

test.describe('walking skeleton: launcher → app through the launch gates', () => {
  test('a new user sees the loader, then the dashboard with balances', async ({ page }) => {
    const { row } = await createTestUser(page);
    const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
    // Every API call the app makes, to check the dashboard loads each list once.
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
    });
    await row.getByRole('link', { name: 'Open' }).click();

    const app = appFrame(page);
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(app.getByTestId('balance-token')).toHaveText('0.00 TKN');
    await expect(app.getByTestId('task-balance')).toHaveText('0.00 TKN');
    await expect(app.getByTestId('referral-balance')).toHaveText('0.00 TKN');
    await expect(app.getByTestId('ref-level')).toHaveText('Referral level 1');
    await expect(app.getByRole('navigation', { name: 'Main' })).toContainText('Mint');

    // The app told its Telegram host it is ready and asked to be expanded.
    await expect.poll(() => hostEventTypes(page)).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));

    // The dashboard's lists: one request each, not one per event that opens the dashboard.
    const count = (call: string) => calls.filter((made) => made === call).length;
    await expect.poll(() => count('GET /api/mint/') + count('GET /api/staking/')).toBe(2);
    // A later event the app has shown: a grant made now reaches the screen over the socket after the
    // sign-in, the route's opening and the socket's snapshot, which any second request would follow.
    expect(
      (await page.request.post(`/sandbox/api/users/${sandboxUserId}/grant`, { data: { amount: '5' } })).status(),
    ).toBe(200);
    await expect(app.getByTestId('balance-token')).toHaveText('5.00 TKN');
    expect(count('GET /api/mint/')).toBe(1);
    expect(count('GET /api/staking/')).toBe(1);
    // The sign-in answered with the user: one round trip, no GET /api/user/me on launch.
    expect(count('POST /api/auth/register')).toBe(1);
    expect(count('GET /api/user/me')).toBe(0);
  });

  test('a start parameter that is no ref code (TON Connect’s return link, over 64 characters) signs in all the same', async ({
    page,
  }) => {
    const startParam = `tonconnect-v__2-id__${'d4'.repeat(32)}-r__--7B--22id--22--3A1--7D-ret__back`;
    expect(startParam.length).toBeGreaterThan(64);
    // The launcher's "Referrer code" is the launch's start parameter, signed inside the launch data.
    const { row } = await createTestUser(page, { referrerCode: startParam });
    const signIn = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/register');
    await row.getByRole('link', { name: 'Open' }).click();
    // Not a referral: nothing is sent as a ref code…
    expect((await signIn).postDataJSON()).toMatchObject({ ref_code: null });
    expect(decodeURIComponent((await signIn).postDataJSON().init_data as string)).toContain(
      `start_param=${startParam}`,
    );
    // …and the user is signed in: the dashboard, not "Could not sign you in".
    const app = appFrame(page);
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(app.getByTestId('balance-token')).toHaveText('0.00 TKN');
    await expect(app.getByText('Could not sign you in')).toHaveCount(0);
  });

  test('the loader shows until the data is ready', async ({ page }) => {
    const { row } = await createTestUser(page);
    // Hold the sign-in (it brings the user) back so the loader is observable, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/register', async (route) => {
      await held;
      await route.continue();
    });
    await row.getByRole('link', { name: 'Open' }).click();
    const app = appFrame(page);
    await expect(app.getByTestId('full-page-loader')).toBeVisible();
    release();
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(app.getByTestId('full-page-loader')).toHaveCount(0);
  });

  test('a dark-theme user gets the dark theme before the app’s code has run (no light flash while it loads)', async ({
    page,
  }) => {
    // In the app's frame: the theme on <html> when parsing ends, before any module script runs.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive' || !location.hash.includes('tgWebAppData')) return;
        (window as unknown as { themeBeforeApp?: string }).themeBeforeApp =
          document.documentElement.dataset.theme ?? 'none';
      });
    });
    const { row } = await createTestUser(page, { theme: 'dark' });
    await row.getByRole('link', { name: 'Open' }).click();
    const app = appFrame(page);
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const frame = page.frame({ url: /tgWebAppData/ });
    expect(await frame!.evaluate(() => (window as unknown as { themeBeforeApp?: string }).themeBeforeApp)).toBe('dark');
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  // The first frame is the loader, styled and in the launch's theme, before the app's stylesheet has
  // arrived (it used to hold every paint in <head>: a blank white page for its round trip). The stylesheet
  // is held back here; the loader is photographed meanwhile, then the app starts once it arrives.
  for (const theme of ['light', 'dark'] as const) {
    test(`the loader is painted before the stylesheet arrives, in the ${theme} theme`, async ({ page }) => {
      const { row } = await createTestUser(page, { theme });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
        await held;
        await route.continue();
      });
      await row.getByRole('link', { name: 'Open' }).click();
      const app = appFrame(page);
      const loader = app.getByTestId('full-page-loader');
      await expect(loader).toBeVisible();
      const look = await loader.evaluate((element) => {
        const style = getComputedStyle(element);
        const name = getComputedStyle(element.querySelector('.full-page-loader__name')!);
        return {
          position: style.position,
          background: style.backgroundColor,
          page: getComputedStyle(document.body).backgroundColor,
          nameSize: name.fontSize,
          stylesheets: document.styleSheets.length,
          theme: document.documentElement.dataset.theme,
        };
      });
      // Only the page's own inline CSS so far, and the loader laid out and coloured by it.
      expect(look.stylesheets).toBe(1);
      expect(look).toMatchObject({ position: 'fixed', nameSize: '20px', theme });
      // The sandbox's Telegram themes: the secondary background of each.
      expect(look.background).toBe(look.page);
      expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
      const luminance =
        look.background
          .match(/\d+/g)!
          .slice(0, 3)
          .map(Number)
          .reduce((a, b) => a + b, 0) / 3;
      if (theme === 'dark') expect(luminance).toBeLessThan(80);
      else expect(luminance).toBeGreaterThan(180);
      await page.screenshot({ path: `screenshots/first-frame-${theme}.png` });
      // The app's first screen waits for its stylesheet; then it replaces the loader.
      await expect(app.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
      release();
      await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(loader).toHaveCount(0);
    });
  }

  test('the back button shows off the root and returns to the dashboard', async ({ page }) => {
    const { row } = await createTestUser(page);
    await row.getByRole('link', { name: 'Open' }).click();
    const app = appFrame(page);
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('#host-back')).toBeHidden();

    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mint' }).click();
    await expect(app.getByRole('heading', { name: 'Mint', exact: true })).toBeVisible();
    await expect(page.locator('#host-back')).toBeVisible();

    await page.locator('#host-back').click();
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('#host-back')).toBeHidden();
  });

  test('a balance change on the server appears on the open dashboard without reload', async ({ page, context }) => {
    const { name, row } = await createTestUser(page);
    await row.getByRole('link', { name: 'Open' }).click();
    const app = appFrame(page);
    await expect(app.getByTestId('balance-token')).toHaveText('0.00 TKN');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    const launcher = await context.newPage();
    await launcher.goto('/sandbox/');
    await launcher
      .locator('[data-testid^="user-row-"]')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Grant 100\u00A0TKN' })
      .click();

    await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');
    // Same document: nothing reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('an unknown platform is redirected to the bot', async ({ page }) => {
    const botRequests: string[] = [];
    await page.route('https://t.me/**', async (route) => {
      botRequests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Telegram bot page</h1>' });
    });
    const { row } = await createTestUser(page, { platform: 'unknown' });
    await row.getByRole('link', { name: 'Open' }).click();
    await expect(appFrame(page).getByRole('heading', { name: 'Telegram bot page' })).toBeVisible();
    expect(botRequests[0]).toMatch(/^https:\/\/t\.me\/[A-Za-z0-9_]+bot$/);
  });
});

test.describe('gates', () => {
  test('maintenance on → maintenance page; off → the app reloads by itself', async ({ page, context }) => {
    const { row } = await createTestUser(page);
    await row.getByRole('link', { name: 'Open' }).click();
    const app = appFrame(page);
    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    const launcher = await context.newPage();
    await launcher.goto('/sandbox/');
    const maintenance = launcher.getByLabel('Maintenance');
    try {
      await maintenance.check();
      await expect(app.getByRole('heading', { name: 'We are under maintenance' })).toBeVisible({ timeout: 15_000 });
      await expect(app.getByText('Come back later')).toBeVisible();

      const reloads: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame.parentFrame()) reloads.push(frame.url());
      });
      await maintenance.uncheck();
      await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
      expect(reloads.length).toBeGreaterThan(0);
    } finally {
      await maintenance.uncheck();
    }
  });

  test('a non-member is blocked by the join modal until they join', async ({ page, context }) => {
    const { name, row } = await createTestUser(page, { member: false });
    const refused: string[] = [];
    const pending = new Set<object>();
    page.on('request', (request) => request.url().includes('/api/') && pending.add(request));
    page.on('requestfinished', (request) => pending.delete(request));
    page.on('requestfailed', (request) => pending.delete(request));
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        refused.push(`${response.status()} ${response.url()}`);
    });
    await row.getByRole('link', { name: 'Open' }).click();
    const app = appFrame(page);
    const modal = app.getByRole('dialog', { name: 'Join the community to use the product' });
    await expect(modal).toBeVisible();
    // Nothing behind the modal asked for what the server refuses a non-member: no 403, no error toast.
    // Everything the launch asked has been answered: a refused call would have been.
    await expect.poll(() => pending.size).toBe(0);
    expect(refused).toEqual([]);
    await expect(app.getByRole('alert')).toHaveCount(0);

    await modal.getByRole('button', { name: 'Join the community' }).click();
    await expect(page.locator('#host-status')).toContainText('Opened https://t.me/');
    await expect(modal.getByRole('button', { name: 'Done' })).toBeVisible();

    // Done before joining: the app reloads and says the user is not in the community yet.
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(modal.getByTestId('not-joined-yet')).toHaveText(
      'You have not joined the community yet. Open it, join, then press “Done”.',
    );
    await modal.getByRole('button', { name: 'Join the community' }).click();
    await expect(modal.getByRole('button', { name: 'Done' })).toBeVisible();

    // The user joins (the sandbox stands in for Telegram's membership), then taps Done.
    const launcher = await context.newPage();
    await launcher.goto('/sandbox/');
    await launcher.locator('[data-testid^="user-row-"]').filter({ hasText: name }).getByLabel('Member').check();
    await modal.getByRole('button', { name: 'Done' }).click();

    await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(app.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('error catalogue in the browser', () => {
  test('tampered launch data: the sign-in is refused, haptic error, and the Mini App closes', async ({ page }) => {
    const { row } = await createTestUser(page);
    // Change one signed field after signing, as an attacker would.
    await page.route('**/sandbox/api/users/*/launch', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { url: string };
      const hash = new URLSearchParams(body.url.slice(body.url.indexOf('#') + 1));
      const initData = new URLSearchParams(hash.get('tgWebAppData') ?? '');
      initData.set('auth_date', String(Number(initData.get('auth_date')) - 1));
      hash.set('tgWebAppData', initData.toString());
      await route.fulfill({ response, json: { ...body, url: `/#${hash.toString()}` } });
    });
    await row.getByRole('link', { name: 'Open' }).click();

    await expect(page.locator('#app-closed')).toBeVisible();
    await expect
      .poll(() => hostEventTypes(page))
      .toEqual(expect.arrayContaining(['web_app_trigger_haptic_feedback', 'web_app_close']));
  });
});
