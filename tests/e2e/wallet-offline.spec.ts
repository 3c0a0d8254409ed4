import { expect, test, type Page } from '@playwright/test';
import { INJECTED_DEV_WALLET, appFrame, connectDevWallet, createTestUser, devWalletDialog } from './sandbox';

/*
 * The sandbox wallet never dead-ends, at phone width (a phone platform: the host's 390 px frame,
 * where the wallets modal shows its phone views). Tonkeeper stands for any phone wallet that cannot
 * connect here: its HTTP bridge's host is refused by the test, as it would be offline.
 */

const refuseTonkeeperBridge = (page: Page) =>
  page.context().route('https://bridge.tonapi.io/**', (route) => route.abort('connectionrefused'));

async function openAsUser(page: Page, language: 'en' | 'ru' = 'en', platform: 'android' | 'tdesktop' = 'android') {
  await refuseTonkeeperBridge(page);
  const { row } = await createTestUser(page, { platform, language });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  // The first launch after the server starts builds its caches: room for a busy machine.
  const dashboard = language === 'ru' ? 'Главная' : 'Dashboard';
  await expect(app.getByRole('heading', { name: dashboard })).toBeVisible({ timeout: 20_000 });
  return app;
}

/** The library's close button: the first icon button of its modal. */
const closeWalletsModal = (page: Page) =>
  appFrame(page).locator('[data-tc-modal] [data-tc-icon-button]').first().click();

test('at phone width the Dev Wallet is offered, and a phone wallet that cannot connect leaves it usable', async ({
  page,
}) => {
  const app = await openAsUser(page);

  // A phone wallet first: it cannot connect; the user gives up on it.
  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = app.locator('[data-tc-wallets-modal-container]');
  await expect(modal.getByRole('button', { name: INJECTED_DEV_WALLET })).toBeVisible();
  await modal.getByRole('button', { name: /Tonkeeper/ }).click();
  await expect(modal).toContainText('Continue in Tonkeeper');
  await closeWalletsModal(page);
  await expect(modal).toBeHidden();

  // The button still opens the modal, and the Dev Wallet connects from it.
  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  await modal.getByRole('button', { name: INJECTED_DEV_WALLET }).click();
  const sheet = devWalletDialog(page);
  await expect(sheet).toContainText('TON Token wants to connect');
  await sheet.getByRole('button', { name: 'Connect' }).click();
  await expect(sheet).toBeHidden();
  await expect(app.getByTestId('wallet-address')).toHaveText(/^0Q.…[\w-]{4}$/);
});

test('on desktop too, a wallet that cannot connect leaves the Dev Wallet usable', async ({ page }) => {
  const app = await openAsUser(page, 'en', 'tdesktop');
  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = app.locator('[data-tc-wallets-modal-container]');
  // The desktop view lists three wallets (Telegram's and the two Dev Wallets): Tonkeeper is in all wallets.
  await modal.getByRole('button', { name: 'View all wallets' }).click();
  await modal
    .getByRole('button', { name: /^Tonkeeper/ })
    .first()
    .click();
  await expect(modal).toContainText('Tonkeeper');
  await closeWalletsModal(page);
  await expect(modal).toBeHidden();

  // The picker opens again and the Dev Wallet connects: the button is not dead.
  await connectDevWallet(page);
});

test('a reload whose saved session waits on an unreachable bridge gives up in seconds and says so', async ({
  page,
}) => {
  const app = await openAsUser(page);
  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = app.locator('[data-tc-wallets-modal-container]');
  await modal.getByRole('button', { name: /Tonkeeper/ }).click();
  await expect(modal).toContainText('Continue in Tonkeeper');

  // Reloaded while Tonkeeper's session is still pending (as when Telegram reopens the app).
  await page.getByRole('button', { name: 'Reload' }).click();
  const restoring = app.getByRole('button', { name: 'Restoring wallet connection' });
  await expect(restoring).toBeVisible();
  const restoringSince = Date.now();
  // The library alone waits 12 s on the bridge (after loading itself); the app gives up after
  // timings.walletRestoreMs (4 s) and says so.
  const gaveUp = app.getByRole('status').filter({ hasText: 'Your wallet did not answer. Connect it again.' });
  await expect(gaveUp).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - restoringSince).toBeLessThan(11_000);
  await expect(restoring).toBeHidden();

  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  await modal.getByRole('button', { name: INJECTED_DEV_WALLET }).click();
  const sheet = devWalletDialog(page);
  await sheet.getByRole('button', { name: 'Connect' }).click();
  await expect(app.getByTestId('wallet-address')).toBeVisible();
  await expect(gaveUp).toBeHidden();
});

test('the Dev Wallet’s sheet speaks the user’s language', async ({ page }) => {
  const app = await openAsUser(page, 'ru');
  await app.getByRole('button', { name: 'Подключить кошелёк' }).click();
  await app.locator('[data-tc-wallets-modal-container]').getByRole('button', { name: INJECTED_DEV_WALLET }).click();
  const sheet = devWalletDialog(page);
  await expect(sheet).toContainText('TON Token запрашивает подключение');
  await expect(sheet).toContainText('Адрес');
  await expect(sheet).toContainText('Баланс');
  await sheet.getByRole('button', { name: 'Подключить' }).click();
  await expect(app.getByTestId('wallet-address')).toBeVisible();

  await app.getByRole('button', { name: /тестовый перевод/i }).click();
  await expect(sheet).toContainText('Подтвердите перевод');
  await sheet.getByRole('button', { name: 'Отклонить' }).click();
  await expect(sheet).toBeHidden();
});
