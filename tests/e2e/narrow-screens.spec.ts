import { expect, test, type Locator, type Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { ru } from '../../src/shared/i18n/ru';
import { INJECTED_DEV_WALLET, createTestUser } from './sandbox';

/*
 * Issue #39's smaller things, as a person sees them on the narrowest phones (320 px) and the common
 * ones (390 px), in both languages and themes: what they read and where it sits. The price's two
 * changes stay together, the referral screen has one Invite friends and no label breaking inside its
 * button, the add photo modal keeps its picker off Send, the chart fits its card, the staking terms
 * and the Sell sheet's read-only wallet fit the sheet. Nothing scrolls sideways, and what must not
 * overlap does not. Each state is photographed into screenshots/ (ignored by git).
 */
const CATALOGUES = { en, ru } as const;
const WIDTHS = [320, 390] as const;
const ADMIN = { authorization: 'Bearer sandbox-admin' };

// A 1 × 1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box!;
}

/** The free space between two boxes, across or down, whichever parts them (negative: they overlap). */
const gapBetween = (a: Box, b: Box) =>
  Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width), b.y - (a.y + a.height), a.y - (b.y + b.height));

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Nothing on the page is wider than the screen. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

/** Each pair of these elements is apart, each within the screen's width. */
async function expectApart(page: Page, what: string, locators: Locator[]) {
  const width = page.viewportSize()!.width;
  const boxes = await Promise.all(locators.map(boxOf));
  boxes.forEach((box, i) => {
    expect(box.x, `${what}: ${locators[i]} starts off screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: ${locators[i]} runs off screen`).toBeLessThanOrEqual(width + 0.5);
    for (const [j, other] of boxes.entries())
      if (j > i) expect(overlap(box, other), `${what}: ${locators[i]} overlaps ${locators[j]}`).toBe(false);
  });
}

/** Fonts loaded, finite animations done, two frames drawn: ready to photograph. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** At 320 and 390 px: checks, then a photograph named after the state. */
async function atEachWidth(page: Page, name: string, check: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 844 });
    await settled(page);
    await check(width);
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await page.screenshot({ path: `screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** A test user's Mini App opened as the page itself at 390 px; answers its address and sandbox id. */
async function openApp(page: Page, language: 'en' | 'ru', theme: 'light' | 'dark') {
  const { row } = await createTestUser(page, { theme, language, platform: 'android' });
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page.locator('#app-frame')).toHaveAttribute('src', /tgWebAppData=/);
  const src = await page.locator('#app-frame').getAttribute('src');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(src!);
  await expect(page.getByRole('heading', { name: CATALOGUES[language]['dashboard.title'] })).toBeVisible();
  const app = new URL(page.url());
  const go = (path: string) => page.goto(new URL(path + app.hash, app.origin).toString());
  return { go, sandboxUserId };
}

const WORDS = {
  en: { connectWallet: 'Connect Wallet', connect: 'Connect', approve: 'Approve', days30: '30 days' },
  ru: { connectWallet: 'Подключить кошелёк', connect: 'Подключить', approve: 'Подтвердить', days30: '30 дней' },
} as const;

async function movePrice(page: Page, direction: 'up' | 'down') {
  expect((await page.request.post('/sandbox/api/price', { data: { direction } })).status()).toBe(200);
}

test.afterEach(async ({ request }) => {
  // Other specs count tokens at 0.01 TON.
  const reset = await request.post('/api/admin/price', { headers: ADMIN, data: { price: '0.01' } });
  expect(reset.status()).toBe(200);
});

for (const language of ['en', 'ru'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`narrow screens in ${language}, ${theme}: nothing wraps alone, overlaps or runs off`, async ({ page }) => {
      test.setTimeout(180_000);
      const t = CATALOGUES[language];
      const words = WORDS[language];
      const prefix = `${language}-${theme}`;
      const { go, sandboxUserId } = await openApp(page, language, theme);

      // ---- the price's changes: three ticks down make them as wide as they get ('−14,26 % за 30 дн.') ----
      for (let i = 0; i < 3; i++) await movePrice(page, 'down');
      await expect(page.getByTestId('price-change-30d')).toHaveAttribute('data-direction', 'down');
      // In the user's language: '−14.26%' or '−14,26 %' (docs/decisions.md "Formats").
      await expect(page.getByTestId('price-change-30d')).toContainText(
        language === 'en' ? '\u221214.26%' : '\u221214,26\u00A0%',
      );
      await atEachWidth(page, `${prefix}-price-changes`, async (width) => {
        const day = await boxOf(page.getByTestId('price-change-24h'));
        const month = await boxOf(page.getByTestId('price-change-30d'));
        // One line: the 30-day change never wraps on its own.
        expect(Math.abs(day.y - month.y), `the changes share a line at ${width} px`).toBeLessThan(1);
        await expectApart(page, `price changes at ${width} px`, [
          page.getByTestId('current-price'),
          page.getByTestId('price-change-24h'),
          page.getByTestId('price-change-30d'),
        ]);
      });

      // ---- the chart: inside its card, its labels not cut (photographed) ---------------------------
      const chartSection = page.getByTestId('price-chart-section');
      await chartSection.scrollIntoViewIfNeeded();
      await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await settled(page);
        await chartSection.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        const section = await boxOf(chartSection);
        const chart = await boxOf(page.getByTestId('price-chart'));
        expect(chart.x + chart.width, `the chart fits its card at ${width} px`).toBeLessThanOrEqual(
          section.x + section.width,
        );
        expect(chart.y + chart.height, `the chart's bottom is inside its card at ${width} px`).toBeLessThanOrEqual(
          section.y + section.height,
        );
        await expectNoSidewaysScroll(page, `chart at ${width} px`);
        await chartSection.screenshot({ path: `screenshots/${prefix}-chart-${width}.png` });
      }
      await page.request.post('/api/admin/price', { headers: ADMIN, data: { price: '0.01' } });

      // ---- the referral screen: one Invite friends; no label breaks inside its button --------------
      await go('/referral');
      await expect(page.getByRole('heading', { name: t['referral.title'], exact: true })).toBeVisible();
      await expect(page.getByTestId('referral-empty')).toBeVisible();
      await expect(page.getByRole('button', { name: t['referral.invite'] })).toHaveCount(1);
      const transfer = page.getByRole('button', { name: t['referral.transfer'], exact: true });
      const farming = page.getByRole('link', { name: t['referral.farmingLink'], exact: true });
      const sell = page.getByRole('link', { name: t['referral.sell'], exact: true });
      await atEachWidth(page, `${prefix}-referral`, async (width) => {
        for (const button of [transfer, farming, sell]) {
          await button.scrollIntoViewIfNeeded();
          // One line of text: the label's own height, not two.
          const lines = await button.evaluate((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          });
          expect(lines, `'${await button.textContent()}' is on one line at ${width} px`).toBe(1);
        }
        await expectApart(page, `referral balance actions at ${width} px`, [transfer, farming, sell]);
        // Photographed in the middle of the screen, clear of the navbar's Invite friends row.
        await farming.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      });

      // ---- the add photo modal: the picker keeps its distance from Send ----------------------------
      await go('/tasks');
      const photoTask = page.getByRole('listitem', {
        name: language === 'en' ? 'Show your TON Token screen' : 'Покажите экран TON Token',
      });
      await photoTask.getByRole('button', { name: t['tasks.start'] }).click();
      const photoModal = page.getByRole('dialog', { name: t['tasks.photoTitle'] });
      await photoModal.getByTestId('task-photo-input').setInputFiles({
        name: 'proof.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expect(photoModal.getByRole('img', { name: t['tasks.photoPreview'] })).toBeVisible();
      const change = photoModal.getByText(t['tasks.photoChange']).locator('xpath=ancestor::label[1]');
      const send = photoModal.getByRole('button', { name: t['tasks.photoSend'] });
      await atEachWidth(page, `${prefix}-task-photo`, async (width) => {
        await expectApart(page, `add photo at ${width} px`, [change, send]);
        // Apart by at least 12 px however the sheet places them (stacked or side by side): never touching.
        const gap = gapBetween(await boxOf(change), await boxOf(send));
        expect(gap, `space between '${t['tasks.photoChange']}' and Send at ${width} px`).toBeGreaterThanOrEqual(12);
        // Send is the topmost thing at its middle: nothing (the picker, the sheet's edge) lies over it.
        const onTop = await send.evaluate((button) => {
          const box = button.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && button.contains(hit);
        });
        expect(onTop, `Send is uncovered at ${width} px`).toBe(true);
      });
      await page.keyboard.press('Escape');
      await expect(photoModal).toBeHidden();

      // ---- a wallet, a paid mint: the staking terms sheet ------------------------------------------
      await go('/');
      await page.getByRole('button', { name: words.connectWallet }).first().click();
      await page.getByRole('button', { name: INJECTED_DEV_WALLET }).first().click();
      const devWallet = page.getByRole('dialog', { name: 'Dev Wallet' });
      await devWallet.getByRole('button', { name: words.connect }).click();
      await expect(devWallet).toBeHidden();
      await expect(page.getByTestId('wallet-verified')).toBeVisible();
      await go('/mint');
      await page.getByRole('group', { name: t['mint.plan'] }).getByRole('button', { name: words.days30 }).click();
      await page.getByRole('textbox', { name: t['mint.amountLabel'] }).fill('10');
      await expect(page.getByTestId('mint-calculation')).toBeVisible();
      await page.getByRole('button', { name: t['mint.create'] }).click();
      await devWallet.getByRole('button', { name: words.approve }).click();
      await expect(devWallet).toBeHidden();
      await go('/staking/select');
      // The watcher reads the treasury every 5 s.
      await expect(page.getByTestId('stakeable-mint')).toHaveCount(1, { timeout: 30_000 });
      await page.getByTestId('stakeable-mint').getByRole('button', { name: t['staking.stake'], exact: true }).click();
      const terms = page.getByRole('dialog', { name: t['staking.termsTitle'] });
      await expect(terms.getByTestId('stake-terms')).toBeVisible();
      await atEachWidth(page, `${prefix}-stake-terms`, async (width) => {
        const sheet = await boxOf(terms);
        for (const figure of ['stake-terms-rate', 'stake-terms-cap', 'stake-terms-payout']) {
          const box = await boxOf(terms.getByTestId(figure));
          expect(box.x + box.width, `${figure} inside the sheet at ${width} px`).toBeLessThanOrEqual(
            sheet.x + sheet.width,
          );
        }
        await expectApart(page, `stake terms at ${width} px`, [
          terms.getByTestId('stake-terms'),
          terms.getByRole('button', { name: t['staking.termsConfirm'], exact: true }),
          terms.getByRole('button', { name: t['common.cancel'] }),
        ]);
      });
      await terms.getByRole('button', { name: t['common.cancel'] }).click();
      await expect(terms).toBeHidden();

      // ---- the Sell sheet: the verified wallet, read-only, shortened, whole on a tap ---------------
      const granted = await page.request.post(`/sandbox/api/users/${sandboxUserId}/grant`, { data: { amount: '100' } });
      expect(granted.status()).toBe(200);
      // ---- the dashboard's figures (a paid mint, 100 TKN): the Total value's parts add up on screen --
      await go('/');
      await page.getByTestId('total-value').click();
      await expect(page.locator('#total-value-parts')).toBeVisible();
      await atEachWidth(page, `${prefix}-dashboard-figures`, async () => {
        await page.getByTestId('total-value').evaluate((element) => element.scrollIntoView({ block: 'start' }));
      });
      await page.getByTestId('total-value').click();

      await go('/sell');
      const sellSheet = page.getByRole('dialog', { name: t['sell.title'] });
      await sellSheet.getByLabel(t['sell.amount']).fill('20');
      await expect(sellSheet.getByTestId('sell-receive')).toBeVisible();
      const destination = sellSheet.getByTestId('sell-address');
      const address = (await destination.getAttribute('data-address'))!;
      await expect(destination).toContainText(`${address.slice(0, 3)}…${address.slice(-4)}`);
      await atEachWidth(page, `${prefix}-sell-wallet`, async (width) => {
        await expectApart(page, `sell sheet at ${width} px`, [
          sellSheet.getByTestId('sell-receive'),
          destination,
          sellSheet.getByTestId('sell-address-hint'),
          sellSheet.getByRole('button', { name: t['sell.confirm'] }),
        ]);
      });
      await destination.click();
      await expect(destination).toContainText(address);
      await atEachWidth(page, `${prefix}-sell-wallet-whole`, async (width) => {
        const sheet = await boxOf(sellSheet);
        const box = await boxOf(destination);
        expect(box.x + box.width, `the whole address fits the sheet at ${width} px`).toBeLessThanOrEqual(
          sheet.x + sheet.width,
        );
      });
    });
  }
}
