import WebApp from '@twa-dev/sdk';

export interface LaunchParams {
  /** Signed launch data, sent as-is to /auth/register; '' outside Telegram. */
  initData: string;
  telegramUserId: number | null;
  /** Read from inside tgWebAppData: the SDK ignores tgWebAppStartParam (DESIGN.md §6). */
  startParam: string | null;
  /** 'unknown' outside Telegram (the app then redirects to the bot, SPEC §2). */
  platform: string;
  version: string;
  colorScheme: 'light' | 'dark';
  languageCode: string | null;
}

export function getLaunchParams(): LaunchParams {
  const unsafe = WebApp.initDataUnsafe;
  return {
    initData: WebApp.initData,
    telegramUserId: unsafe.user?.id ?? null,
    startParam: unsafe.start_param || null,
    platform: WebApp.platform || 'unknown',
    version: WebApp.version,
    colorScheme: WebApp.colorScheme,
    languageCode: unsafe.user?.language_code ?? null,
  };
}

export function isVersionAtLeast(version: string): boolean {
  return WebApp.isVersionAtLeast(version);
}
