import { expect, test, type FrameLocator } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser, devWalletDialog, hostTelegramLinks } from './sandbox';

/**
 * A Telegram user whose language is Russian meets a Russian app: every screen's text, the toasts,
 * the dates, and `<html lang="ru">`. The wallet widget is the library's own (it follows the same
 * choice), and so does the sandbox's dev wallet sheet.
 */

/** The app's own visible text as words, without the wallet library's widget and the dev wallet's sheet. */
const appWords = (app: FrameLocator) =>
  app.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('#tc-widget-root, #ton-connect-button, [aria-label="Dev Wallet"], script, style')
      .forEach((node) => node.remove());
    // innerText of a detached node has no layout: textContent with the blocks separated is enough here.
    copy.querySelectorAll('*').forEach((node) => node.append(' '));
    // The wallet's own name is a name, in any language (the library says 'Откройте Dev Wallet, …').
    return (copy.textContent ?? '').replaceAll('Dev Wallet', '').split(/\s+/).filter(Boolean);
  });

/** Words with a lowercase Latin letter: English left on screen (tickers, mint codes and addresses are upper case or shortened). */
async function expectNoEnglish(app: FrameLocator) {
  const words = await appWords(app);
  const address = /^[\w-]{3}…[\w-]{4}$/;
  expect(words.filter((word) => /[a-z]/.test(word) && !address.test(word))).toEqual([]);
}

test('a Russian user sees the dashboard, mint and staking screens in Russian', async ({ page }) => {
  test.setTimeout(90_000);
  const { row } = await createTestUser(page, { language: 'ru', platform: 'tdesktop' });
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  const nav = app.getByRole('navigation', { name: 'Главное меню' });

  // Dashboard.
  await expect(app.getByRole('heading', { name: 'Главная', exact: true })).toBeVisible();
  await expect(app.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(app.getByRole('region', { name: 'Балансы' })).toContainText('Баланс');
  await expect(app.getByRole('region', { name: 'Бонусы' })).toContainText('Бонус за удержание');
  await expect(app.getByTestId('ref-level')).toHaveText('Реферальный уровень 1');
  await expect(app.getByRole('region', { name: 'Активные минты' })).toContainText('Активных минтов пока нет.');
  await expect(nav).toContainText('Минт');
  await expect(nav).toContainText('Стейкинг');
  for (const english of ['Dashboard', 'Balance', 'Active mints', 'Mint']) {
    await expect(app.getByRole('heading', { name: english, exact: true })).toHaveCount(0);
  }
  await expect(nav.getByText('Dashboard')).toHaveCount(0);
  await expectNoEnglish(app);
  await connectDevWallet(page, 'ru', async (modal) => {
    // The library's own Russian, and its "View all wallets" item too (scripts/tonconnect-ui-patches.ts).
    await expect(modal).toContainText('Подключите TON кошелёк');
    await expect(modal.getByText('Все', { exact: true })).toBeVisible();
    await expect(modal.getByText('кошельки', { exact: true })).toBeVisible();
    await expect(modal).not.toContainText('View all');
    await page.screenshot({ path: 'screenshots/wallets-modal-ru-390.png' });
  });
  await expect(app.getByRole('region', { name: 'Кошелёк' })).toContainText('Отключить');
  await expectNoEnglish(app);
  // The injected Dev Wallet answers in the page: Telegram was never asked to open a link (which, for the
  // wallet's t.me link, would reopen this Mini App).
  expect(await hostTelegramLinks(page)).toEqual([]);

  // Mint: plans in Russian plurals, the calculation, the toasts, the pending and active cards.
  await nav.getByRole('link', { name: 'Минт' }).click();
  await expect(app.getByRole('heading', { name: 'Минт', exact: true })).toBeVisible();
  const plans = app.getByRole('group', { name: 'План' }).getByRole('button');
  await expect(plans).toHaveText(['30 дней', '60 дней', '90 дней', '180 дней']);
  await expect(app.getByText('Выберите план.')).toBeVisible();
  await plans.filter({ hasText: '30 дней' }).click();
  await expect(app.getByText('+5 % за 30 дней')).toBeVisible();
  await app.getByRole('textbox', { name: 'Сумма (TON)' }).fill('abc');
  await expect(app.getByText(/^Введите сумму больше 0/)).toBeVisible();
  // The decimal key, whichever mark it types, shows as the Russian comma (docs/decisions.md "Formats").
  await app.getByRole('textbox', { name: 'Сумма (TON)' }).fill('10.5');
  await expect(app.getByRole('textbox', { name: 'Сумма (TON)' })).toHaveValue('10,5');
  await expect(app.getByTestId('mint-calculation')).toContainText('1 102,50 TKN');
  await app.getByRole('textbox', { name: 'Сумма (TON)' }).fill('10');
  const calculation = app.getByTestId('mint-calculation');
  await expect(calculation).toContainText('Вы получите');
  await expect(calculation).toContainText('Через 30 дней');
  await expect(calculation).toContainText('1 050,00 TKN');
  await expect(app.getByRole('heading', { name: 'Mint', exact: true })).toHaveCount(0);
  await expectNoEnglish(app);
  await page.screenshot({ path: test.info().outputPath('ru-mint.png') });

  await app.getByRole('button', { name: 'Создать минт' }).click();
  await expect(app.getByText(/^Новый минт #[A-Z0-9]{8} создан: /)).toBeVisible();
  // Read while the wallet asks: once it pays, the watcher may credit the mint before the card is read.
  const pending = app.getByRole('region', { name: 'Ожидает оплаты' });
  await expect(pending).toContainText('Оплатите 10,0000 TON из кошелька');
  await expectNoEnglish(app);
  await devWalletDialog(page).getByRole('button', { name: 'Подтвердить' }).click();
  await expect(app.getByText('Транзакция обрабатывается')).toBeVisible();
  expect(await hostTelegramLinks(page)).toEqual([]);

  const active = app.getByRole('region', { name: 'Активные минты' }).getByTestId('mint-card');
  await expect(active).toHaveCount(1, { timeout: 30_000 });
  await expect(active.getByTestId('mint-status')).toHaveText('Активен');
  await expect(active).toContainText('Срок');
  await expect(active).toContainText('30 дней');
  // The maturity date in Russian: '<day> <month abbreviation> <year> г.'.
  await expect(active).toContainText(/Завершится\s*\d{1,2} [а-я]{3,4}\.? \d{4}/);
  await expectNoEnglish(app);

  // Staking.
  await nav.getByRole('link', { name: 'Стейкинг' }).click();
  await expect(app.getByRole('heading', { name: 'Стейкинг', exact: true })).toBeVisible();
  await expect(app.getByText(/^Стейков пока нет\./)).toBeVisible();
  await expectNoEnglish(app);
  await app.getByRole('link', { name: 'Застейкать минт' }).click();
  await expect(app.getByRole('heading', { name: 'Выберите минт' })).toBeVisible();
  await app.getByTestId('stakeable-mint').getByRole('button', { name: 'Застейкать', exact: true }).click();
  const terms = app.getByRole('dialog', { name: 'Застейкать этот минт?' });
  await expect(terms.getByTestId('stake-terms-rate')).toHaveText('1,00 % в день');
  await expect(terms).toContainText('примерно через 30 дней');
  await expectNoEnglish(app);
  await terms.getByRole('button', { name: 'Застейкать', exact: true }).click();
  await expect(app.getByText(/^Новый стейк #[A-Z0-9]{8} создан$/)).toBeVisible();
  const card = app.getByTestId('stake-card');
  await expect(card).toContainText('Заработано');
  await expect(card.getByTestId('stake-status')).toHaveText('Активен');
  await expect(card.getByRole('definition').first()).toBeVisible();
  await expect(card).toContainText('в день');
  await expect(card).toContainText('в секунду');
  await expect(app.getByRole('heading', { name: 'Staking', exact: true })).toHaveCount(0);
  await expectNoEnglish(app);
});
