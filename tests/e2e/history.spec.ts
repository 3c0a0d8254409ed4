import { expect, test } from '@playwright/test';
import { appFrame, createTestUser } from './sandbox';

/*
 * Issue #12 (operations): /history lists every balance change, newest first, with its type, balance,
 * signed amount and the balance after it; it updates while open and reads on as the list is scrolled.
 */
test('launcher grants appear in History with their balances, live, and the list reads on when scrolled', async ({
  page,
  context,
}) => {
  const { name, row } = await createTestUser(page);
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await app.getByRole('link', { name: 'History' }).click();
  await expect(app.getByTestId('history-empty')).toContainText('No operations yet');

  // The launcher in another tab grants 100 tokens to the main balance, then to the referral balance.
  const launcher = await context.newPage();
  await launcher.goto('/sandbox/');
  const launcherRow = launcher.locator('[data-testid^="user-row-"]').filter({ hasText: name });
  await launcherRow.getByRole('button', { name: 'Grant 100\u00A0TKN' }).click();

  const operations = app.getByTestId('operation');
  await expect(operations).toHaveCount(1);
  await expect(operations.first()).toContainText('Test tokens');
  await expect(operations.first().getByTestId('operation-account')).toHaveText('Main balance');
  await expect(operations.first().getByTestId('operation-amount')).toHaveText('+100.00 TKN');
  await expect(operations.first()).toContainText('Balance 100.00 TKN');

  await launcherRow.getByLabel('Grant to').selectOption('referral_balance');
  await launcherRow.getByRole('button', { name: 'Grant 100\u00A0TKN' }).click();
  await expect(operations).toHaveCount(2);
  await expect(operations.first().getByTestId('operation-account')).toHaveText('Referral balance');
  await expect(operations.first().getByTestId('operation-amount')).toHaveText('+100.00 TKN');
  await expect(operations.nth(1).getByTestId('operation-account')).toHaveText('Main balance');

  // Ten more: a fresh load shows the newest 10 of 12, and scrolling to the end reads the rest.
  for (let n = 0; n < 10; n++) {
    const response = await page.request.post(`/sandbox/api/users/${sandboxUserId}/grant`, { data: { amount: '1.5' } });
    expect(response.status()).toBe(200);
  }
  await page.reload();
  await appFrame(page).getByRole('link', { name: 'History' }).click();
  const reloaded = appFrame(page).getByTestId('operation');
  await expect(reloaded).toHaveCount(10);
  await expect(appFrame(page).getByText('12 operations')).toBeVisible();
  await expect(reloaded.first().getByTestId('operation-amount')).toHaveText('+1.50 TKN');
  await reloaded.last().scrollIntoViewIfNeeded();
  await expect(reloaded).toHaveCount(12);
  await expect(reloaded.last()).toContainText('Test tokens');
  await expect(reloaded.last().getByTestId('operation-amount')).toHaveText('+100.00 TKN');
  await expect(appFrame(page).getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
