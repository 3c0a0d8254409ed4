import { expect, test } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser } from './sandbox';

/*
 * Issue #15 end to end: launcher → app → the dev wallet signs a real ton_proof of the server's payload
 * → the server verifies it and binds the wallet (the panel's Verified mark); a restored connection keeps
 * it; and two Telegram accounts on one browser profile never share a wallet connection.
 */
test('a fresh connect proves the wallet, a restored one keeps the binding, and each Telegram user has their own connection', async ({
  page,
}) => {
  const alice = await createTestUser(page, { platform: 'tdesktop', name: `Alice ${Date.now() % 100000}` });
  const bob = await createTestUser(page, { platform: 'tdesktop', name: `Bob ${Date.now() % 100000}` });

  await page.goto('/sandbox/');
  await alice.row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const proofChecked = page.waitForResponse(
    (r) => r.url().endsWith('/api/wallet/ton-proof') && r.request().method() === 'POST',
  );
  await connectDevWallet(page);
  const answer = await proofChecked;
  expect(answer.status()).toBe(200);
  const { wallet } = (await answer.json()) as { wallet: { friendly_address: string } };
  await expect(app.getByTestId('wallet-verified')).toHaveText('✓ Verified');
  const aliceAddress = await app.getByTestId('wallet-address').textContent();
  expect(wallet.friendly_address.startsWith(aliceAddress!.slice(0, 3))).toBe(true);

  // Bob on the same browser profile: not connected (Alice's connection is stored under her Telegram id).
  await page.goto('/sandbox/');
  let proofs = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/wallet/ton-proof')) proofs += 1;
  });
  await bob.row.getByRole('link', { name: 'Open' }).click();
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  await expect(app.getByTestId('wallet-address')).toHaveCount(0);

  // Alice again: her connection is restored (no proof on restore), and it is still her verified wallet.
  await page.goto('/sandbox/');
  await alice.row.getByRole('link', { name: 'Open' }).click();
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(app.getByTestId('wallet-address')).toHaveText(aliceAddress!);
  await expect(app.getByTestId('wallet-verified')).toHaveText('✓ Verified');
  expect(proofs).toBe(0);
});
