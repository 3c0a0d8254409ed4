import { expect, test } from '@playwright/test';
import { appFrame, createTestUser } from './sandbox';

/*
 * Where the user is: the navbar marks the item a screen belongs to (the dashboard's sections under
 * Dashboard, a screen's farming form under that screen), and the dashboard's Sell sheet, opened from
 * any section, closes back to that section.
 */
test('the navbar marks the owning item; Sell closes back to the section it was opened from', async ({ page }) => {
  test.setTimeout(90_000);
  const { row } = await createTestUser(page);
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const navbar = app.getByRole('navigation', { name: 'Main' });
  const sections = app.getByRole('navigation', { name: 'Dashboard sections' });
  const dialog = app.getByRole('dialog', { name: 'Sell tokens' });
  const current = (name: string) => expect(navbar.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');

  await current('Dashboard');
  await sections.getByRole('link', { name: 'History' }).click();
  await expect(sections.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  await current('Dashboard');
  await expect(navbar.locator('[aria-current]')).toHaveCount(1);

  // Cancel from History: the sheet is over History, and closes back to it, not to the overview.
  await sections.getByRole('link', { name: 'Sell' }).click();
  await expect(dialog).toBeVisible();
  await expect(app.getByRole('tab', { name: 'Withdrawals' })).toBeVisible();
  await current('Dashboard');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(sections.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  await expect(app.getByRole('tab', { name: 'Withdrawals' })).toBeVisible();

  // Escape from Farming: back on Farming.
  await sections.getByRole('link', { name: 'Farming' }).click();
  await expect(sections.getByRole('link', { name: 'Farming' })).toHaveAttribute('aria-current', 'page');
  await current('Dashboard');
  await sections.getByRole('link', { name: 'Sell' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(sections.getByRole('link', { name: 'Farming' })).toHaveAttribute('aria-current', 'page');

  // The referral screen's farming form is under Referral.
  await navbar.getByRole('link', { name: /Referral/ }).click();
  await app.getByRole('link', { name: 'Farming link' }).click();
  await expect(app.getByRole('heading', { name: 'Referral farming' })).toBeVisible();
  await current('Referral');
  await expect(navbar.locator('[aria-current]')).toHaveCount(1);
});
