import { expect, test } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser, devWalletDialog, hostTelegramLinks } from './sandbox';

/** A new dev wallet's 100 TON after a 1 TON transfer and its fee (the TVM's: under 0.01 TON). */
const AFTER_ONE_TON = /^98\.99\d{2}\sTON$/;

/*
 * Issue #3 end to end, through the sandbox: launcher → app → the TON Connect modal → the dev wallet.
 * A desktop platform (the modal's desktop view); tests/e2e/wallet-offline.spec.ts covers phone width.
 */
test('connect the dev wallet, disconnect, reconnect, then approve and decline a test transfer', async ({ page }) => {
  const { row } = await createTestUser(page, { platform: 'tdesktop' });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Connect from the library's wallets modal.
  await connectDevWallet(page);
  const address = app.getByTestId('wallet-address');
  await expect(address).toHaveText(/^0Q.…[\w-]{4}$/);
  const shown = await address.textContent();
  await expect(app.getByTestId('wallet-balance')).toHaveText('100.0000 TON');
  // The library's own button shows 4 + 4 of the same address.
  await expect(
    app.getByRole('button', { name: new RegExp(`^${shown!.slice(0, 3)}.…${shown!.slice(-4)}`) }),
  ).toBeVisible();

  // Disconnect through the app's own modal.
  await app.getByRole('button', { name: 'Disconnect', exact: true }).click();
  const modal = app.getByRole('dialog', { name: 'Disconnect wallet?' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Disconnect' }).click();
  await expect(modal).toBeHidden();
  await expect(address).toBeHidden();
  await expect(app.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();

  // Reconnect: the same wallet, the same address.
  await connectDevWallet(page);
  await expect(address).toHaveText(shown!);

  // A test transfer, approved: the app says it is processing and the balance drops (1 TON + the fee the
  // TVM charged for deploying the wallet and sending, a few thousandths of a TON).
  await app.getByRole('button', { name: 'Send test transfer (1\u00A0TON)' }).click();
  const sheet = devWalletDialog(page);
  await expect(sheet).toContainText('Confirm transaction');
  await expect(sheet.getByTestId('devwallet-message')).toContainText('1 TON');
  await sheet.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Transaction is being processed' })).toBeVisible();
  await expect(app.getByTestId('wallet-balance')).toHaveText(AFTER_ONE_TON);
  // One announcement per event: the app's toast, not the library's notification too.
  await expect(app.getByText('Transaction sent', { exact: true })).toHaveCount(0);

  // Declined: the cancellation shows once, in the app's toast; no money moves.
  await app.getByRole('button', { name: 'Send test transfer (1\u00A0TON)' }).click();
  await expect(sheet).toContainText('Confirm transaction');
  await sheet.getByRole('button', { name: 'Decline' }).click();
  await expect(app.getByRole('alert').filter({ hasText: 'Transaction was not sent' })).toBeVisible();
  await expect(app.getByText('Transaction canceled', { exact: true })).toHaveCount(0);
  await expect(app.getByTestId('wallet-balance')).toHaveText(AFTER_ONE_TON);

  // The dev chain agrees: one transfer of 1 TON plus its fee, nothing for the declined one.
  const shownBalance = await app.getByTestId('wallet-balance').textContent();
  await page.goto('/sandbox/');
  await expect(row).toContainText(shownBalance!);
});

/*
 * The injected Dev Wallet at phone width (the library's phone view, which opens a chosen wallet by its
 * link): it answers in the page, so Telegram is never asked to open a link — on connect, on a
 * transaction, or from the "confirm in your wallet" modal — where its t.me link would have Telegram
 * reopen this Mini App (scripts/tonconnect-ui-patches.ts). tests/e2e/wallet-bridge.spec.ts holds the
 * phone wallet over the bridge to its link and its return.
 */
test('the injected Dev Wallet at phone width never asks Telegram to open a link', async ({ page }) => {
  const { row } = await createTestUser(page, { platform: 'android' });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await connectDevWallet(page, 'en', async (modal) => {
    await expect(modal.getByText('View all', { exact: true })).toBeVisible();
  });
  expect(await hostTelegramLinks(page)).toEqual([]);

  await app.getByRole('button', { name: 'Send test transfer (1\u00A0TON)' }).click();
  const sheet = devWalletDialog(page);
  await expect(sheet).toContainText('Confirm transaction');
  // The library's "confirm in your wallet" modal offers no link to open the wallet by.
  const confirm = app.locator('[data-tc-wallets-modal-container], [data-tc-actions-modal-container]');
  await expect(confirm.getByRole('button', { name: 'Open wallet' })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Approve' }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Transaction is being processed' })).toBeVisible();
  await expect(app.getByTestId('wallet-balance')).toHaveText(AFTER_ONE_TON);
  expect(await hostTelegramLinks(page)).toEqual([]);
});
