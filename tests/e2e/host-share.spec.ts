/**
 * The host emulator's share dialog (sandbox): WebApp.shareMessage(id) of a message prepared by
 * POST /api/user/share-message shows its text and link button; Send and Cancel answer the app with
 * prepared_message_sent / prepared_message_failed, which the SDK hands to the callback. The share-link
 * fallback (openTelegramLink to t.me/share/url) is shown decoded.
 */
import { expect, test, type Frame, type Page } from '@playwright/test';
import { appFrame, createTestUser } from './sandbox';

/** Signs the test user in again (same launch data the host uses) and prepares a share message. */
async function prepareShare(page: Page, sandboxUserId: string) {
  const launch = await (await page.request.get(`/sandbox/api/users/${sandboxUserId}/launch`)).json();
  const initData = new URLSearchParams(String(launch.url).slice(2)).get('tgWebAppData');
  const tokens = await (await page.request.post('/api/auth/register', { data: { init_data: initData } })).json();
  const response = await page.request.post('/api/user/share-message', {
    headers: { authorization: `Bearer ${tokens.token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { inline_message_id: string; link: string };
}

/** Calls the SDK's WebApp.shareMessage inside the app and resolves with what its callback got. */
const shareFromApp = (app: Frame, id: string) =>
  app.evaluate(
    (messageId) =>
      new Promise<boolean>((resolve) => {
        const webApp = (
          window as unknown as { Telegram: { WebApp: { shareMessage(id: string, cb: (sent: boolean) => void): void } } }
        ).Telegram.WebApp;
        webApp.shareMessage(messageId, resolve);
      }),
    id,
  );

test('the host emulator shows a prepared message and answers sent or declined', async ({ page }) => {
  const { row } = await createTestUser(page, { platform: 'tdesktop' });
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(appFrame(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const app = (await (await page.locator('#app-frame').elementHandle())!.contentFrame())!;
  const { inline_message_id: id, link } = await prepareShare(page, sandboxUserId);

  const dialog = page.getByTestId('share-dialog');
  const sent = shareFromApp(app, id);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Join me in TON Token');
  await expect(dialog.getByRole('link')).toHaveAttribute('href', link);
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect(await sent).toBe(true);
  await expect(dialog).toBeHidden();

  const declined = shareFromApp(app, id);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await declined).toBe(false);
  await expect(page.locator('#host-status')).toHaveText('Share failed: USER_DECLINED');

  // an unknown id fails at once, as an expired message does
  expect(await shareFromApp(app, 'unknown-id')).toBe(false);
  await expect(page.locator('#host-status')).toHaveText('Share failed: MESSAGE_EXPIRED');
});

test('the share-link fallback is shown readable', async ({ page }) => {
  const { row } = await createTestUser(page, { platform: 'android' });
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(appFrame(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const app = (await (await page.locator('#app-frame').elementHandle())!.contentFrame())!;
  const link = 'https://t.me/ton_token_sandbox_bot/app?startapp=ABCD2345';
  await app.evaluate((url) => {
    const webApp = (window as unknown as { Telegram: { WebApp: { openTelegramLink(url: string): void } } }).Telegram
      .WebApp;
    webApp.openTelegramLink(
      `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent('Join me & earn')}`,
    );
  }, link);
  const panel = page.getByTestId('share-url');
  await expect(panel).toBeVisible();
  await expect(page.locator('#share-url-link')).toHaveText(link);
  await expect(page.locator('#share-url-text')).toHaveText('Join me & earn');
});
