import { type APIRequestContext, type FrameLocator, type Locator, type Page, expect } from '@playwright/test';

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

/** The operator's host emulator: launcher → Operator switch → bot chat → /admin → Open the console. */
export async function openConsoleFromBot(page: Page): Promise<FrameLocator> {
  const { row } = await createTestUser(page, { name: `Operator ${Date.now() % 100000}` });
  await row.getByRole('checkbox', { name: 'Operator' }).check();
  await expect(page.locator('#status')).toContainText('is an operator');
  await row.getByRole('link', { name: 'Bot chat' }).click();
  const chat = page.getByRole('region', { name: 'Bot chat' });
  await chat.getByRole('textbox', { name: 'Message to the bot' }).fill('/admin');
  await chat.getByRole('button', { name: 'Send' }).click();
  const answer = chat.getByTestId('bot-message').filter({ hasText: 'The operator console' });
  await answer.getByRole('button', { name: 'Open the console' }).click();
  await expect(page.locator('#app-frame')).toHaveAttribute('src', /^\/operator\/#tgWebAppData=/);
  const console = appFrame(page);
  await expect(console.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  return console;
}

/** Event types the Mini App posted to its Telegram host, in order. */
export const hostEventTypes = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostEvents: { type: string }[] }).hostEvents.map((e) => e.type));

/** The t.me links the Mini App asked its Telegram host to open (web_app_open_tg_link), in order. */
export const hostTelegramLinks = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { hostEvents: { type: string; data: { path_full?: string } | null }[] }).hostEvents
      .filter((event) => event.type === 'web_app_open_tg_link')
      .map((event) => event.data?.path_full ?? ''),
  );

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

export async function connectDevWallet(
  page: Page,
  language: keyof typeof CONNECT_WORDS = 'en',
  /** Runs with the wallets modal open, before the Dev Wallet is chosen. */
  inModal?: (modal: Locator) => Promise<void>,
) {
  const words = CONNECT_WORDS[language];
  const app = appFrame(page);
  await app.getByRole('button', { name: words.connectWallet }).click();
  if (inModal) await inModal(app.locator('[data-tc-wallets-modal-container]'));
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

const ADMIN = { authorization: 'Bearer sandbox-admin' };

/** The signed-in Telegram user's id, from the launch data in the app frame's address. */
async function telegramIdInFrame(page: Page): Promise<string | null> {
  const src = await page.locator('#app-frame').getAttribute('src');
  const launch = new URLSearchParams(new URL(src ?? '', 'http://frame').hash.slice(1));
  const initData = new URLSearchParams(launch.get('tgWebAppData') ?? '');
  const user = JSON.parse(initData.get('user') ?? 'null') as { id?: number } | null;
  return user?.id === undefined ? null : String(user.id);
}

/**
 * What the server holds of the app's user's mints and of the treasury, read through the operator API:
 * the user's mints, how long since the watcher last read the chain, the treasury transactions it did
 * not credit. For a failure's message, so a paid mint that never showed as active says on which side
 * it stopped (not paid, not read, read but refused, or active and never pushed).
 */
async function serverSideOfMints(page: Page): Promise<string> {
  const get = async (path: string) => {
    const answer = await page.request.get(path, { headers: ADMIN });
    return answer.ok() ? ((await answer.json()) as unknown) : `HTTP ${answer.status()}`;
  };
  const telegramId = await telegramIdInFrame(page);
  const found = telegramId ? await get(`/api/admin/users?q=${telegramId}`) : null;
  const userId = Array.isArray(found) ? (found[0] as { id?: number } | undefined)?.id : undefined;
  const detail = userId === undefined ? null : ((await get(`/api/admin/users/${userId}`)) as { mints?: unknown });
  const overview = (await get('/api/admin/overview')) as { watcher_lag_seconds?: unknown };
  return JSON.stringify(
    {
      telegramId,
      mints: detail?.mints ?? detail,
      watcherLastReadSecondsAgo: overview.watcher_lag_seconds ?? overview,
      treasuryNotCredited: await get('/api/admin/treasury/transactions?include_resolved=true&limit=5'),
    },
    null,
    2,
  );
}

/**
 * Waits for the paid mints in the app's Active mints (the watcher reads the treasury every 5 s, then the
 * user:mint push moves the card); a timeout's message carries what the server holds of them.
 */
export async function expectActiveMints(page: Page, mints: Locator, count: number): Promise<void> {
  try {
    await expect(mints).toHaveCount(count, { timeout: 30_000 });
  } catch (error) {
    const server = await serverSideOfMints(page).catch((reason: unknown) => `(not read: ${String(reason)})`);
    if (error instanceof Error) error.message += `\n\nWhat the server holds:\n${server}`;
    throw error;
  }
}

/**
 * Puts the sandbox's price back to its start (0.01 TON): the specs share one server, and a spec that moves
 * or sets the price would otherwise change every later spec's figures.
 */
export async function resetPrice(request: APIRequestContext): Promise<void> {
  const reset = await request.post('/api/admin/price', {
    headers: { authorization: 'Bearer sandbox-admin' },
    data: { price: '0.01' },
  });
  expect(reset.status()).toBe(200);
}
