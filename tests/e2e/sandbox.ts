import { expect, type Page } from '@playwright/test';

export interface TestUserOptions {
  name?: string;
  language?: 'en' | 'ru';
  referrerCode?: string;
  member?: boolean;
  platform?: 'ios' | 'android' | 'tdesktop' | 'web' | 'unknown';
  theme?: 'light' | 'dark';
}

let counter = 0;

/** Creates a test user through the sandbox launcher, as a person would, and returns its row. */
export async function createTestUser(page: Page, options: TestUserOptions = {}) {
  counter += 1;
  const name = options.name ?? `Tester ${Date.now() % 100000}-${counter}`;
  await page.goto('/sandbox/');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Language').selectOption(options.language ?? 'en');
  if (options.referrerCode) await page.getByLabel('Referrer code').fill(options.referrerCode);
  await page.getByLabel('Community member').selectOption(options.member === false ? 'no' : 'yes');
  await page.getByLabel('Platform').selectOption(options.platform ?? 'android');
  await page.getByLabel('Theme').selectOption(options.theme ?? 'light');
  await page.getByRole('button', { name: 'Create user' }).click();
  const row = page.locator('[data-testid^="user-row-"]').filter({ hasText: name });
  await expect(row).toBeVisible();
  return { name, row };
}

/** The Mini App inside the sandbox's Telegram host page. */
export const appFrame = (page: Page) => page.frameLocator('#app-frame');

/** Event types the Mini App posted to its Telegram host, in order. */
export const hostEventTypes = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostEvents: { type: string }[] }).hostEvents.map((e) => e.type));

/** The injected Dev Wallet's entry in the wallets modal (not "Dev Wallet (mobile)", the bridge one). */
export const INJECTED_DEV_WALLET = /Dev Wallet(?! \(mobile\))/;

/** The dev wallet's Approve/Decline sheet, injected into the app's page (sandbox only). */
export const devWalletDialog = (page: Page) => appFrame(page).getByRole('dialog', { name: 'Dev Wallet' });

/**
 * Connects the dev wallet the way a person does: the TON Connect button → the library's wallets
 * modal → 'Dev Wallet' (offered on every platform and width) → Connect in the dev wallet's sheet.
 * Ends when the app shows the connected wallet.
 */
/** What the app and the Dev Wallet call the connect buttons, and the sheet's request, in each language. */
const CONNECT_WORDS = {
  en: { connectWallet: 'Connect Wallet', request: 'TON Token wants to connect', connect: 'Connect' },
  ru: { connectWallet: 'Подключить кошелёк', request: 'TON Token запрашивает подключение', connect: 'Подключить' },
} as const;

export async function connectDevWallet(page: Page, language: keyof typeof CONNECT_WORDS = 'en') {
  const words = CONNECT_WORDS[language];
  const app = appFrame(page);
  await app.getByRole('button', { name: words.connectWallet }).click();
  await app.getByRole('button', { name: INJECTED_DEV_WALLET }).first().click();
  const sheet = devWalletDialog(page);
  await expect(sheet).toContainText(words.request);
  await sheet.getByRole('button', { name: words.connect }).click();
  await expect(sheet).toBeHidden();
  await expect(app.getByTestId('wallet-address')).toBeVisible();
}

/**
 * The Mini App itself (not the host emulator) at 390 px, with the launcher's signed launch data: a new
 * test user in that theme and language, the frame's address opened as the page.
 */
export async function openAppDirectly(page: Page, theme: 'light' | 'dark', language: 'en' | 'ru') {
  const { row } = await createTestUser(page, { theme, language });
  await row.getByRole('link', { name: 'Open' }).click();
  // The host page sets the frame's address once it has the signed launch data.
  await expect(page.locator('#app-frame')).toHaveAttribute('src', /tgWebAppData=/);
  const src = await page.locator('#app-frame').getAttribute('src');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(src!);
}
