import { allSettled, type Scope } from 'effector';
import { createMemoryHistory } from 'history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $phase, $screen, appStarted, readLaunchParamsFx } from '@/app/model';
import { maintenanceModel } from '@/features/maintenance-mode';
import { sendTransactionModel } from '@/features/send-transaction';
import {
  ApiError,
  MAINTENANCE_OFF_DETAIL,
  readCredentialsFx,
  requestFx,
  sendRequestFx,
  type ApiFailure,
  type UserMe,
} from '@/shared/api';
import {
  $locale,
  $localeReady,
  $t,
  chooseLocale,
  formatDate,
  languageDetected,
  loadCatalogueFx,
  pluralIndex,
} from '@/shared/i18n';
import { attachBrowserHistoryFx } from '@/shared/routing';
import { createTonConnectFx, sendTransactionFx, WalletActionError } from '@/shared/ton-connect';
import { createTestScope, inRussian, loadCatalogueAtOnce } from './scope';
import { userModel } from '@/entities/user';
import { sessionModel } from '@/entities/session';

const { pollingStopped } = maintenanceModel;
const { transactionRequested } = sendTransactionModel;

const launchParams = (languageCode: string | null) => ({
  initData: 'query_id=1&user=%7B%22id%22%3A777%7D&hash=abc',
  telegramUserId: 777,
  startParam: null,
  platform: 'android',
  version: '8.0',
  colorScheme: 'light' as const,
  languageCode,
});

const member = {
  id: 1,
  telegram_id: 777,
  ref: { level: 0, percent: 5, turnover: '0', referrals_count: 0, new_referrals_count: 0 },
  community_participation: true,
} as UserMe;

describe("the app's language (Telegram's language_code: ru → Russian, else English)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.documentElement.lang = 'xx';
  });
  afterEach(() => vi.useRealTimers());

  const launch = async (languageCode: string | null, loadCatalogue = loadCatalogueAtOnce) => {
    const widget = vi.fn(async () => undefined);
    const { scope } = createTestScope({
      handlers: [
        [readCredentialsFx, () => ({ token: null, refresh: null, telegramUserId: null })],
        [readLaunchParamsFx, () => launchParams(languageCode)],
        [attachBrowserHistoryFx, () => createMemoryHistory()],
        [maintenanceModel.checkMaintenanceFx, async () => ({ detail: MAINTENANCE_OFF_DETAIL })],
        [sessionModel.registerWithLaunchDataFx, async () => ({ token: 'a', refresh: 'r', user: member })],
        [userModel.loadUserFx, async () => member],
        [createTonConnectFx, widget],
        // The clock is driven by hand: the catalogue's chunk is not fetched here (see below).
        [loadCatalogueFx, loadCatalogue],
      ],
    });
    void allSettled(appStarted, { scope });
    await vi.advanceTimersByTimeAsync(0);
    return { scope, widget };
  };
  const stop = async (scope: Scope) => {
    void allSettled(pollingStopped, { scope });
    await vi.advanceTimersByTimeAsync(20_000);
  };

  it.each([
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['RU', 'ru'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['de', 'en'],
    ['uk', 'en'],
    [null, 'en'],
  ] as const)('language_code %s → %s: the texts, <html lang> and the wallet widget', async (languageCode, locale) => {
    const { scope, widget } = await launch(languageCode);
    expect(scope.getState($locale)).toBe(locale);
    expect(document.documentElement.lang).toBe(locale);
    expect(widget).toHaveBeenCalledWith(expect.objectContaining({ language: locale }));
    await stop(scope);
  });

  it('the wallet widget waits for the Russian texts when the sign-in answers first (its answer can be in before the app starts)', async () => {
    const slowCatalogue = async (locale: Parameters<typeof loadCatalogueAtOnce>[0]) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return loadCatalogueAtOnce(locale);
    };
    const { scope, widget } = await launch('ru', slowCatalogue);
    expect(scope.getState($locale)).toBe('en');
    expect(widget).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(widget).toHaveBeenCalledTimes(1);
    expect(widget).toHaveBeenCalledWith(expect.objectContaining({ language: 'ru' }));
    await stop(scope);
  });

  it('is English before the launch parameters are read', () => {
    const { scope } = createTestScope();
    expect(scope.getState($locale)).toBe('en');
    expect(scope.getState($t)('dashboard.title')).toBe('Dashboard');
  });

  it('the same rule as a plain function, for any code', () => {
    expect(chooseLocale(' ru_RU ')).toBe('ru');
    expect(chooseLocale('')).toBe('en');
    expect(chooseLocale(undefined)).toBe('en');
  });
});

describe("the Russian texts are a chunk of their own, loaded before a Russian user's first screen", () => {
  it('no screen shows until they are there; then every text is Russian', async () => {
    const { scope } = createTestScope({ values: [[$phase, 'ready']] });
    expect(scope.getState($screen)).toBe('loader');

    // The real dynamic import (src/shared/i18n/translate.ts): allSettled waits for it.
    await allSettled(languageDetected, { scope, params: 'ru' });
    expect(scope.getState($localeReady)).toBe(true);
    expect(scope.getState($locale)).toBe('ru');
    expect(scope.getState($t)('dashboard.referralLevel', { level: 3 })).toBe('Реферальный уровень 3');
    expect(document.documentElement.lang).toBe('ru');
    expect(scope.getState($screen)).toBe('app');
  });

  it('an English user waits for nothing but the launch itself', async () => {
    const { scope } = createTestScope({ values: [[$phase, 'ready']] });
    await allSettled(languageDetected, { scope, params: 'en-US' });
    expect(scope.getState($screen)).toBe('app');
    expect(scope.getState($t)('dashboard.referralLevel', { level: 3 })).toBe('Referral level 3');
  });

  it('if the chunk cannot load, the app opens in English rather than not at all', async () => {
    const { scope } = createTestScope({
      values: [[$phase, 'ready']],
      handlers: [[loadCatalogueFx, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))]],
    });
    await allSettled(languageDetected, { scope, params: 'ru' });
    expect(scope.getState($locale)).toBe('en');
    expect(scope.getState($screen)).toBe('app');
    expect(scope.getState($t)('dashboard.referralLevel', { level: 3 })).toBe('Referral level 3');
  });
});

describe('texts, counts and dates', () => {
  it('fills placeholders and picks the plural form by count', () => {
    const en = createTestScope().scope.getState($t);
    const ru = createTestScope({ values: inRussian }).scope.getState($t);
    expect(en('common.days', { count: 1 })).toBe('1 day');
    expect(en('common.days', { count: 30 })).toBe('30 days');
    expect([1, 2, 5, 11, 21, 22, 25, 30, 111, 112, 180].map((count) => ru('common.days', { count }))).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '22 дня',
      '25 дней',
      '30 дней',
      '111 дней',
      '112 дней',
      '180 дней',
    ]);
    expect(ru('mint.after', { days: ru('common.days', { count: 90 }) })).toBe('Через 90 дней');
    expect(en('dashboard.referralLevel', { level: 3 })).toBe('Referral level 3');
    expect(ru('dashboard.referralLevel', { level: 3 })).toBe('Реферальный уровень 3');
  });

  it('plural rules: English one|other, Russian one|few|many (fractions take few)', () => {
    expect([0, 1, 2, 1.5].map((n) => pluralIndex('en', n))).toEqual([1, 0, 1, 1]);
    expect([0, 1, 3, 4, 5, 14, 24, 101, 1.5].map((n) => pluralIndex('ru', n))).toEqual([2, 0, 1, 1, 2, 2, 1, 0, 1]);
  });

  it("dates in the user's locale", () => {
    const seconds = Date.UTC(2026, 2, 5, 12) / 1000;
    expect(formatDate(seconds, 'en')).toBe('5 Mar 2026');
    expect(formatDate(seconds, 'ru')).toMatch(/^5 мар\.? 2026/);
  });
});

describe("models' texts follow the language (toasts)", () => {
  const failing = (failure: Partial<ApiFailure>) => () =>
    Promise.reject(
      new ApiError({ kind: 'http', status: 400, message: 'Bad', serverMessage: 'Bad', ...failure } as ApiFailure),
    );

  it('a Russian user gets the docs/product.md §8 error texts in Russian; the server msg stays as the server wrote it', async () => {
    const network = createTestScope({
      values: inRussian,
      handlers: [[sendRequestFx, failing({ kind: 'network', status: 0, serverMessage: null })]],
    });
    await allSettled(requestFx, { scope: network.scope, params: { method: 'GET', path: '/x' } });
    const timeout = createTestScope({
      values: inRussian,
      handlers: [[sendRequestFx, failing({ kind: 'timeout', status: 0, serverMessage: null })]],
    });
    await allSettled(requestFx, { scope: timeout.scope, params: { method: 'GET', path: '/x' } });
    const server = createTestScope({
      values: inRussian,
      handlers: [[sendRequestFx, failing({ status: 409, serverMessage: 'Mint is not active' })]],
    });
    await allSettled(requestFx, { scope: server.scope, params: { method: 'GET', path: '/x' } });

    expect(network.toasts.map((toast) => toast.text)).toEqual(['Ошибка: нет соединения с сетью! Код: ERR_NETWORK']);
    expect(timeout.toasts.map((toast) => toast.text)).toEqual(['Ошибка: превышено время ожидания!']);
    expect(server.toasts.map((toast) => toast.text)).toEqual(['Mint is not active']);
  });

  it('an English user gets them exactly as product.md writes them', async () => {
    const { scope, toasts } = createTestScope({
      handlers: [[sendRequestFx, failing({ status: 413, serverMessage: 'Request body is too large' })]],
    });
    await allSettled(requestFx, { scope, params: { method: 'POST', path: '/x' } });
    expect(toasts.map((toast) => toast.text)).toEqual(['Error: File size is too large! Upload a smaller file.']);
  });

  it('wallet refusals and failures in Russian', async () => {
    const noWallet = createTestScope({ values: inRussian });
    await allSettled(transactionRequested, {
      scope: noWallet.scope,
      params: { messages: [{ address: 'EQ', amount: '1' }] },
    });
    expect(noWallet.toasts.map((toast) => toast.text)).toEqual(['Подключите кошелёк, чтобы отправить транзакцию.']);

    const declined = createTestScope({
      values: inRussian,
      handlers: [
        [
          sendTransactionFx,
          () => Promise.reject(new WalletActionError('user-rejects', 'User declined the transaction')),
        ],
      ],
    });
    await allSettled(sendTransactionFx, { scope: declined.scope, params: { validUntil: 1, messages: [] } });
    expect(declined.toasts.map((toast) => toast.text)).toEqual(['Транзакция не отправлена']);
  });
});
