import { expect, test } from '@playwright/test';

/*
 * The e2e server runs with the price walk off (PRICE_TICK_MS=0), so the price only moves when a spec moves
 * it: the launcher's Price ↑ / ↓ store one tick of ±5 % each, which the app's API then answers.
 */
test('the launcher’s Price ↑ / ↓ move the price the app reads; the operator API puts it back', async ({
  page,
  request,
}) => {
  // A fake clock that runs at the real pace: the launcher's 5 s price poll can be run at once.
  await page.clock.install();
  await page.goto('/sandbox/');
  const price = page.getByRole('group', { name: 'Token price' }).locator('output');
  await expect(price).toHaveText('0.010000 TON');
  // the walk is off: nothing moves on its own — the launcher's next poll reads the same price
  const polled = page.waitForResponse(
    (response) => response.url().endsWith('/sandbox/api/price') && response.request().method() === 'GET',
  );
  await page.clock.runFor(5_000);
  expect((await (await polled).json()).price).toBe('0.01');
  await expect(price).toHaveText('0.010000 TON');

  await page.getByRole('button', { name: 'Price ↑' }).click();
  await expect(price).toHaveText('0.010500 TON');
  expect((await (await request.get('/sandbox/api/price')).json()).price).toBe('0.0105');
  await page.getByRole('button', { name: 'Price ↓' }).click();
  await expect(price).toHaveText('0.009975 TON');
  await page.screenshot({
    path: test.info().outputPath('launcher-price.png'),
    clip: { x: 0, y: 0, width: 1100, height: 80 },
  });

  // Other specs count tokens at 0.01 TON: the price goes back exactly, as an operator would set it.
  const reset = await request.post('/api/admin/price', {
    headers: { authorization: 'Bearer sandbox-admin' },
    data: { price: '0.01' },
  });
  expect(reset.status()).toBe(200);
  await page.reload();
  await expect(price).toHaveText('0.010000 TON');
});
