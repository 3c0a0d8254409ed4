/**
 * The bot in the sandbox: a test user's bot chat in the host emulator. What they write goes to the bot's
 * webhook as Telegram delivers it; the bot's answer appears with its web_app button, which opens the Mini
 * App in the frame with the user's signed launch (a farm link's ?farm_code= included). The launcher sets the
 * bot up and shows what is configured. A notification: a Russian user's sale is paid out, the bot tells
 * them in Russian, and the message's button opens History. Screenshots of the chat (light, dark) go to
 * screenshots/.
 */
import { expect, test } from '@playwright/test';
import { appFrame, connectDevWallet, createTestUser } from './sandbox';

test('a Russian user writes /start in the bot chat and opens the Mini App from the answer', async ({ page }) => {
  const { row } = await createTestUser(page, { language: 'ru', platform: 'android' });
  await row.getByRole('link', { name: 'Bot chat' }).click();

  const chat = page.getByRole('region', { name: 'Bot chat' });
  await expect(chat).toBeVisible();
  await expect(page.locator('#app-closed')).toHaveText('Mini App not open: press a button in the bot chat');
  await expect(chat).toContainText('No messages yet');

  await chat.getByRole('textbox', { name: 'Message to the bot' }).fill('/start');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('user-message')).toHaveText(/^\/start/);
  const welcome = chat.getByTestId('bot-message');
  await expect(welcome).toContainText('Добро пожаловать в TON Token!');
  const open = welcome.getByRole('button', { name: 'Открыть TON Token' });
  await expect(open).toBeVisible();
  await chat.screenshot({ path: 'screenshots/bot-chat-light.png' });

  await open.click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Главная', exact: true })).toBeVisible();
  await expect(app.getByRole('region', { name: 'Балансы' })).toContainText('Баланс');
  await page.screenshot({ path: 'screenshots/bot-chat-host.png' });

  // A farm link's /start: the answer's button carries ?farm_code=, which the app reads on opening.
  await chat.getByRole('textbox', { name: 'Message to the bot' }).fill('/start farm_ABCDEF123');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('bot-message')).toHaveCount(2);
  await expect(chat.getByTestId('bot-message').last()).toContainText('фарминг-ссылкой');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('body')).toHaveClass(/dark/);
  await chat.screenshot({ path: 'screenshots/bot-chat-dark.png' });
  await chat.getByTestId('bot-message').last().getByRole('button', { name: 'Открыть TON Token' }).click();
  await expect(page.locator('#app-frame')).toHaveAttribute('src', /^\/\?farm_code=ABCDEF123#tgWebAppData=/);
  await expect(app.getByRole('heading', { name: 'Главная', exact: true })).toBeVisible();
});

test('the launcher sets the bot up and shows its webhook, commands, descriptions and menu button', async ({ page }) => {
  await page.goto('/sandbox/');
  const bot = page.getByRole('region', { name: 'Bot' });
  await bot.getByRole('button', { name: 'Set up the bot' }).click();
  await expect(bot.getByRole('status')).toContainText('Bot set up: 8 calls');
  const config = bot.getByTestId('bot-config');
  await expect(config).toContainText('/api/telegram/webhook');
  await expect(config).toContainText('secret token set');
  await expect(config).toContainText('/start — Открыть приложение');
  await expect(config).toContainText('Минт, стейкинг и фарминг токенов за TON');
  await expect(config).toContainText('“Open app” →');
  await bot.screenshot({ path: 'screenshots/bot-launcher.png' });
});

test('a sale is paid out: the Russian user hears of it in the bot chat, and its button opens History', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { row } = await createTestUser(page, { language: 'ru', platform: 'tdesktop' });
  const sandboxUserId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
  await row.getByRole('link', { name: 'Open' }).click();
  const app = appFrame(page);
  await expect(app.getByRole('heading', { name: 'Главная', exact: true })).toBeVisible();
  await connectDevWallet(page, 'ru');
  const granted = await page.request.post(`/sandbox/api/users/${sandboxUserId}/grant`, {
    data: { amount: '100', account: 'balance_token' },
  });
  expect(granted.status()).toBe(200);
  // Russian figures carry a decimal comma (docs/decisions.md "Formats").
  await expect(app.getByTestId('balance-token')).toHaveText('100,00 TKN');

  await app.getByRole('link', { name: 'Продажа' }).click();
  const dialog = app.getByRole('dialog', { name: 'Продажа токенов' });
  await dialog.getByLabel('Сумма, TKN').fill('50');
  const confirm = dialog.getByRole('button', { name: 'Подтвердить' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(dialog).toBeHidden();

  // The payout worker pays it on the dev chain; the notifications job tells the user through the bot.
  await page.getByRole('button', { name: 'Bot chat' }).click();
  const chat = page.getByRole('region', { name: 'Bot chat' });
  const message = chat.getByTestId('bot-message').filter({ hasText: 'Выплата отправлена' });
  await expect(message).toBeVisible({ timeout: 60_000 });
  await expect(message).toContainText(/Выплата отправлена: \d+,\d{4}\sTON на [\w-]{3}…[\w-]{4}\./);
  await message.getByRole('button', { name: 'Перейти к истории' }).click();
  await expect(page.locator('#app-frame')).toHaveAttribute('src', /^\/history#tgWebAppData=/);
  await app.getByRole('tab', { name: 'Выводы' }).click();
  await expect(app.getByTestId('withdrawal').first()).toHaveAttribute('data-status', 'completed');
});
