import { expect, test } from '@playwright/test';
import { INJECTED_DEV_WALLET, appFrame, connectDevWallet, createTestUser } from './sandbox';

/*
 * The mint form says what is wrong before anything is sent — the plan's range, the wallet's
 * balance with the fee — and offers to connect a wallet instead of a Create that cannot work.
 */
test('the mint form checks the amount before sending and asks for a wallet first', async ({ page }) => {
  // A fake clock that runs at the real pace: the calculation's debounce can be run out at once.
  await page.clock.install();
  const { row } = await createTestUser(page, { platform: 'tdesktop' });
  // The amounts the app asked the server to price.
  const priced: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/mint/calculate') priced.push(url.searchParams.get('amount') ?? '');
  });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mint' }).click();
  await expect(app.getByRole('heading', { name: 'Mint', exact: true })).toBeVisible();

  await app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
  await expect(app.getByTestId('mint-limits')).toHaveText('· from 1 to 100 000');
  const amount = app.getByRole('textbox', { name: 'Amount (TON)' });
  const error = app.getByTestId('mint-amount-error');

  // No wallet: no Create, a call to connect one that opens the wallet list.
  await amount.fill('5');
  await expect(app.getByRole('button', { name: 'Create mint' })).toHaveCount(0);
  await app.getByRole('button', { name: 'Connect wallet', exact: true }).click();
  await expect(app.getByRole('button', { name: INJECTED_DEV_WALLET }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await connectDevWallet(page);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mint' }).click();
  await app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
  const create = app.getByRole('button', { name: 'Create mint' });

  await amount.fill('0.5');
  await expect(error).toHaveText('Enter at least 1 TON: the minimum for this plan.');
  await expect(create).toBeDisabled();
  // Not priced either: the server's refusal would only repeat the same thing in a toast. The debounce
  // (timings.calculationDebounceMs, 300) is run out for 0.5; the request for 400 below then comes after any for 0.5.
  await page.clock.runFor(1_000);

  // The dev wallet holds 100 TON: 400 cannot be paid, and the form says so instead of the wallet.
  const pricedLater = page.waitForRequest((request) => new URL(request.url()).searchParams.get('amount') === '400');
  await amount.fill('400');
  await expect(error).toContainText('it holds 100.0000 TON, and this mint needs 400.0100 TON with the network fee.');
  await expect(create).toBeDisabled();
  await page.clock.runFor(1_000);
  await pricedLater;
  expect(priced).not.toContain('0.5');
  await expect(app.getByText(/^amount:/)).toHaveCount(0);

  await amount.fill('2');
  await expect(error).toHaveCount(0);
  await expect(app.getByTestId('mint-calculation')).toContainText('200');
  await expect(create).toBeEnabled();
});
