import { type Browser, type Page, expect, test } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser, devWalletDialog, expectActiveMints } from './sandbox';

/*
 * Issue #10 end to end with three people, each on their own device (browser context: the farm code
 * check is once per device): A invites B; B mints and pays; A sees B, the badge and the reward,
 * moves part of it to the main balance and makes a one-use farming link from the referral balance;
 * B opens it and activates it (a gift, then an active mint); C opens the same link and is told it is
 * used up; A cancels a second link, and C opening that one is told it was revoked.
 */

const userRow = (page: Page, name: string) => page.locator('[data-testid^="user-row-"]').filter({ hasText: name });

/** Opens the launcher on a new device and the app for `name` (with a farm code when given). */
async function openOnNewDevice(browser: Browser, name: string, farmCode?: string) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/sandbox/');
  const row = userRow(page, name);
  if (farmCode) await row.getByLabel('Farm code').fill(farmCode);
  await row.getByRole('link', { name: 'Open' }).click();
  return { page, app: appFrame(page), close: () => context.close() };
}

const nav = (page: Page) => appFrame(page).getByRole('navigation', { name: 'Main' });
/** The farm code a t.me link carries: …?startapp=farm_<code>. */
const codeOf = (link: string | null) => /startapp=farm_([A-Za-z0-9]+)/.exec(link ?? '')?.[1] ?? '';

test('A invites B, earns from B\u2019s mint, transfers, hands out a farming link B activates; C sees it used and a cancelled one revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);

  // ---- A signs in once, so the launcher knows A's ref code ----------------------------------------
  const a = await createTestUser(page, { name: `Alice ${Date.now() % 100000}` });
  await a.row.getByRole('link', { name: 'Open' }).click();
  await expect(appFrame(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/sandbox/');
  // The row's codes: the Telegram id, then the ref code once the user has signed in.
  const refCode = (await userRow(page, a.name).locator('code').nth(1).textContent())!.trim();
  expect(refCode).toMatch(/^[A-Za-z0-9_-]+$/);

  // ---- B signs up with A's code, connects the dev wallet, mints 45 TON and pays -------------------
  const b = await createTestUser(page, {
    name: `Bob ${Date.now() % 100000}`,
    referrerCode: refCode,
    platform: 'tdesktop',
  });
  await b.row.getByRole('link', { name: 'Open' }).click();
  let app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await connectDevWallet(page);
  await nav(page).getByRole('link', { name: 'Mint' }).click();
  await app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
  await app.getByRole('textbox', { name: 'Amount (TON)' }).fill('45');
  await expect(app.getByTestId('mint-calculation')).toContainText('4 500');
  await app.getByRole('button', { name: 'Create mint' }).click();
  await devWalletDialog(page).getByRole('button', { name: 'Approve' }).click();
  await expectActiveMints(page, app.getByRole('region', { name: 'Active mints' }).getByTestId('mint-card'), 1);

  // ---- A: the badge, B on the list, the reward (5 % of 4 500 tokens at level 1) --------------------
  await page.goto('/sandbox/');
  await userRow(page, a.name).getByRole('link', { name: 'Open' }).click();
  app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const referralLink = nav(page).getByRole('link', { name: /Referral/ });
  await expect(referralLink).toContainText('1');
  await expect(referralLink.getByLabel('1 new referral')).toBeVisible();
  await referralLink.click();
  await expect(app.getByRole('heading', { name: 'Referral', exact: true })).toBeVisible();
  await expect(app.getByTestId('referral-tier')).toContainText('Level 1 of 8');
  const friend = app.getByTestId('referral-item').filter({ hasText: b.name });
  await expect(friend).toBeVisible();
  await expect(friend).toContainText('New');
  await expect(friend.getByTestId('referral-item-turnover')).toContainText('45');
  await expect(friend.getByTestId('referral-item-earned')).toContainText('225');
  await expect(app.getByTestId('referral-balance')).toHaveText(/^225\.00/);
  // Shown once: the badge is gone.
  await expect(referralLink.getByLabel('1 new referral')).toHaveCount(0);
  // The navbar's Invite Friends and copy buttons are on this screen.
  await expect(app.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  await app.getByRole('button', { name: 'Copy referral link' }).click();
  await expect(app.getByText('Referral link copied to clipboard')).toBeVisible();

  // ---- A moves 25 tokens to the main balance --------------------------------------------------------
  await app.getByRole('button', { name: 'Transfer', exact: true }).click();
  const transfer = app.getByRole('dialog', { name: 'Transfer to balance' });
  await transfer.getByRole('textbox').fill('300');
  await expect(transfer.getByRole('alert')).toContainText('Enter at most 225.00 TKN: your referral balance.');
  await transfer.getByRole('textbox').fill('25');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(app.getByText('Moved to your balance')).toBeVisible();
  await expect(transfer).toBeHidden();
  await expect(app.getByTestId('referral-balance')).toHaveText(/^200\.00/);

  // ---- A makes a one-use link worth a 1 TON mint (100 tokens) from the referral balance -------------
  const makeLink = async () => {
    await app.getByRole('link', { name: 'Farming link' }).click();
    await expect(app.getByRole('heading', { name: 'Referral farming' })).toBeVisible();
    await app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
    await app.getByRole('textbox', { name: /Each activation gives a mint of/ }).fill('1');
    await app.getByRole('textbox', { name: 'Number of activations' }).fill('1');
    // The limit as every figure is written: its thousands spaced.
    await expect(app.getByText('From 1 to 1\u00A0000 people can activate the link.')).toBeVisible();
    await expect(app.getByTestId('farming-calculation')).toContainText('100');
    await app.getByRole('button', { name: 'Create link' }).click();
    const modal = app.getByRole('dialog', { name: 'Farming link' });
    await expect(modal).toBeVisible();
    const code = codeOf(await modal.getByTestId('farm-link-url').first().textContent());
    expect(code).not.toBe('');
    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(modal).toBeHidden();
    return code;
  };
  const firstCode = await makeLink();
  await nav(page)
    .getByRole('link', { name: /Referral/ })
    .click();
  await expect(app.getByTestId('referral-balance')).toHaveText(/^100\.00/);

  // ---- B opens the link on B's device: a gift, Activate, the mint is active --------------------------
  const bDevice = await openOnNewDevice(browser, b.name, firstCode);
  const gift = bDevice.app.getByRole('dialog', { name: 'A mint for you' });
  await expect(gift).toBeVisible();
  await expect(gift.getByTestId('farm-activation-active')).toBeVisible();
  await expect(gift).toContainText('100');
  await gift.getByRole('button', { name: 'Activate' }).click();
  await expect(bDevice.app.getByText(/^New mint #[A-Z0-9]{8} created via a farming link$/)).toBeVisible();
  await expect(gift).toBeHidden();
  await expect(bDevice.app.getByRole('region', { name: 'Active mints' }).getByTestId('mint-card')).toHaveCount(2);
  await bDevice.page.screenshot({ path: test.info().outputPath('farm-activated.png') });
  await bDevice.close();

  // ---- C, a third person, opens the same link: used up --------------------------------------------
  const c = await createTestUser(page, { name: `Carol ${Date.now() % 100000}` });
  const cDevice = await openOnNewDevice(browser, c.name, firstCode);
  const rocket = cDevice.app.getByRole('dialog', { name: 'We cannot activate this link.' });
  await expect(rocket).toBeVisible();
  await expect(rocket.getByTestId('farm-activation-reached')).toBeVisible();
  await expect(rocket.getByRole('button', { name: 'Activate' })).toHaveCount(0);
  // It says why: a single-use invitation, and it has been used.
  await expect(rocket).toContainText('This invitation was for one person and has been used');
  await rocket.getByRole('button', { name: 'Close' }).click();
  // Dan on Carol's phone: the code was checked on this device, but not by him — he is told too.
  const d = await createTestUser(page, { name: `Dan ${Date.now() % 100000}` });
  await cDevice.page.goto('/sandbox/');
  const dRow = userRow(cDevice.page, d.name);
  await dRow.getByLabel('Farm code').fill(firstCode);
  await dRow.getByRole('link', { name: 'Open' }).click();
  await expect(cDevice.app.getByRole('dialog', { name: 'We cannot activate this link.' })).toContainText(
    'This invitation was for one person and has been used',
  );
  await cDevice.close();

  // ---- A makes a second link and cancels it: its 100 tokens come back; C is told it was revoked -----
  await page.goto('/sandbox/');
  await userRow(page, a.name).getByRole('link', { name: 'Open' }).click();
  app = appFrame(page);
  await nav(page)
    .getByRole('link', { name: /Referral/ })
    .click();
  const secondCode = await makeLink();
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await app.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Farming' }).click();
  const links = app.getByTestId('farming-link');
  await expect(links).toHaveCount(2);
  // A revoked link shows no code any more: keep hold of the card by its row id (data-id, never shown:
  // both cards are named by what they give, the same here).
  const secondId = (await links.filter({ hasText: secondCode }).getAttribute('data-id'))!;
  const second = app.locator(`[data-testid="farming-link"][data-id="${secondId}"]`);
  await expect(second).toContainText('0 of 1 used');
  await expect(links.filter({ hasNotText: secondCode })).toContainText('1 of 1 used');
  await second.getByRole('button', { name: 'Cancel link' }).click();
  const confirm = app.getByRole('dialog', { name: 'Cancel farming link?' });
  await confirm.getByRole('button', { name: 'Cancel link' }).click();
  await expect(app.getByText('Link canceled: 100.00 TKN returned to your referral balance')).toBeVisible();
  await expect(second).toContainText('Revoked');

  const cAgain = await openOnNewDevice(browser, c.name, secondCode);
  const lock = cAgain.app.getByRole('dialog', { name: 'This link has been revoked' });
  await expect(lock).toBeVisible();
  await expect(lock).toContainText('Please contact its author.');
  await expect(lock.getByTestId('farm-activation-revoked')).toBeVisible();
  await cAgain.close();

  await nav(page)
    .getByRole('link', { name: /Referral/ })
    .click();
  await expect(app.getByTestId('referral-balance')).toHaveText(/^100\.00/);
});
