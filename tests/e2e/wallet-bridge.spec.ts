import { expect, test, type Page } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser, devWalletDialog, expectActiveMints } from './sandbox';

/*
 * The wallet path most users take, offline: a phone wallet reached by its t.me universal link and TON
 * Connect's HTTP bridge. The sandbox's "Dev Wallet (mobile)" is a wallet Mini App the host emulator opens
 * when the app asks Telegram to open that link; it talks to the app only through the local bridge
 * (/bridge), end-to-end encrypted, and returns to the Mini App as the link's `ret` says. Android, in the
 * host's 390 px phone frame.
 */

const MOBILE_WALLET = /Dev Wallet \(mobile\)/;

async function openAsUser(page: Page) {
  const user = await createTestUser(page, { platform: 'android' });
  await user.row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  return { app, ...user };
}

/** The wallet Mini App the host shows over the app, and its Approve/Decline sheet. */
const walletApp = (page: Page) => page.getByTestId('wallet-app');
const walletSheet = (page: Page) =>
  page.frameLocator('#wallet-frame').getByRole('dialog', { name: 'Dev Wallet (mobile)' });

/** Connect Wallet → the wallets modal → Dev Wallet (mobile): the host opens the wallet's Mini App. */
async function chooseMobileWallet(page: Page) {
  const app = appFrame(page);
  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  await app.locator('[data-tc-wallets-modal-container]').getByRole('button', { name: MOBILE_WALLET }).click();
  await expect(walletApp(page)).toBeVisible();
  await expect(walletSheet(page)).toContainText('TON Token wants to connect');
}

async function createMint(page: Page, amount: string) {
  const app = appFrame(page);
  await app.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mint' }).click();
  await app.getByRole('group', { name: 'Plan' }).getByRole('button', { name: '30 days' }).click();
  await app.getByRole('textbox', { name: 'Amount (TON)' }).fill(amount);
  await app.getByRole('button', { name: 'Create mint' }).click();
}

test('connect through the bridge with a proof, reopen with the session restored, and pay a mint through the bridge', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { app, row } = await openAsUser(page);
  const proofChecked = page.waitForResponse(
    (r) => r.url().endsWith('/api/wallet/ton-proof') && r.request().method() === 'POST',
  );
  await chooseMobileWallet(page);
  // What the host was asked to open: the wallet's t.me link, carrying the connect request.
  const opened = await page.evaluate(() =>
    (window as unknown as { hostEvents: { type: string; data: { path_full?: string } }[] }).hostEvents
      .filter((event) => event.type === 'web_app_open_tg_link')
      .map((event) => event.data.path_full ?? ''),
  );
  expect(opened.at(-1)).toMatch(/^\/DevWalletSandboxBot\/start\?startapp=tonconnect-v__2-id__[0-9a-f]{64}-/);
  await page.screenshot({ path: test.info().outputPath('mobile-wallet-connect.png') });
  await walletSheet(page).getByRole('button', { name: 'Connect' }).click();

  // The wallet answered through the bridge and went back: the app is in front, connected and proven.
  await expect(walletApp(page)).toBeHidden();
  expect((await proofChecked).status()).toBe(200);
  await expect(app.getByTestId('wallet-address')).toHaveText(/^0Q.…[\w-]{4}$/);
  await expect(app.getByTestId('wallet-verified')).toHaveText('✓ Verified');
  const address = await app.getByTestId('wallet-address').textContent();

  // Closed and opened again (a new signed launch, the same phone): the bridge session is restored.
  await page.goto('/sandbox/');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(app.getByTestId('wallet-address')).toHaveText(address!);
  await expect(walletApp(page)).toBeHidden();

  // A payment without reconnecting: the request goes through the bridge, the app opens the wallet again.
  await createMint(page, '10');
  await expect(walletApp(page)).toBeVisible();
  const sheet = walletSheet(page);
  await expect(sheet).toContainText('Confirm transaction');
  const message = sheet.getByTestId('devwallet-message');
  await expect(message).toContainText('10 TON');
  const comment = (await message.textContent())!.match(/Mint ([A-Z0-9]+)/)![1]!;
  await page.screenshot({ path: test.info().outputPath('mobile-wallet-transaction.png') });
  await sheet.getByRole('button', { name: 'Approve' }).click();
  await expect(walletApp(page)).toBeHidden();
  await expect(app.getByText('Transaction is being processed')).toBeVisible();
  const active = app.getByRole('region', { name: 'Active mints' }).getByTestId('mint-card');
  await expectActiveMints(page, active.filter({ hasText: comment }), 1);
});

test('a transaction declined in the phone wallet is not sent and leaves no pending mint', async ({ page }) => {
  test.setTimeout(90_000);
  const { app } = await openAsUser(page);
  await chooseMobileWallet(page);
  await walletSheet(page).getByRole('button', { name: 'Connect' }).click();
  await expect(app.getByTestId('wallet-address')).toBeVisible();

  await createMint(page, '2');
  await expect(walletSheet(page)).toContainText('Confirm transaction');
  await walletSheet(page).getByRole('button', { name: 'Decline' }).click();
  await expect(walletApp(page)).toBeHidden();
  await expect(app.getByRole('alert').filter({ hasText: 'Transaction was not sent' })).toBeVisible();
  await expect(app.getByRole('region', { name: 'Waiting for payment' })).toHaveCount(0);
});

test('closed while the wallet asks, the Mini App comes back through startapp=tonconnect-…, signed in and connected', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { app } = await openAsUser(page);
  await chooseMobileWallet(page);
  // The user leaves the Mini App while approving in the wallet (Telegram may close it meanwhile).
  await page.getByRole('button', { name: 'Close Mini App' }).click();
  await expect(page.getByText('Mini App closed')).toBeVisible();

  const signIn = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/register');
  await walletSheet(page).getByRole('button', { name: 'Connect' }).click();
  await expect(walletApp(page)).toBeHidden();
  // The return launches the Mini App with TON Connect's start parameter, signed in its launch data…
  const body = (await signIn).postDataJSON() as { init_data: string; ref_code: string | null };
  expect(decodeURIComponent(body.init_data)).toMatch(/start_param=tonconnect-v__2-id__[0-9a-f]{64}-ret__back/);
  // …which is no referral, and does not break sign-in.
  expect(body.ref_code).toBeNull();
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(app.getByText('Could not sign you in')).toHaveCount(0);
  // The wallet's answer waited on the bridge: the restored session picks it up.
  await expect(app.getByTestId('wallet-address')).toHaveText(/^0Q.…[\w-]{4}$/);
});

test('a phone wallet that never answers leaves Connect Wallet usable', async ({ page }) => {
  test.setTimeout(90_000);
  const { app } = await openAsUser(page);
  await chooseMobileWallet(page);
  // The user closes the wallet without answering and comes back to the app.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(walletApp(page)).toBeHidden();
  const modal = app.locator('[data-tc-wallets-modal-container]');
  await expect(modal).toBeVisible();
  await app.locator('[data-tc-modal] [data-tc-icon-button]').first().click();
  await expect(modal).toBeHidden();
  await expect(app.getByTestId('wallet-address')).toHaveCount(0);

  // The button still works: another wallet connects.
  await connectDevWallet(page);
  await expect(app.getByTestId('wallet-address')).toBeVisible();
  await expect(devWalletDialog(page)).toBeHidden();
});

test('on desktop too (tdesktop, the 520 px window), the phone wallet is offered and its Desktop button connects it by its link', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { row } = await createTestUser(page, { platform: 'tdesktop' });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await app.getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = app.locator('[data-tc-wallets-modal-container]');
  await modal.getByRole('button', { name: MOBILE_WALLET }).click();
  // The desktop view shows the QR to scan with a phone, and Desktop: the same link, in this Telegram client.
  await expect(modal.getByText('Scan the QR code')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mobile-wallet-desktop.png') });
  await modal.getByRole('button', { name: 'Desktop' }).click();
  await expect(walletApp(page)).toBeVisible();
  await walletSheet(page).getByRole('button', { name: 'Connect' }).click();
  await expect(walletApp(page)).toBeHidden();
  await expect(app.getByTestId('wallet-address')).toHaveText(/^0Q.…[\w-]{4}$/);
});
