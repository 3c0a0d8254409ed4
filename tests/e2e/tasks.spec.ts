import { type Page, expect, test } from '@playwright/test';
import { appFrame, createTestUser } from './sandbox';

/*
 * Tasks end to end, through the sandbox: the community task fails while the user is not in the
 * chat and is claimed once they are; an invite task's Start opens Telegram's share dialog; a photo
 * task's Start opens the Add photo modal, where a file that is no image and an oversized photo are
 * refused inline first; the photo is uploaded, approved in the launcher's review queue and
 * claimed; the Tasks badge falls with each claim.
 */

// A 1 × 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const nav = (page: Page) => appFrame(page).getByRole('navigation', { name: 'Main' });
const tasksBadge = (page: Page, count: number) =>
  nav(page)
    .getByRole('link', { name: /Tasks/ })
    .getByLabel(`${count} task${count === 1 ? '' : 's'} to complete`);

test('community task: refused outside the chat, claimed inside; a photo proof uploaded, approved and claimed; the badge falls', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { name, row } = await createTestUser(page, { name: `Tasker ${Date.now() % 100000}` });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The sandbox seeds one task of each kind: five to complete.
  await expect(tasksBadge(page, 5)).toBeVisible();
  await nav(page).getByRole('link', { name: /Tasks/ }).click();
  await expect(app.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();

  // The launcher beside the app, as a tester would keep it open.
  const launcher = await context.newPage();
  await launcher.goto('/sandbox/');
  const member = launcher.locator('[data-testid^="user-row-"]').filter({ hasText: name }).getByLabel('Member');

  // ---- community: not in the chat → refused; in the chat → completed → claimed ---------------------
  const community = app.getByRole('listitem', { name: 'Join the TON Token community' });
  await community.getByRole('button', { name: 'Start' }).click();
  await expect(community.getByTestId('task-status')).toHaveText('Started');
  await member.uncheck();
  await expect(member).not.toBeChecked();
  await community.getByRole('button', { name: 'Check' }).click();
  await expect(app.getByText('Join the community first, then check again')).toBeVisible();
  await expect(community.getByTestId('task-status')).toHaveText('Started');
  await member.check();
  await community.getByRole('button', { name: 'Check' }).click();
  await expect(community.getByTestId('task-status')).toHaveText('Completed');
  await community.getByRole('button', { name: 'Claim' }).click();
  await expect(app.getByText('10.00 TKN added to your task balance')).toBeVisible();
  await expect(community.getByTestId('task-status')).toHaveText('Done');
  await expect(tasksBadge(page, 4)).toBeVisible();

  // ---- invite: Start shares the referral link through Telegram's dialog ------------------------------
  const invite = app.getByRole('listitem', { name: 'Invite a friend' });
  await invite.getByRole('button', { name: 'Start' }).click();
  const share = page.getByTestId('share-dialog');
  await expect(share).toBeVisible();
  await expect(share.getByRole('link')).toHaveAttribute('href', /startapp=/);
  await share.getByRole('button', { name: 'Cancel' }).click();
  await expect(invite.getByTestId('task-status')).toHaveText('Started');

  // ---- photo: Start opens the upload; not an image → refused inline, before any preview; too large →
  // the product text, nothing sent; a real photo → in review ---------------------------------------------
  const photoTask = app.getByRole('listitem', { name: 'Show your TON Token screen' });
  await photoTask.getByRole('button', { name: 'Start' }).click();
  const modal = app.getByRole('dialog', { name: 'Add photo' });
  await expect(modal).toBeVisible();
  const input = modal.getByTestId('task-photo-input');
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a photo at all') });
  await expect(modal.getByRole('alert')).toHaveText('Upload a JPEG, PNG or WebP photo');
  await expect(modal.getByRole('img', { name: 'The photo to send' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Send' })).toBeDisabled();
  const huge = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge });
  await expect(modal.getByRole('alert')).toHaveText('Error: File size is too large! Upload a smaller file.');
  await input.setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(modal.getByRole('img', { name: 'The photo to send' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Send' })).toBeEnabled();
  // The modal as the user sees it before sending (its model comes with its lazy chunk).
  await page.screenshot({ path: 'screenshots/en-light-task-photo-modal.png' });
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(app.getByText('Photo sent for review')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(photoTask.getByTestId('task-status')).toHaveText('In review');

  // ---- the operator approves it in the launcher; the app learns it by the socket --------------------
  await launcher.getByRole('button', { name: 'Refresh' }).click();
  const review = launcher.locator('[data-testid^="review-"]').filter({ hasText: name });
  await expect(review).toContainText('Show your TON Token screen');
  await expect(review.getByRole('img', { name: `Photo proof of ${name}` })).toBeVisible();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(photoTask.getByTestId('task-status')).toHaveText('Completed');
  await photoTask.getByRole('button', { name: 'Claim' }).click();
  await expect(photoTask.getByTestId('task-status')).toHaveText('Done');
  await expect(tasksBadge(page, 3)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tasks.png') });
});
