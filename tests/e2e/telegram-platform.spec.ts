import { expect, test, type Page } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser, expectActiveMints, hostEventTypes, resetPrice } from './sandbox';

/*
 * Telegram's later platform through the sandbox's host emulator (docs/decisions.md "Telegram's platform"):
 * the price chart full screen (portrait and landscape, clear of the status bar and Telegram's controls;
 * refused; before 8.0), Telegram's Settings item, the home-screen offer after the first active mint (in
 * English and Russian), the refresh token in SecureStorage on 9.0, and the story of an invite (the
 * server's PNG). Screenshots go to /tmp/tg/.
 */

const SHOTS = '/tmp/tg';

/** The launcher's client options, then Open, as a person picks them. */
async function openApp(
  page: Page,
  options: Parameters<typeof createTestUser>[1] & { version?: string; homeScreen?: string } = {},
) {
  const { row } = await createTestUser(page, options);
  if (options.version) await page.getByLabel('Client version').selectOption(options.version);
  if (options.homeScreen) await page.getByLabel('Home screen').selectOption(options.homeScreen);
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  return app;
}

/** Where `box` sits inside the app's frame. */
async function inFrame(page: Page, box: { x: number; y: number } | null) {
  const frame = await page.locator('#app-frame').boundingBox();
  return { x: box!.x - frame!.x, y: box!.y - frame!.y };
}

const WORDS = {
  en: {
    fullscreen: 'Full screen',
    chart: 'Price chart',
    close: 'Close',
    referral: 'Referral',
    story: 'Share to story',
  },
  ru: {
    fullscreen: 'Во весь экран',
    chart: 'График цены',
    close: 'Закрыть',
    referral: 'Рефералы',
    story: 'Поделиться в истории',
  },
} as const;

for (const [language, theme] of [
  ['en', 'light'],
  ['ru', 'dark'],
] as const) {
  test(`the price chart full screen on 8.0, portrait and landscape, clear of Telegram's insets (${language}, ${theme})`, async ({
    page,
  }) => {
    const words = WORDS[language];
    // A fresh server may have no candle yet: one price tick makes the first.
    await resetPrice(page.request);
    const app = await openApp(page, { language, theme, platform: 'ios' });
    // The chart section and lightweight-charts are lazy chunks: on a busy machine they take a while.
    await expect(app.getByRole('img', { name: /TKN|TON/ })).toBeVisible({ timeout: 30_000 });
    await app.getByRole('button', { name: words.fullscreen }).click();

    const view = app.getByRole('dialog', { name: words.chart });
    await expect(view).toBeVisible();
    await expect(page.getByTestId('fullscreen-overlay')).toBeVisible();
    expect(await hostEventTypes(page)).toContain('web_app_request_fullscreen');
    // Below the status bar (47 px) and Telegram's Close / ⋯ (46 px).
    const heading = await inFrame(page, await view.getByRole('heading').boundingBox());
    expect(heading.y).toBeGreaterThanOrEqual(93);
    await expect(view.getByRole('img')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/chart-fullscreen-portrait-${language}-${theme}.png` });

    await page.getByRole('button', { name: 'Rotate' }).click();
    await expect(page.locator('.phone')).toHaveClass(/landscape/);
    // Clear of the notch at the side (47 px) in landscape.
    await expect
      .poll(async () => (await inFrame(page, await view.getByRole('heading').boundingBox())).x)
      .toBeGreaterThanOrEqual(47);
    await page.screenshot({ path: `${SHOTS}/chart-fullscreen-landscape-${language}-${theme}.png` });
    await page.getByRole('button', { name: 'Rotate' }).click();

    // Telegram's back button (in full screen its floating ‹ Back) closes the view and leaves full screen.
    await page.locator('#fs-back').click();
    await expect(view).toHaveCount(0);
    expect(await hostEventTypes(page)).toContain('web_app_exit_fullscreen');
    await expect(page.getByTestId('fullscreen-overlay')).toBeHidden();
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('full screen refused (UNSUPPORTED on Telegram Web) or unknown to the client (7.0): the chart fills the app', async ({
  page,
}) => {
  await resetPrice(page.request);
  let app = await openApp(page, { platform: 'web' });
  await app.getByRole('button', { name: 'Full screen' }).click();
  let view = app.getByRole('dialog', { name: 'Price chart' });
  await expect(view.getByRole('status')).toHaveText('Full screen is not available here (UNSUPPORTED).');
  await expect(view.getByRole('img')).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toHaveCount(0);
  expect(await hostEventTypes(page)).not.toContain('web_app_exit_fullscreen');

  app = await openApp(page, { version: '7.0' });
  await app.getByRole('button', { name: 'Full screen' }).click();
  view = app.getByRole('dialog', { name: 'Price chart' });
  await expect(view.getByRole('img')).toBeVisible();
  await expect(view.getByRole('status')).toHaveCount(0);
  expect(await hostEventTypes(page)).not.toContain('web_app_request_fullscreen');
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toHaveCount(0);
});

test("Telegram's Settings item opens the Info sheet with the bot's switch and the rules; a 6.0 client has none", async ({
  page,
}) => {
  let app = await openApp(page);
  await expect.poll(() => hostEventTypes(page)).toContain('web_app_setup_settings_button');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const sheet = app.getByRole('dialog', { name: 'How it works' });
  await expect(sheet.getByTestId('notifications-switch')).toBeVisible();
  await expect(sheet.getByTestId('program-rules')).toBeVisible();
  // 8.0: the home screen is always offered here.
  await expect(sheet.getByTestId('home-screen-row')).toContainText('Add to home screen');

  app = await openApp(page, { version: '6.0' });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await app.getByRole('button', { name: 'How it works' }).first().click();
  await expect(app.getByRole('dialog', { name: 'How it works' }).getByTestId('program-rules')).toBeVisible();
  await expect(app.getByTestId('home-screen-row')).toHaveCount(0);
});

test('after the first active mint the app offers the home screen once; added, it never offers again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = await openApp(page, { platform: 'android' });
  await connectDevWallet(page);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mint' }).click();
  await app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
  await app.getByRole('textbox', { name: 'Amount (TON)' }).fill('10');
  await app.getByRole('button', { name: 'Create mint' }).click();
  const sheet = app.getByRole('dialog', { name: 'Dev Wallet' });
  await sheet.getByRole('button', { name: 'Approve' }).click();
  await expectActiveMints(page, app.getByRole('region', { name: 'Active mints' }).getByTestId('mint-card'), 1);

  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const offer = app.getByTestId('home-screen-offer');
  await expect(offer).toBeVisible();
  expect(await hostEventTypes(page)).toContain('web_app_check_home_screen');
  await offer.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/home-screen-offer-en-light.png` });
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: `${SHOTS}/home-screen-offer-en-dark.png` });

  await offer.getByRole('button', { name: 'Add to home screen' }).click();
  const confirm = page.getByTestId('home-screen-dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Add' }).click();
  await expect(app.getByTestId('toast').filter({ hasText: 'Added to your home screen' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  expect(await hostEventTypes(page)).toContain('web_app_add_to_home_screen');

  // A new launch: not offered again; the Info sheet says it is there.
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(app.getByRole('region', { name: 'Active mints' }).getByTestId('mint-card')).toHaveCount(1);
  await expect(app.getByTestId('home-screen-offer')).toHaveCount(0);
  await app.getByRole('button', { name: 'How it works' }).first().click();
  await expect(app.getByTestId('home-screen-row')).toContainText('Added to your home screen');
});

test('the home-screen offer in Russian, dark, at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const app = await openApp(page, { platform: 'android', language: 'ru', theme: 'dark' });
  await connectDevWallet(page, 'ru');
  const nav = app.getByRole('navigation', { name: 'Главное меню' });
  await nav.getByRole('link', { name: 'Минт' }).click();
  await app.getByRole('group', { name: 'План' }).getByRole('button', { name: '30 дней' }).click();
  await app.getByRole('textbox', { name: 'Сумма (TON)' }).fill('10');
  await app.getByRole('button', { name: 'Создать минт' }).click();
  await app.getByRole('dialog', { name: 'Dev Wallet' }).getByRole('button', { name: 'Подтвердить' }).click();
  await expectActiveMints(page, app.getByRole('region', { name: 'Активные минты' }).getByTestId('mint-card'), 1);

  await nav.getByRole('link', { name: 'Главная' }).click();
  const offer = app.getByTestId('home-screen-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Приложение на главном экране');
  await expect(offer.getByRole('button', { name: 'На главный экран' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Не сейчас' })).toBeVisible();
  expect((await page.locator('#app-frame').boundingBox())!.width).toBe(390);
  await offer.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/home-screen-offer-ru-dark.png` });
});

test('on 9.0 the refresh token is kept in SecureStorage, not in web storage, and a reload stays signed in', async ({
  page,
}) => {
  const app = await openApp(page, { version: '9.0' });
  const webStorage = async () => {
    const frame = await (await page.locator('#app-frame').elementHandle())!.contentFrame();
    return frame!.evaluate(() => ({
      token: localStorage.getItem('auth.token'),
      refresh: localStorage.getItem('auth.refresh'),
    }));
  };
  // The emulator keeps SecureStorage in its own page's storage (server/sandbox/frame.html).
  const secureRefresh = () =>
    page.evaluate(
      () => Object.entries(localStorage).find(([key]) => /^sandbox-secure:.*:auth\.refresh$/.test(key))?.[1] ?? null,
    );
  // After the sign-in, which on a busy machine takes a while.
  await expect.poll(secureRefresh, { timeout: 30_000 }).not.toBeNull();
  const first = await secureRefresh();
  expect(await webStorage()).toEqual({ token: expect.any(String), refresh: null });
  expect(await hostEventTypes(page)).toEqual(
    expect.arrayContaining(['web_app_secure_storage_get_key', 'web_app_secure_storage_save_key']),
  );

  // A new launch reads it from there, signs in again (a new pair, saved there too) and works.
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(secureRefresh, { timeout: 30_000 }).not.toBe(first);
  expect((await webStorage()).refresh).toBeNull();
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Referral' }).click();
  await expect(app.getByTestId('referral-tier')).toBeVisible();
});

for (const [language, theme] of [
  ['en', 'light'],
  ['ru', 'dark'],
] as const) {
  test(`the referral screen shares the invite as a story: the server's image, the caption, the link (${language}, ${theme})`, async ({
    page,
  }) => {
    const words = WORDS[language];
    const app = await openApp(page, { language, theme });
    await app
      .getByRole('navigation', { name: language === 'en' ? 'Main' : 'Главное меню' })
      .getByRole('link', { name: words.referral })
      .click();
    await app.getByRole('button', { name: words.story }).click();
    const story = page.getByTestId('story-dialog');
    await expect(story).toBeVisible();
    await expect(page.locator('#story-media')).toHaveText(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/story/[A-Z0-9]{8}\\.png\\?lang=${language}$`),
    );
    await expect(page.locator('#story-link')).toHaveText(/→ https:\/\/t\.me\/.+\?startapp=[A-Z0-9]{8}$/);
    await expect(page.locator('#story-text')).not.toHaveText('—');
    await expect
      .poll(() => page.locator('#story-image').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1080);
    await page.screenshot({ path: `${SHOTS}/story-preview-${language}-${theme}.png` });
    await story.getByRole('button', { name: 'Post story' }).click();
    await expect(story).toBeHidden();
  });
}

test('a client before 7.8 has no Share to story', async ({ page }) => {
  const app = await openApp(page, { version: '7.0' });
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Referral' }).click();
  await expect(app.getByTestId('referral-tier')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Share to story' })).toHaveCount(0);
});
