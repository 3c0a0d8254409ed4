import { expect, test } from '@playwright/test';
import { appFrame, createTestUser, openAppDirectly } from './sandbox';

/*
 * The user's switch for the bot's notifications (docs/decisions.md "Notifications"), on the Info sheet:
 * on by default, turned off on the server, still off after the app is opened again.
 */
test('the bot’s notifications are turned off from the Info sheet and stay off after a reload', async ({ page }) => {
  const { row } = await createTestUser(page);
  await row.getByRole('link', { name: 'Open' }).click();
  let app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await app.getByRole('button', { name: 'How it works' }).click();
  let sheet = app.getByRole('dialog', { name: 'How it works' });
  let toggle = sheet.getByRole('switch', { name: 'Bot notifications' });
  await expect(toggle).toBeChecked();
  await expect(toggle).toHaveAccessibleDescription("Payouts, mints, task reviews and referrals, in the bot's chat");

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user/notifications') && response.request().method() === 'PATCH',
  );
  await toggle.click();
  expect((await saved).status()).toBe(200);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();

  // Opened again: the state is the server's, from /user/me.
  await page.reload();
  app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await app.getByRole('button', { name: 'How it works' }).click();
  sheet = app.getByRole('dialog', { name: 'How it works' });
  toggle = sheet.getByRole('switch', { name: 'Bot notifications' });
  await expect(toggle).not.toBeChecked();
  // And back on.
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
});

for (const [language, info, label] of [
  ['en', 'How it works', 'Bot notifications'],
  ['ru', 'Как это работает', 'Уведомления от бота'],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the switch on the Info sheet, ${language}, ${theme}: photographed at 390 and 320 px`, async ({ page }) => {
      await openAppDirectly(page, theme, language);
      await page.getByRole('button', { name: info }).click();
      const toggle = page.getByRole('dialog', { name: info }).getByRole('switch', { name: label });
      await expect(toggle).toBeChecked();
      await expect(page.getByTestId('program-rules')).toBeVisible();
      await page.screenshot({ path: `screenshots/notifications-switch-${language}-${theme}-390.png` });
      await page.setViewportSize({ width: 320, height: 640 });
      // The row fits: nothing of it is cut off or pushes the sheet wider than the screen.
      const box = (await page.getByTestId('notifications-switch').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
      const switchBox = (await toggle.boundingBox())!;
      expect(switchBox.x + switchBox.width).toBeLessThanOrEqual(320);
      await page.screenshot({ path: `screenshots/notifications-switch-${language}-${theme}-320.png` });
    });
  }
}
