import { expect, test } from '@playwright/test';
import { appFrame, createTestUser } from './sandbox';

/* docs/product.md §2 Info: a sheet from the dashboard, mint and staking screens, with the live figures. */
test('the Info sheet explains the program with the figures the server uses', async ({ page }) => {
  const { row } = await createTestUser(page);
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await app.getByRole('button', { name: 'How it works' }).click();
  const sheet = app.getByRole('dialog', { name: 'How it works' });
  const rules = sheet.getByTestId('program-rules');
  // The programme's own figures are round: no zeros after the point (docs/decisions.md "Formats").
  await expect(rules).toContainText('30 days: +5% over 30 days, from 1 to 100 000 TON');
  await expect(rules).toContainText('it earns 1% of its tokens a day');
  await expect(rules).toContainText('Hold: +0.05% for every 7 days you keep a stake, up to +0.5%.');
  const tiers = rules.getByRole('row');
  await expect(tiers).toHaveCount(9);
  await expect(tiers.last()).toHaveText(['8', 'from 20 000 TON', '12%'].join(''));
  // The payment that crosses a level is paid at the new one (docs/decisions.md "Referrals"): said here.
  await expect(rules).toContainText('The payment that takes them to a new level already earns you its percent.');
  await page.screenshot({ path: test.info().outputPath('info-sheet.png') });
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);

  for (const [screen, heading] of [
    ['Mint', 'Mint'],
    ['Staking', 'Staking'],
  ] as const) {
    await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click();
    await expect(app.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await app.getByRole('button', { name: 'How it works' }).click();
    await expect(app.getByRole('dialog', { name: 'How it works' }).getByTestId('program-rules')).toBeVisible();
    await page.keyboard.press('Escape');
  }

  // …and on the referral screen, beside the way to the next level.
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Referral' }).click();
  await expect(app.getByTestId('referral-level-rule')).toHaveText(
    'The payment that takes your friends to level 2 already earns you 6%.',
  );
});
