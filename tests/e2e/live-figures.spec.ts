/**
 * Live figures (docs/decisions.md "Live figures"): A's screens follow the socket without a reload.
 * A's farming-link form says what the cheapest link costs, and offers the plans once a grant covers
 * them; then, on A's referral screen, B joins with A's code and mints on B's own device, and A's
 * friends list, earned-from-friends and friends' turnover follow.
 */
import { type Page, expect, test } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser, devWalletDialog, expectActiveMints } from './sandbox';

interface SandboxUser {
  id: number;
  first_name: string;
  app_user: { ref_code: string } | null;
}

const nav = (page: Page) => appFrame(page).getByRole('navigation', { name: 'Main' });

test('the referral screen and the farming form follow a friend and a grant without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // ---- A opens the app (and stays in it: every check below is without a reload) -------------------
  const a = await createTestUser(page, { name: `Ada ${Date.now() % 100000}` });
  const aId = (await a.row.getAttribute('data-testid'))!.replace('user-row-', '');
  await a.row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const users = (await (await page.request.get('/sandbox/api/users')).json()) as SandboxUser[];
  const refCode = users.find((user) => String(user.id) === aId)?.app_user?.ref_code ?? '';
  expect(refCode).not.toBe('');

  // ---- The farming form with an empty referral balance: no plan, and what the cheapest link costs ---
  const referralLink = nav(page).getByRole('link', { name: /Referral/ });
  await referralLink.click();
  await expect(app.getByRole('heading', { name: 'Referral', exact: true })).toBeVisible();
  await app.getByRole('link', { name: 'Farming link' }).click();
  await expect(app.getByRole('heading', { name: 'Referral farming' })).toBeVisible();
  const noPlans = app.getByTestId('farming-no-plans');
  await expect(noPlans).toContainText('Your balance covers no plan yet');
  // The smallest mint, 1 TON, at the sandbox's 0.01 TON per token.
  await expect(noPlans).toContainText('The cheapest link costs 100.00 TKN.');

  const granted = await page.request.post(`/sandbox/api/users/${aId}/grant`, {
    data: { amount: '211.44', account: 'referral_balance' },
  });
  expect(granted.status()).toBe(200);
  await expect(app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' })).toBeVisible();
  await expect(noPlans).toHaveCount(0);

  // ---- A's referral screen: no friends yet --------------------------------------------------------
  await referralLink.click();
  await expect(app.getByRole('heading', { name: 'Referral', exact: true })).toBeVisible();
  await expect(app.getByTestId('referral-empty')).toContainText('No friends yet');
  await expect(app.getByTestId('referral-total-earned')).toHaveText(/^0\.00/);
  await expect(app.getByTestId('referral-turnover')).toHaveText(/^0\.0000\sTON/);

  // ---- B, created through the launcher's API with A's code, signs in on B's own device -------------
  const bName = `Ben ${Date.now() % 100000}`;
  const created = await page.request.post('/sandbox/api/users', {
    data: { first_name: bName, start_param: refCode, platform: 'tdesktop' },
  });
  expect(created.status()).toBe(201);
  const context = await browser.newContext({ viewport: { width: 1100, height: 1000 } });
  try {
    const bPage = await context.newPage();
    await bPage.goto('/sandbox/');
    await bPage
      .locator('[data-testid^="user-row-"]')
      .filter({ hasText: bName })
      .getByRole('link', { name: 'Open' })
      .click();
    const bApp = appFrame(bPage);
    await expect(bApp.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // A's list shows B as B signs up.
    const friend = app.getByTestId('referral-item').filter({ hasText: bName });
    await expect(friend).toBeVisible();
    await expect(app.getByTestId('referral-empty')).toHaveCount(0);

    // ---- B mints 45 TON and pays with the dev wallet ----------------------------------------------
    await connectDevWallet(bPage);
    await nav(bPage).getByRole('link', { name: 'Mint' }).click();
    await bApp.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
    await bApp.getByRole('textbox', { name: 'Amount (TON)' }).fill('45');
    await expect(bApp.getByTestId('mint-calculation')).toContainText('4 500');
    await bApp.getByRole('button', { name: 'Create mint' }).click();
    await devWalletDialog(bPage).getByRole('button', { name: 'Approve' }).click();
    await expectActiveMints(bPage, bApp.getByRole('region', { name: 'Active mints' }).getByTestId('mint-card'), 1);
  } finally {
    await context.close();
  }

  // ---- A's screen follows B's paid mint: 5 % of 4 500 tokens, 45 TON of turnover ----------------------
  const friend = app.getByTestId('referral-item').filter({ hasText: bName });
  await expect(friend.getByTestId('referral-item-turnover')).toContainText('45');
  await expect(friend.getByTestId('referral-item-earned')).toContainText('225');
  await expect(app.getByTestId('referral-total-earned')).toHaveText(/^225\.00/);
  await expect(app.getByTestId('referral-turnover')).toHaveText(/^45\.0000\sTON/);
  await expect(app.getByTestId('referral-balance')).toHaveText(/^436\.44/);
});

test('the Total value counts every holding, follows a grant without a reload, and lists its parts on tap', async ({
  page,
}) => {
  const { row } = await createTestUser(page, { name: `Tess ${Date.now() % 100000}` });
  const id = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const total = app.getByTestId('total-value');
  await expect(total).toHaveText(/^0(\.0+)?\sTON$/);

  // 250 tokens to the main balance and 50 to the task balance, at the sandbox's 0.01 TON: 3 TON in all.
  for (const [amount, account] of [
    ['250', 'balance_token'],
    ['50', 'task_balance'],
  ]) {
    const granted = await page.request.post(`/sandbox/api/users/${id}/grant`, { data: { amount, account } });
    expect(granted.status()).toBe(200);
  }
  await expect(total).toHaveText(/^3(\.0+)?\sTON$/);
  await total.click();
  await expect(app.getByTestId('total-part-main')).toContainText('250.00');
  await expect(app.getByTestId('total-part-task')).toContainText('50.00');
  await expect(app.getByTestId('total-part-staked')).toContainText('0.00');
});
