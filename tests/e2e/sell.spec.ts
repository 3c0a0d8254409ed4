import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatUnits, parseUnits } from '../../contract/money';
import { en } from '../../src/shared/i18n/en';
import { ru } from '../../src/shared/i18n/ru';
import { formatAmount } from '../../src/shared/lib/format';
import { INJECTED_DEV_WALLET, appFrame, connectDevWallet, createTestUser } from './sandbox';

const CATALOGUES = { en, ru } as const;

/*
 * Issue #12 (sell) end to end: the dev wallet connected, tokens sold from a balance, the payout worker
 * pays the dev wallet on the dev chain, and the withdrawals history follows it live to 'completed'.
 */

/** The account's TON balance on the dev chain, nanotons (what the dev wallet holds, exactly). */
async function nanotons(page: Page, address: string): Promise<bigint> {
  const response = await page.request.post('/sandbox/chain/jsonRPC', {
    data: { id: 1, jsonrpc: '2.0', method: 'getAddressBalance', params: { address } },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as { result: string };
  return BigInt(result);
}

/**
 * The account's newest transaction on the dev chain: the value its incoming message carried, and what the
 * transaction cost the account (the TVM charges storage, and gas when its code runs).
 */
async function lastReceived(page: Page, address: string): Promise<{ value: bigint; fee: bigint }> {
  const response = await page.request.post('/sandbox/chain/jsonRPC', {
    data: { id: 1, jsonrpc: '2.0', method: 'getTransactions', params: { address, limit: 1 } },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as { result: Array<{ fee: string; in_msg?: { value: string } }> };
  const [tx] = result;
  return { value: BigInt(tx?.in_msg?.value ?? NaN), fee: BigInt(tx?.fee ?? NaN) };
}

async function grant(
  page: Page,
  sandboxUserId: string,
  account: 'balance_token' | 'referral_balance' | 'task_balance',
) {
  const response = await page.request.post(`/sandbox/api/users/${sandboxUserId}/grant`, {
    data: { amount: '100', account },
  });
  expect(response.status()).toBe(200);
}

/** Holds or releases the payout worker through the operator API (as `npm run operator -- payouts pause|resume`). */
async function holdPayouts(page: Page, paused: boolean) {
  const response = await page.request.post('/api/admin/payouts', {
    headers: { authorization: 'Bearer sandbox-admin' },
    data: { paused },
  });
  expect(response.status()).toBe(200);
}

async function openWithWallet(page: Page) {
  const { row } = await createTestUser(page, { platform: 'tdesktop' });
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await connectDevWallet(page);
  return { app, sandboxUserId };
}

/** Types the amount and waits for the calculation the modal shows; answers it. */
async function typeAmount(page: Page, amount: string) {
  const app = appFrame(page);
  const dialog = app.getByRole('dialog', { name: 'Sell tokens' });
  const answer = page.waitForResponse((response) =>
    response.url().includes(`/api/withdraw/calculate?token_amount=${amount}`),
  );
  await dialog.getByLabel('Amount, TKN').fill(amount);
  const calculation = (await (await answer).json()) as {
    price: string;
    receive_amount: string;
    ton_amount: string;
    fee: string;
  };
  await expect(dialog.getByTestId('sell-receive')).toHaveText(
    `${formatAmount(calculation.receive_amount, 'ton', 'en')} TON`,
  );
  return { dialog, calculation };
}

test('sell from the main balance: queued, then completed live; the dev wallet receives exactly what calculate promised', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { app, sandboxUserId } = await openWithWallet(page);
  await grant(page, sandboxUserId, 'balance_token');
  await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');

  await app.getByRole('link', { name: 'Sell' }).click();
  const dialog = app.getByRole('dialog', { name: 'Sell tokens' });
  await expect(dialog).toContainText('From your main balance, for TON.');
  // The destination is the connected dev wallet, verified by its ton_proof on connect:
  // user-friendly, non-bounceable, test-only (0Q…). Sales pay out only to it (docs/foundations.md §7b), so it
  // is shown, not typed: shortened, with the whole address a tap away.
  await expect(app.getByTestId('wallet-verified')).toHaveText('✓ Verified');
  const destination = dialog.getByTestId('sell-address');
  const address = (await destination.getAttribute('data-address'))!;
  expect(address).toMatch(/^0Q[A-Za-z0-9_-]{46}$/);
  await expect(dialog.getByRole('textbox')).toHaveCount(1); // the amount's, and no address field
  await expect(destination).toContainText(`${address.slice(0, 3)}…${address.slice(-4)}`);
  await expect(destination).toContainText('✓ Verified');
  await expect(destination).toHaveAttribute('title', address);
  await expect(dialog).toContainText('Your verified wallet: sales pay out only to it.');
  await destination.click();
  await expect(destination).toHaveAttribute('aria-expanded', 'true');
  await expect(destination).toContainText(address);
  await destination.click();
  await expect(destination).not.toContainText(address);
  const before = await nanotons(page, address);

  const { calculation } = await typeAmount(page, '50');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeEnabled();
  // The operator holds payouts, so the sale is seen queued first; released below, it is paid live.
  await holdPayouts(page, true);
  try {
    await confirm.click();
    await expect(app.getByText(/Sale confirmed: [\d\s.]+\sTON is on its way/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(app.getByTestId('balance-token')).toHaveText('50.00 TKN');

    await app.getByRole('link', { name: 'History' }).click();
    await app.getByRole('tab', { name: 'Withdrawals' }).click();
    await expect(app.getByTestId('withdrawal')).toHaveCount(1);
    const queued = app.getByTestId('withdrawal').first();
    await expect(queued).toHaveAttribute('data-status', 'queued');
    await expect(queued.getByTestId('withdrawal-status')).toHaveText('Queued');
    expect(await nanotons(page, address)).toBe(before);
  } finally {
    await holdPayouts(page, false);
  }
  const withdrawal = app.getByTestId('withdrawal').first();
  await expect(withdrawal.getByTestId('withdrawal-ton')).toHaveText(
    `+${formatAmount(calculation.receive_amount, 'ton', 'en')} TON`,
  );
  await expect(withdrawal.getByTestId('withdrawal-tokens')).toHaveText('\u221250.00 TKN');
  // Live, without a reload: the payout worker signs, sends and confirms it.
  await expect(withdrawal).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(withdrawal.getByTestId('withdrawal-status')).toHaveText('Completed');
  await expect(withdrawal.getByTestId('withdrawal-tx')).toBeVisible();

  // Exactly what calculate promised arrived (the payout's network fee is the hot wallet's); the balance moved
  // by it less what receiving it cost the wallet on the chain.
  const after = await nanotons(page, address);
  const payout = await lastReceived(page, address);
  expect(payout.value).toBe(parseUnits(calculation.receive_amount));
  expect(after - before).toBe(payout.value - payout.fee);
  // The app re-reads the wallet's balance when a payout completes.
  await expect(app.getByTestId('wallet-balance')).toHaveText(`${formatAmount(formatUnits(after), 'ton', 'en')} TON`);

  await app.getByRole('tab', { name: 'Operations' }).click();
  const sold = app.locator('[data-testid="operation"][data-type="withdrawal"]');
  await expect(sold).toHaveCount(1);
  await expect(sold).toContainText('Sold for TON');
  await expect(sold.getByTestId('operation-amount')).toHaveText('\u221250.00 TKN');
});

test('sell from the task balance on /tasks/sell; the modal closes back to /tasks', async ({ page }) => {
  test.setTimeout(120_000);
  const { app, sandboxUserId } = await openWithWallet(page);
  await grant(page, sandboxUserId, 'task_balance');
  await app.getByRole('link', { name: 'Tasks' }).click();
  await expect(app.getByTestId('task-balance')).toHaveText('100.00 TKN');
  await app.getByRole('link', { name: 'Sell' }).click();
  const dialog = app.getByRole('dialog', { name: 'Sell tokens' });
  await expect(dialog).toContainText('From your task balance, for TON.');

  // Max is the task balance; Cancel goes back to /tasks and forgets it.
  await dialog.getByRole('button', { name: 'Max' }).click();
  await expect(dialog.getByLabel('Amount, TKN')).toHaveValue('100');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('heading', { name: 'Tasks' })).toBeVisible();

  await app.getByRole('link', { name: 'Sell' }).click();
  await expect(dialog.getByLabel('Amount, TKN')).toHaveValue('');
  const { calculation } = await typeAmount(page, '40');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(app.getByText(/Sale confirmed: [\d\s.]+\sTON is on its way/)).toBeVisible();
  await expect(app.getByRole('heading', { name: 'Tasks' })).toBeVisible();
  await expect(app.getByTestId('task-balance')).toHaveText('60.00 TKN');

  await app.getByRole('link', { name: 'Dashboard' }).click();
  await app.getByRole('link', { name: 'History' }).click();
  await app.getByRole('tab', { name: 'Withdrawals' }).click();
  const withdrawal = app.getByTestId('withdrawal').first();
  await expect(withdrawal).toContainText('Task balance');
  await expect(withdrawal.getByTestId('withdrawal-ton')).toHaveText(
    `+${formatAmount(calculation.receive_amount, 'ton', 'en')} TON`,
  );
  await expect(withdrawal).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
});

test('without a wallet: no address to type, Connect wallet, and the wallet it proves becomes the destination', async ({
  page,
}) => {
  const { row } = await createTestUser(page, { platform: 'tdesktop' });
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await grant(page, sandboxUserId, 'referral_balance');
  await app.getByRole('link', { name: 'Referral', exact: true }).click();
  await app.getByRole('link', { name: 'Sell' }).click();
  const dialog = app.getByRole('dialog', { name: 'Sell tokens' });
  await expect(dialog).toContainText('From your referral balance, for TON.');
  await expect(dialog.getByTestId('sell-address')).toHaveCount(0);
  await expect(dialog.getByRole('textbox')).toHaveCount(1);
  await expect(dialog.getByTestId('sell-address-hint')).toHaveText(
    'Sales pay out only to your verified wallet: connect your wallet to verify it.',
  );

  await typeAmount(page, '20');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();

  // Connect wallet opens the wallet list; the wallet connected (and proved) is where the TON goes.
  await dialog.getByRole('button', { name: 'Connect wallet' }).click();
  await app.getByRole('button', { name: INJECTED_DEV_WALLET }).first().click();
  const sheet = app.getByRole('dialog', { name: 'Dev Wallet' });
  await sheet.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByTestId('sell-address')).toHaveAttribute('data-address', /^0Q[A-Za-z0-9_-]{46}$/);
  await expect(dialog.getByTestId('sell-address-hint')).toHaveText('Your verified wallet: sales pay out only to it.');
  await expect(dialog.getByRole('button', { name: 'Connect wallet' })).toHaveCount(0);
  await expect(confirm).toBeEnabled();
});

/** The launcher's Price ↑ / ↓, as its buttons call it: one tick of ±5 %, pushed to the app's socket. */
async function movePrice(page: Page, direction: 'up' | 'down'): Promise<string> {
  const answer = await page.request.post('/sandbox/api/price', { data: { direction } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { price: string }).price;
}

/** Other specs count tokens at 0.01 TON: the price goes back exactly, as an operator would set it. */
async function resetPrice(page: Page) {
  const reset = await page.request.post('/api/admin/price', {
    headers: { authorization: 'Bearer sandbox-admin' },
    data: { price: '0.01' },
  });
  expect(reset.status()).toBe(200);
}

/** The next quote of `amount` the sheet asks for, as the server answered it. */
const nextQuote = (page: Page, amount: string) =>
  page
    .waitForResponse((response) => response.url().includes(`/api/withdraw/calculate?token_amount=${amount}`))
    .then(async (response) => (await response.json()) as { price: string; receive_amount: string; fee: string });

/*
 * Issue #39: a sale happens at the price the user saw. The price moves while the sheet is open: the
 * figures follow it at once, the change is marked, and what the user confirms is what is paid — the
 * answer, the History entry and the dev chain all hold the figure on screen at Confirm, to the nanoton.
 */
test('a price tick while the sheet is open: the figures follow and are marked; the sale pays exactly the figure confirmed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { app, sandboxUserId } = await openWithWallet(page);
  await grant(page, sandboxUserId, 'balance_token');
  await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');
  await app.getByRole('link', { name: 'Sell' }).click();
  const { dialog, calculation } = await typeAmount(page, '50');
  expect(calculation.price).toBe('0.01');
  const address = (await dialog.getByTestId('sell-address').getAttribute('data-address'))!;
  const before = await nanotons(page, address);
  await expect(dialog.getByTestId('sell-quote-updated')).toHaveCount(0);
  await expect(dialog.getByTestId('sell-receive')).not.toHaveAttribute('data-changed');

  try {
    // Price ↑ while the sheet is open: it quotes the amount again, from the socket's tick alone.
    const requoted = nextQuote(page, '50');
    expect(await movePrice(page, 'up')).toBe('0.0105');
    const quote = await requoted;
    expect(quote.price).toBe('0.0105');
    const shown = `${formatAmount(quote.receive_amount, 'ton', 'en')} TON`;
    await expect(dialog.getByTestId('sell-receive')).toHaveText(shown);
    expect(shown).not.toBe(`${formatAmount(calculation.receive_amount, 'ton', 'en')} TON`);
    for (const figure of ['sell-price', 'sell-ton-amount', 'sell-fee', 'sell-receive']) {
      await expect(dialog.getByTestId(figure)).toHaveAttribute('data-changed', 'true');
    }
    await expect(dialog.getByTestId('sell-quote-updated')).toHaveText(
      'Price updated: check the new figures before you confirm',
    );

    // Confirm sends the quote on screen, and the server pays it; the price moving on changes nothing.
    const sale = page.waitForRequest((request) => request.url().endsWith('/api/withdraw/create'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const sent = (await sale).postDataJSON() as { token_amount: string; quote: Record<string, string> };
    expect(sent).toMatchObject({
      token_amount: '50',
      quote: { price: '0.0105', receive_amount: quote.receive_amount },
    });
    const answer = (await (await (await sale).response())!.json()) as { withdrawal: { ton_amount: string } };
    expect(answer.withdrawal.ton_amount).toBe(quote.receive_amount);
    await expect(app.getByText(`Sale confirmed: ${shown.replace(' ', '\u00A0')} is on its way`)).toBeVisible();
    await movePrice(page, 'up');

    await app.getByRole('link', { name: 'History' }).click();
    await app.getByRole('tab', { name: 'Withdrawals' }).click();
    const withdrawal = app.getByTestId('withdrawal').first();
    await expect(withdrawal.getByTestId('withdrawal-ton')).toHaveText(`+${shown}`);
    await expect(withdrawal).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    // The dev wallet received exactly the confirmed nanotons (less what receiving them cost it on the chain).
    const payout = await lastReceived(page, address);
    expect(payout.value).toBe(parseUnits(quote.receive_amount));
    expect((await nanotons(page, address)) - before).toBe(payout.value - payout.fee);
  } finally {
    await resetPrice(page);
  }
});

/*
 * The sheet with the price-change mark, photographed at 390 px (screenshots/, ignored by git), English
 * light and Russian dark, and checked with axe.
 */
for (const [language, theme] of [
  ['en', 'light'],
  ['ru', 'dark'],
] as const) {
  test(`the price-change mark in ${language}, ${theme}: photographed`, async ({ page }) => {
    const t = CATALOGUES[language];
    const { row } = await createTestUser(page, { theme, language });
    const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
    await row.getByRole('link', { name: 'Open' }).click();
    await expect(page.locator('#app-frame')).toHaveAttribute('src', /tgWebAppData=/);
    const src = await page.locator('#app-frame').getAttribute('src');
    await page.setViewportSize({ width: 390, height: 844 });
    // The Mini App itself at 390 px, as the screens spec opens it, then its /sell.
    await page.goto(src!);
    await expect(page.getByRole('heading', { name: t['dashboard.title'] })).toBeVisible();
    const app = new URL(page.url());
    await page.goto(new URL(`/sell${app.hash}`, app.origin).toString());
    const dialog = page.getByRole('dialog', { name: t['sell.title'] });
    await expect(dialog).toBeVisible();
    // Signed in now: the tokens to sell.
    await grant(page, sandboxUserId, 'balance_token');
    await expect(dialog).toContainText('100');
    const first = nextQuote(page, '20');
    await dialog.getByLabel(t['sell.amount']).fill('20');
    await first;
    await expect(dialog.getByTestId('sell-receive')).toBeVisible();
    try {
      const requoted = nextQuote(page, '20');
      await movePrice(page, 'down');
      await requoted;
      await expect(dialog.getByTestId('sell-quote-updated')).toHaveText(t['sell.quoteUpdated']);
      await expect(dialog.getByTestId('sell-price')).toHaveAttribute('data-changed', 'true');
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `screenshots/${language}-${theme}-sell-price-updated.png` });
      // The highlighted figures and the line stay readable: no serious or critical axe violation.
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    } finally {
      await resetPrice(page);
    }
  });
}
