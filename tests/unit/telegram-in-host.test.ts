/**
 * The wrapper inside a (simulated) Telegram host: launch params come from the URL hash and host
 * calls reach `window.TelegramWebviewProxy`, both set up before the SDK module loads (docs/foundations.md §6).
 */
import { allSettled, createWatch, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const host = vi.hoisted(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const posted: Array<{ type: string; data: unknown }> = [];
  (window as unknown as Record<string, unknown>).TelegramWebviewProxy = {
    postEvent(type: string, data: string) {
      posted.push({ type, data: data ? JSON.parse(data) : null });
    },
  };
  const initData = new URLSearchParams({
    query_id: 'AAH',
    user: JSON.stringify({ id: 777000, first_name: 'Ann', language_code: 'ru' }),
    start_param: 'ref_ABC123',
    auth_date: '1767225600',
    hash: 'f'.repeat(64),
  }).toString();
  const theme = { bg_color: '#17212b', text_color: '#f5f5f5', secondary_bg_color: '#232e3c' };
  window.sessionStorage.clear();
  window.location.hash =
    `tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=ios` +
    `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}` +
    `&tgWebAppStartParam=ignored_by_sdk`;
  return { posted, initData };
});

import {
  applyThemeFx,
  backButtonPressed,
  closeAppFx,
  expandFx,
  getLaunchParams,
  hapticErrorFx,
  hapticFx,
  isVersionAtLeast,
  openTelegramLinkFx,
  setBackButtonVisibleFx,
  subscribeHostEventsFx,
  themeChanged,
} from '@/shared/telegram';

type TelegramGlobal = { Telegram: { WebView: { receiveEvent(type: string, data?: unknown): void } } };
const receiveEvent = (type: string, data?: unknown) =>
  (window as unknown as TelegramGlobal).Telegram.WebView.receiveEvent(type, data);

const postedOf = (type: string) => host.posted.filter((p) => p.type === type);

beforeEach(() => {
  host.posted.length = 0;
});

describe('getLaunchParams', () => {
  it('reads init data, user, start_param from inside tgWebAppData, platform and scheme', () => {
    expect(getLaunchParams()).toEqual({
      initData: host.initData,
      telegramUserId: 777000,
      startParam: 'ref_ABC123',
      platform: 'ios',
      version: '8.0',
      colorScheme: 'dark',
      languageCode: 'ru',
    });
  });

  it('compares the host version', () => {
    expect(isVersionAtLeast('6.1')).toBe(true);
    expect(isVersionAtLeast('8.0')).toBe(true);
    expect(isVersionAtLeast('9.1')).toBe(false);
  });
});

describe('openTelegramLinkFx', () => {
  it('rejects a non-http(s) protocol', async () => {
    const scope = fork();
    const result = await allSettled(openTelegramLinkFx, { scope, params: 'ftp://t.me/x' });
    expect(result).toEqual({ status: 'fail', value: Error('Url protocol is not supported') });
    expect((result.value as Error).message).toBe('Url protocol is not supported');
    expect(postedOf('web_app_open_tg_link')).toEqual([]);
  });

  it('rejects a host other than t.me', async () => {
    const scope = fork();
    const result = await allSettled(openTelegramLinkFx, { scope, params: 'https://example.com/x' });
    expect(result.status).toBe('fail');
    expect((result.value as Error).message).toBe('Url host is not supported');
    expect(postedOf('web_app_open_tg_link')).toEqual([]);
  });

  it('rejects text that is not a url as an unsupported protocol', async () => {
    const result = await allSettled(openTelegramLinkFx, { scope: fork(), params: 't.me/x' });
    expect((result.value as Error).message).toBe('Url protocol is not supported');
  });

  it('asks the host to open a t.me link', async () => {
    const result = await allSettled(openTelegramLinkFx, {
      scope: fork(),
      params: 'https://t.me/x?start=ref_1',
    });
    expect(result.status).toBe('done');
    expect(postedOf('web_app_open_tg_link')).toEqual([
      { type: 'web_app_open_tg_link', data: { path_full: '/x?start=ref_1' } },
    ]);
  });
});

describe('host calls', () => {
  it('expand, close, haptics and the back button reach the host', async () => {
    const scope = fork();
    await allSettled(expandFx, { scope });
    await allSettled(hapticErrorFx, { scope });
    await allSettled(hapticFx, { scope, params: 'light' });
    await allSettled(setBackButtonVisibleFx, { scope, params: true });
    await allSettled(setBackButtonVisibleFx, { scope, params: false });
    await allSettled(closeAppFx, { scope });
    expect(host.posted.map((p) => p.type)).toEqual([
      'web_app_expand',
      'web_app_trigger_haptic_feedback',
      'web_app_trigger_haptic_feedback',
      'web_app_setup_back_button',
      'web_app_setup_back_button',
      'web_app_close',
    ]);
    expect(postedOf('web_app_trigger_haptic_feedback').map((p) => p.data)).toEqual([
      { type: 'notification', notification_type: 'error' },
      { type: 'impact', impact_style: 'light' },
    ]);
    expect(postedOf('web_app_setup_back_button').map((p) => p.data)).toEqual([
      { is_visible: true },
      { is_visible: false },
    ]);
  });
});

describe('applyThemeFx', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    delete document.documentElement.dataset.theme;
  });

  it('writes every theme param as a --tg-theme-* variable and the scheme as data-theme', async () => {
    const root = document.documentElement;
    root.removeAttribute('style'); // the SDK writes them too on load; prove the effect does
    await allSettled(applyThemeFx, { scope: fork() });
    expect(root.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    expect(root.style.getPropertyValue('--tg-theme-text-color')).toBe('#f5f5f5');
    expect(root.style.getPropertyValue('--tg-theme-secondary-bg-color')).toBe('#232e3c');
    expect(root.dataset.theme).toBe('dark');
  });
});

describe('subscribeHostEventsFx', () => {
  it('reports back presses and theme changes inside the scope, once per host event', async () => {
    const scope = fork();
    const backs = vi.fn();
    const themes = vi.fn();
    const unwatchBack = createWatch({ unit: backButtonPressed, fn: backs, scope });
    const unwatchTheme = createWatch({ unit: themeChanged, fn: themes, scope });

    await allSettled(subscribeHostEventsFx, { scope });
    await allSettled(subscribeHostEventsFx, { scope }); // attaching again must not double-report

    receiveEvent('back_button_pressed');
    receiveEvent('theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } });
    await allSettled(scope);

    expect(backs).toHaveBeenCalledTimes(1);
    expect(themes).toHaveBeenCalledTimes(1);
    expect(themes).toHaveBeenCalledWith('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#ffffff');
    unwatchBack();
    unwatchTheme();
  });
});
