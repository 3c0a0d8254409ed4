/**
 * The launch reads Telegram's parameters from the URL hash without @twa-dev/sdk (the SDK is a lazy
 * chunk, docs/performance.md "Bundle"). These are the same parameters the SDK reads: each sample hash (the sandbox
 * launcher's, as the e2e suite opens the app, and the odd ones Telegram or a reload produce) is read
 * by src/shared/telegram/launch-params.ts and by the SDK's own code, run afresh on the same page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_WEB_APP_VERSION, signInitData } from '../../server/sandbox/service';
import { THEMES } from '../../server/sandbox/themes';
import type { SandboxUserRow } from '../../server/sandbox/queries';
import {
  getLaunchParams,
  isVersionAtLeast,
  parseHash,
  readHostTheme,
  signedLaunchInHash,
  type LaunchParams,
} from '@/shared/telegram/launch-params';

// The code the app's SDK chunk runs (the package exports only its index, which requires this file).
const sdkSource = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('@twa-dev/sdk')), 'telegram-web-apps.js'),
  'utf8',
);

type SdkWebApp = {
  initData: string;
  initDataUnsafe: { user?: { id?: number; language_code?: string }; start_param?: string };
  platform: string;
  version: string;
  colorScheme: 'light' | 'dark';
  themeParams: Record<string, string>;
  isVersionAtLeast(version: string): boolean;
};

/** The SDK as it starts on a page: reads location.hash and this tab's sessionStorage. */
function runSdk(): SdkWebApp {
  const global = window as unknown as { Telegram?: { WebApp: SdkWebApp } };
  delete global.Telegram;
  new Function(sdkSource).call(window);
  return global.Telegram!.WebApp;
}

const VERSIONS = ['6.0', '6.1', '6.9', '6.10', '7.0', '8.0', '8.0.1', '8', '9.1', '10.0', ''];

/** Both readers on the same page state (sessionStorage as it was before either ran). */
function readBoth(hash: string, storage: Record<string, string> = {}) {
  const setPage = () => {
    window.sessionStorage.clear();
    for (const [key, value] of Object.entries(storage)) window.sessionStorage.setItem(key, value);
    window.history.replaceState(null, '', `/${hash}`);
  };
  setPage();
  const ours = {
    params: getLaunchParams(),
    theme: readHostTheme().params,
    versions: VERSIONS.map((version) => isVersionAtLeast(version)),
  };
  setPage();
  const sdk = runSdk();
  const theirs = {
    params: {
      initData: sdk.initData,
      telegramUserId: sdk.initDataUnsafe.user?.id ?? null,
      startParam: sdk.initDataUnsafe.start_param || null,
      platform: sdk.platform || 'unknown',
      version: sdk.version,
      colorScheme: sdk.colorScheme,
      languageCode: sdk.initDataUnsafe.user?.language_code ?? null,
    },
    theme: { ...sdk.themeParams },
    versions: VERSIONS.map((version) => sdk.isVersionAtLeast(version)),
  };
  return { ours, theirs };
}

const sandboxUser = (overrides: Partial<SandboxUserRow>): SandboxUserRow => ({
  id: 1,
  telegram_id: 700_000_001n,
  first_name: 'Ann',
  username: 'ann',
  language_code: 'ru',
  start_param: null,
  is_community_member: true,
  platform: 'ios',
  theme: 'dark',
  created_at: new Date(),
  app_user_id: null,
  app_ref_code: null,
  app_balance_token: null,
  app_referral_balance: null,
  app_task_balance: null,
  ...overrides,
});

/** The sandbox launcher's URL hash (server/sandbox/service.ts `launch`), as the e2e suite opens the app. */
function launcherHash(user: SandboxUserRow): string {
  const hash = new URLSearchParams({
    tgWebAppData: signInitData('123456:sandbox-bot-token', user),
    tgWebAppVersion: SANDBOX_WEB_APP_VERSION,
    tgWebAppPlatform: user.platform,
    tgWebAppThemeParams: JSON.stringify(THEMES[user.theme]),
  });
  if (user.start_param) hash.set('tgWebAppStartParam', user.start_param);
  return `#${hash.toString()}`;
}

/** A hash as Telegram's clients write it: encodeURIComponent, not form encoding. */
function telegramHash(params: Record<string, string>, path = ''): string {
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `#${path}${path ? '?' : ''}${query}`;
}

const initData = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('the launch parameters read without the SDK are the SDK’s', () => {
  it.each([
    ['the launcher: a Russian iOS user in the dark theme', launcherHash(sandboxUser({}))],
    [
      'the launcher: an English Android user in the light theme, opened from a link',
      launcherHash(
        sandboxUser({
          language_code: 'en',
          platform: 'android',
          theme: 'light',
          start_param: 'ABCD2345',
          username: null,
        }),
      ),
    ],
    ['the launcher: a farm link', launcherHash(sandboxUser({ platform: 'tdesktop', start_param: 'farm_Q7X2' }))],
    ['a plain browser (no hash)', ''],
    ['a hash that is only a path', '#/mint'],
    [
      'Telegram’s encoding, a path before the parameters, 3-digit and rgb() colours',
      telegramHash(
        {
          tgWebAppData: initData({
            user: JSON.stringify({ id: 42, first_name: 'Зоя & Co', language_code: 'en-GB' }),
            chat_instance: '-1',
            chat_type: 'sender',
            start_param: 'x_1-2',
            auth_date: '1767225600',
            hash: 'a'.repeat(64),
          }),
          tgWebAppVersion: '7.10',
          tgWebAppPlatform: 'weba',
          tgWebAppThemeParams: JSON.stringify({ bg_color: '#FFF', text_color: 'rgb(10, 20, 30)', hint_color: 'nope' }),
          tgWebAppStartParam: 'x_1-2',
        },
        '/tgWebAppPath',
      ),
    ],
    [
      'the iOS dark theme Telegram lifts, and a start parameter only outside the signed data',
      telegramHash({
        tgWebAppData: initData({
          user: JSON.stringify({ id: 7 }),
          query_id: 'AAH',
          auth_date: '1',
          hash: 'b'.repeat(64),
        }),
        tgWebAppVersion: '6.2',
        tgWebAppPlatform: 'ios',
        tgWebAppThemeParams: JSON.stringify({ bg_color: '#1c1c1d', secondary_bg_color: '#1c1c1d' }),
        tgWebAppStartParam: 'ignored',
      }),
    ],
    [
      'broken percent-encoding and a theme that is not JSON',
      '#tgWebAppData=user%3D%7B%22id%22%3A5%7D%26x%3D%E0%A4%A&tgWebAppPlatform=android&tgWebAppThemeParams=%7Bbad',
    ],
  ])('%s', (_, hash) => {
    const { ours, theirs } = readBoth(hash);
    expect(ours).toEqual(theirs);
  });

  it('a reload whose hash is gone reads this tab’s earlier parameters and last theme, as the SDK does', () => {
    const first = launcherHash(sandboxUser({ theme: 'light', language_code: 'en' }));
    // The first load, by the app: it keeps the parameters for the SDK and later loads.
    const { ours: firstLoad } = readBoth(first);
    const stored = {
      __telegram__initParams: JSON.stringify(parseHash(first)),
      // The theme the host switched to since (the SDK keeps it on theme_changed).
      __telegram__themeParams: JSON.stringify(THEMES.dark),
    };
    const { ours, theirs } = readBoth('#/mint', stored);
    expect(ours).toEqual(theirs);
    expect(ours.params.initData).toBe(firstLoad.params.initData);
    expect(ours.params.colorScheme).toBe('dark');
  });

  it('keeps the parameters in sessionStorage, so the SDK loaded later finds them after the URL changed', () => {
    const hash = launcherHash(sandboxUser({}));
    window.sessionStorage.clear();
    window.history.replaceState(null, '', `/${hash}`);
    const ours = getLaunchParams();
    window.history.replaceState(null, '', '/referral'); // the router moved on before the SDK loaded
    const sdk = runSdk();
    expect(sdk.initData).toBe(ours.initData);
    expect(sdk.platform).toBe('ios');
    expect(sdk.colorScheme).toBe('dark');
    expect(ours.initData).not.toBe('');
  });
});

describe('the launch data read from the hash alone, for the launch script’s calls', () => {
  const signedPart = ({ initData, telegramUserId, startParam, platform, languageCode }: LaunchParams) => ({
    initData,
    telegramUserId,
    startParam,
    platform,
    languageCode,
  });

  it.each([
    ['the launcher, dark iOS', launcherHash(sandboxUser({}))],
    [
      'the launcher, a farm link on desktop',
      launcherHash(sandboxUser({ platform: 'tdesktop', start_param: 'farm_Q7X2' })),
    ],
    [
      'Telegram’s encoding with a path',
      telegramHash(
        {
          tgWebAppData: initData({ user: JSON.stringify({ id: 42, language_code: 'ru' }), start_param: 'ABCD2345' }),
          tgWebAppPlatform: 'weba',
        },
        '/tgWebAppPath',
      ),
    ],
  ])('%s: what getLaunchParams() reads, with this tab’s other stored parameters, and no storage touched', (_, hash) => {
    window.sessionStorage.clear();
    // An earlier load of this tab kept other values: they fill only what the hash lacks.
    window.sessionStorage.setItem(
      '__telegram__initParams',
      JSON.stringify({ tgWebAppData: 'user=%7B%22id%22%3A1%7D', tgWebAppPlatform: 'android', tgWebAppVersion: '6.0' }),
    );
    window.history.replaceState(null, '', `/${hash}`);
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const signed = signedLaunchInHash();
    expect(getItem).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(signed).not.toBeNull();
    expect(signed).toEqual(signedPart(getLaunchParams()));
  });

  it.each([
    ['no hash', ''],
    ['a path only (a reload after the router moved)', '#/mint'],
    ['the data without the platform', telegramHash({ tgWebAppData: initData({ user: JSON.stringify({ id: 1 }) }) })],
  ])('%s: null, and getLaunchParams() decides', (_, hash) => {
    window.history.replaceState(null, '', `/${hash}`);
    expect(signedLaunchInHash()).toBeNull();
  });
});
