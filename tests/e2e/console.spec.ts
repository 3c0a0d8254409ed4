import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consoleEn } from '../../console/shared/i18n/en';
import { consoleRu } from '../../console/shared/i18n/ru';
import { createTestUser } from './sandbox';

/*
 * The operator console: a test user made an operator in the sandbox launcher opens /operator/ with its
 * signed launch data (as the bot's /admin button opens it), sees the overview and every screen; axe
 * finds no serious or critical violation on any. Every screen is also photographed at 390 and 1280 px,
 * light and dark, English and Russian, into screenshots/console/ (its title and settled state checked).
 */
const CATALOGUES = { en: consoleEn, ru: consoleRu } as const;
const SCREENS = ['', 'reviews', 'withdrawals', 'treasury', 'price', 'tasks', 'users', 'audit', 'settings'] as const;
const TITLES = {
  '': 'overview.title',
  reviews: 'reviews.title',
  withdrawals: 'withdrawals.title',
  treasury: 'treasury.title',
  price: 'price.title',
  tasks: 'tasks.title',
  users: 'users.title',
  audit: 'audit.title',
  settings: 'settings.title',
} as const;

/** An operator's launch of the console: a sandbox user with the Operator switch on, its signed launch data. */
async function operatorLaunch(page: Page, theme: 'light' | 'dark', language: 'en' | 'ru'): Promise<string> {
  const { row } = await createTestUser(page, { theme, language });
  const id = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByTestId(`operator-${id}`).check();
  await expect(row.getByTestId(`operator-${id}`)).toBeChecked();
  const launch = await page.request.get(`/sandbox/api/users/${id}/launch`);
  const { url } = (await launch.json()) as { url: string };
  return url.slice(url.indexOf('#'));
}

/** A 1×1 PNG, as a photo proof. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The launch's user sends a link proof and a photo proof, so the review queue has something to show. */
async function sendProofs(page: Page, hash: string) {
  const initData = new URLSearchParams(hash.slice(1)).get('tgWebAppData')!;
  const signIn = await page.request.post('/api/auth/register', { data: { init_data: initData } });
  const { token } = (await signIn.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const tasks = (await (await page.request.get('/api/task/list', { headers })).json()) as Array<{
    task_id: number;
    kind: string;
  }>;
  for (const task of tasks.filter((entry) => entry.kind === 'link' || entry.kind === 'photo')) {
    await page.request.post('/api/task/start', { headers, data: { task_id: task.task_id } });
    const proof =
      task.kind === 'link'
        ? { link: 'https://t.me/ton_token_sandbox_community/42' }
        : { photo: { content_type: 'image/png', data: PNG_1X1 } };
    await page.request.post('/api/task/validate', { headers, data: { task_id: task.task_id, ...proof } });
  }
}

async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

test('an operator opens the console from its launch data and every screen passes axe', async ({ page }) => {
  const hash = await operatorLaunch(page, 'light', 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/operator/${hash}`);
  await expect(page.getByRole('heading', { name: consoleEn['overview.title'] })).toBeVisible();
  await expect(page.getByRole('navigation', { name: consoleEn['nav.label'] })).toBeVisible();
  for (const screen of SCREENS) {
    await page
      .getByRole('navigation')
      .getByRole('link', { name: consoleEn[`nav.${screen || 'overview'}` as 'nav.overview'] })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: consoleEn[TITLES[screen]] })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(
      serious.map(
        (violation) =>
          `${screen || 'overview'}: ${violation.id} ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  }
});

test('opened outside Telegram, the console says how to open it', async ({ page }) => {
  await page.goto('/operator/');
  await expect(page.getByRole('heading', { name: consoleEn['session.noLaunchTitle'] })).toBeVisible();
  await expect(page.getByText(consoleEn['session.noLaunchText'])).toBeVisible();
});

test.describe('screenshots', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en', 'ru'] as const) {
      test(`every console screen, ${theme}, ${language}`, async ({ page }) => {
        test.setTimeout(180_000);
        const hash = await operatorLaunch(page, theme, language);
        await sendProofs(page, hash);
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          for (const screen of SCREENS) {
            await page.goto(`/operator/${screen}${hash}`);
            await expect(
              page.getByRole('heading', { level: 1, name: CATALOGUES[language][TITLES[screen]] }),
            ).toBeVisible();
            await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
            await settled(page);
            await page.screenshot({
              path: `screenshots/console/${screen || 'overview'}-${width}-${theme}-${language}.png`,
              fullPage: true,
            });
          }
          const t = CATALOGUES[language];
          const shot = (name: string) =>
            page.screenshot({ path: `screenshots/console/${name}-${width}-${theme}-${language}.png` });
          // The dialogs: a confirmation, the task form, the settings' rules.
          await page.goto(`/operator/tasks${hash}`);
          await page.getByRole('button', { name: t['tasks.turnOff'] }).first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await shot('dialog-confirm');
          await page.getByRole('button', { name: t['common.cancel'] }).click();
          await page.getByRole('button', { name: t['tasks.add'] }).click();
          await page.getByRole('dialog').getByRole('button', { name: t['common.save'] }).click();
          await shot('dialog-task-form');
          await page.getByRole('button', { name: t['common.cancel'] }).click();
          await page.goto(`/operator/settings${hash}`);
          await page.getByLabel(t['settings.feePercent']).fill('100');
          await page.getByRole('button', { name: t['common.save'] }).click();
          await shot('settings-invalid');
        }
      });
    }
  }
});
