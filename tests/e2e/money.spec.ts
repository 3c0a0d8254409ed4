import { expect, test, type Page } from '@playwright/test';
import { appFrame, createTestUser } from './sandbox';

/** Grants tokens through the sandbox API, as the launcher's grant button does, with exact text. */
async function grant(page: Page, sandboxUserId: string, amount: string) {
  const response = await page.request.post(`/sandbox/api/users/${sandboxUserId}/grant`, { data: { amount } });
  expect(response.status()).toBe(200);
}

test('a balance travels exactly, digit for digit, from the database to the screen', async ({ page }) => {
  const { row } = await createTestUser(page);
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');

  // The socket's user:balance frames, as the app receives them.
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));

  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByTestId('balance-token')).toHaveText('0.00 TKN');

  await grant(page, sandboxUserId, '123456789.123456789');
  await expect(app.getByTestId('balance-token')).toHaveText('123 456 789.12 TKN');
  expect(frames.some((text) => text.includes('"balance_token":"123456789.123456789"'))).toBe(true);

  // 9 000 000 000.999999999: a float reads it as 9000000001 and the screen would say
  // '9 000 000 001.00'. Exact text, truncated per docs/product.md §5, says what the user owns.
  await grant(page, sandboxUserId, '8876543211.87654321');
  await expect(app.getByTestId('balance-token')).toHaveText('9 000 000 000.99 TKN');

  // A fresh load reads the same digits over HTTP (the user comes with the sign-in's answer).
  const me = page.waitForResponse((response) => response.url().endsWith('/api/auth/register'));
  await page.reload();
  const body = await (await me).text();
  expect(body).toContain('"balance_token":"9000000000.999999999"');
  await expect(appFrame(page).getByTestId('balance-token')).toHaveText('9 000 000 000.99 TKN');
});
