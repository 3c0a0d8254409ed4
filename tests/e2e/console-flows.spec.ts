/**
 * The operator console's work, end to end in the sandbox: a test user switched to Operator in the launcher
 * sends /admin in the bot chat and opens the console from the answer's button (signed launch data, as
 * Telegram opens it); approves one user's photo proof (the user sees the task completed and claims it) and
 * rejects another's with a reason (the user reads it); refunds, once, a sale that waits for an empty hot
 * wallet (the user's balance comes back once); pauses and resumes payouts. Each in the host emulator the
 * user and the operator each have (two pages).
 */
import { type BrowserContext, type FrameLocator, type Page, expect, test } from '@playwright/test';
import { SANDBOX_ADMIN_TOKEN } from '../../server/config';
import { appFrame, connectDevWallet, createTestUser, openConsoleFromBot as openConsole } from './sandbox';

/** A 1×1 PNG: a photo proof. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO_TASK = 'Show your TON Token screen';

/** A user's host emulator on a page of its own, the app open at the dashboard. */
async function openUserApp(context: BrowserContext): Promise<{ page: Page; name: string; sandboxId: string }> {
  const page = await context.newPage();
  const { name, row } = await createTestUser(page);
  const sandboxId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(appFrame(page).getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return { page, name, sandboxId };
}

/** The user sends a photo proof for the seeded photo task, through the app. */
async function sendPhotoProof(page: Page) {
  const app = appFrame(page);
  await app.getByRole('navigation').getByRole('link', { name: /Tasks/ }).click();
  const task = app.getByRole('listitem', { name: PHOTO_TASK });
  await task.getByRole('button', { name: 'Start' }).click();
  const modal = app.getByRole('dialog', { name: 'Add photo' });
  await modal.getByTestId('task-photo-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(task.getByTestId('task-status')).toHaveText('In review');
  return task;
}

/** The review the console shows first, once it is this user's (proofs other tests left are approved first). */
async function reviewOf(console: FrameLocator, name: string) {
  const current = console.getByTestId('review-current');
  for (let skipped = 0; skipped < 20; skipped++) {
    await expect(current).toBeVisible();
    if ((await current.textContent())?.includes(name)) return current;
    const before = await current.textContent();
    await current.getByRole('button', { name: 'Approve' }).click();
    await expect(current).not.toHaveText(before ?? '');
  }
  throw new Error(`no review of ${name} in the queue`);
}

test('an operator opens the console from /admin, approves one photo proof and rejects another with a reason', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const approved = await openUserApp(context);
  const approvedTask = await sendPhotoProof(approved.page);
  const rejected = await openUserApp(context);
  const rejectedTask = await sendPhotoProof(rejected.page);

  const console = await openConsole(page);
  await console.getByRole('navigation').getByRole('link', { name: 'Reviews' }).click();
  await expect(console.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();

  const first = await reviewOf(console, approved.name);
  await expect(first).toContainText(PHOTO_TASK);
  await expect(first.getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(first).toContainText('image/png');
  await first.getByRole('button', { name: 'Approve' }).click();
  // The user's app hears it: the task is completed, and its reward claimed once.
  await expect(approvedTask.getByTestId('task-status')).toHaveText('Completed');
  await approvedTask.getByRole('button', { name: 'Claim' }).click();
  await expect(approvedTask.getByTestId('task-status')).toHaveText('Done');

  const second = await reviewOf(console, rejected.name);
  await second.getByRole('button', { name: 'Reject' }).click();
  const dialog = console.getByRole('dialog', { name: 'Reject this proof' });
  // The reason is required: Reject without one says so and sends nothing.
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toContainText('Write why the proof is rejected');
  await dialog.getByLabel('Reason (the user sees it)').fill('The photo does not show the app');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(rejectedTask.getByTestId('task-status')).toHaveText('Rejected');
  await expect(rejectedTask).toContainText('The photo does not show the app');

  // Both decisions are the operator's in the audit, in words: whose proof, which task, the reward, the reason.
  await console.getByRole('navigation').getByRole('link', { name: 'Audit' }).click();
  const words = console.getByTestId('audit-words');
  await expect(
    words.filter({ hasText: `Approved ${approved.name}’s photo proof for “${PHOTO_TASK}” (reward 20.00\u00A0TKN)` }),
  ).toHaveCount(1);
  await expect(
    words.filter({
      hasText: `Rejected ${rejected.name}’s photo proof for “${PHOTO_TASK}”: The photo does not show the app`,
    }),
  ).toHaveCount(1);
  await expect(console.getByTestId('audit-row').first()).toContainText(/Operator \d+/);
});

test('an operator refunds a sale waiting for an empty hot wallet once, and pauses and resumes payouts', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const seller = await openUserApp(context);
  const app = appFrame(seller.page);
  await connectDevWallet(seller.page, 'en');
  const granted = await seller.page.request.post(`/sandbox/api/users/${seller.sandboxId}/grant`, {
    data: { amount: '100', account: 'balance_token' },
  });
  expect(granted.status()).toBe(200);
  await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');

  // The hot wallet is empty: the sale waits with the worker's reason, for an operator.
  const drained = await page.request.post('/sandbox/api/hot-wallet/drain', { data: { keep: '0' } });
  expect(drained.status()).toBe(200);
  try {
    await app.getByRole('link', { name: 'Sell' }).click();
    const sell = app.getByRole('dialog', { name: 'Sell tokens' });
    await sell.getByLabel('Amount, TKN').fill('60');
    await sell.getByRole('button', { name: 'Confirm' }).click();
    await expect(sell).toBeHidden();
    await expect(app.getByTestId('balance-token')).toHaveText('40.00 TKN');

    const console = await openConsole(page);
    await console.getByRole('navigation').getByRole('link', { name: 'Withdrawals' }).click();
    const row = console.getByTestId('withdrawal-row').filter({ hasText: seller.name });
    await expect(row).toContainText('The hot wallet holds 0.0000\u00A0TON', { timeout: 20_000 });
    const id = (await row.getAttribute('aria-label'))!.replace('#', '');
    await row.getByRole('button', { name: 'Refund' }).click();
    const confirm = console.getByRole('dialog', { name: 'Refund' });
    await expect(confirm).toContainText(`Refund withdrawal #${id}?`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toContainText('Done: Refunded');
    await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');
    // Once: the same refund asked again (the CLI's way) is refused, and the balance stays.
    const again = await page.request.post(`/api/admin/withdrawals/${id}/refund`, {
      headers: { authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
    });
    expect(again.status()).toBe(409);
    await expect(app.getByTestId('balance-token')).toHaveText('100.00 TKN');

    // The user's History says the sale came back: its tokens returned, its TON never received.
    await app.getByRole('link', { name: 'History' }).click();
    await app.getByRole('tab', { name: 'Withdrawals' }).click();
    const returned = app.locator(`[data-testid="withdrawal"][data-id="${id}"]`);
    await expect(returned).toHaveAttribute('data-status', 'refunded');
    await expect(returned).toContainText('Sale returned');
    await expect(returned.getByTestId('withdrawal-tokens')).toHaveText('+60.00\u00A0TKN');
    await expect(returned.getByTestId('withdrawal-ton')).toHaveText(/^\d+\.\d{4}\u00A0TON not received$/);
    await expect(returned.getByTestId('withdrawal-status')).toHaveText('Returned');
    await app.getByRole('tab', { name: 'Operations' }).click();
    await expect(app.getByTestId('operation').first()).toContainText('Sale returned');

    // Payouts: pause and resume, each behind its confirmation.
    await console.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
    const payouts = console.getByRole('region', { name: 'Payouts' });
    await payouts.getByRole('button', { name: 'Pause payouts' }).click();
    const pause = console.getByRole('dialog', { name: 'Pause payouts' });
    await expect(pause).toContainText('Queued sales wait');
    await pause.getByRole('button', { name: 'Confirm' }).click();
    await expect(payouts).toContainText('Paused');
    await payouts.getByRole('button', { name: 'Resume payouts' }).click();
    await console.getByRole('dialog', { name: 'Resume payouts' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(payouts).not.toContainText('Paused');
    await expect(payouts.getByRole('button', { name: 'Pause payouts' })).toBeVisible();
  } finally {
    await page.request.post('/sandbox/api/hot-wallet/top-up', { data: { amount: '1000000' } });
  }
});
