import { createWatch, fork, type Effect, type Scope, type StoreWritable } from 'effector';
import { vi } from 'vitest';
// The toast, haptic and close-on-bad-launch-data reactions to a failed call (the app layer's).
import '@/app/model/errors';
import { userModel } from '@/entities/user';
import { $accessToken, ApiError, type UserMe } from '@/shared/api';
import { $catalogues, $locale, $localeReady, en, loadCatalogue, type Locale } from '@/shared/i18n';
import { prefetchLazyViewsFx } from '@/shared/ui/lazy-page';
import { showToast, waitToastDurationFx, type ShowToastParams } from '@/shared/ui/toast';
import {
  applyThemeFx,
  closeAppFx,
  expandFx,
  hapticErrorFx,
  openLinkFx,
  openTelegramLinkFx,
  readyFx,
  redirectFx,
  reloadFx,
  setBackButtonVisibleFx,
  showSettingsButtonFx,
  subscribeHostEventsFx,
} from '@/shared/telegram';

/* eslint-disable @typescript-eslint/no-explicit-any -- test wiring accepts any unit pair */
type Handlers = Array<readonly [Effect<any, any, any>, (...args: any[]) => unknown]>;
type Values = Array<readonly [StoreWritable<any>, unknown]>;

/** A signed-in user the server knows as a community member: the state every member-only page opens in. */
/** The server's 400 for a quote whose price no longer stands (mint and farming create). */
export const priceQuoteExpired = () =>
  new ApiError({
    kind: 'http',
    status: 400,
    message: 'Error: The price has changed',
    serverMessage: 'The price has changed: check the new amount and confirm again',
    code: 'priceQuoteExpired',
  });

export const signedInMember: Values = [
  [$accessToken, 'access'],
  [userModel.$user, { id: 1, telegram_id: 777, ref: { level: 0 }, community_participation: true } as UserMe],
];

/** The Russian catalogue, loaded as the app loads it for a Russian user (a chunk of its own). */
const ru = await loadCatalogue('ru');

/** A Russian user's scope after the launch: the language and its texts, loaded. */
export const inRussian: Values = [
  [$locale, 'ru'],
  [$catalogues, { en, ru }],
  [$localeReady, true],
];

/** `loadCatalogueFx` without the dynamic import's real I/O, for tests that drive the clock by hand. */
export const loadCatalogueAtOnce = async (locale: Locale) => ({ locale, messages: locale === 'ru' ? ru : en });

/**
 * A forked scope whose Telegram host calls are spies (the app runs outside Telegram in tests) and
 * whose toasts are recorded. Everything else is the real model.
 */
export function createTestScope({ handlers = [], values = [] }: { handlers?: Handlers; values?: Values } = {}) {
  const host = {
    ready: vi.fn(),
    expand: vi.fn(),
    applyTheme: vi.fn(),
    subscribeHostEvents: vi.fn(),
    close: vi.fn(),
    hapticError: vi.fn(),
    openTelegramLink: vi.fn(),
    openLink: vi.fn(),
    redirect: vi.fn(),
    reload: vi.fn(),
    setBackButtonVisible: vi.fn(),
    showSettingsButton: vi.fn(),
  };
  const scope: Scope = fork({
    values: values as Array<[StoreWritable<unknown>, unknown]>,
    handlers: [
      [readyFx, host.ready],
      [expandFx, host.expand],
      [applyThemeFx, host.applyTheme],
      [subscribeHostEventsFx, host.subscribeHostEvents],
      [closeAppFx, host.close],
      [hapticErrorFx, host.hapticError],
      [openTelegramLinkFx, host.openTelegramLink],
      [openLinkFx, host.openLink],
      [redirectFx, host.redirect],
      [reloadFx, host.reload],
      [setBackButtonVisibleFx, host.setBackButtonVisible],
      [showSettingsButtonFx, host.showSettingsButton],
      // Toast timers are tested in the toast model's own tests.
      [waitToastDurationFx, async ({ id }: { id: number }) => id],
      // Screens' chunks are not prefetched in model tests (nothing renders them).
      [prefetchLazyViewsFx, vi.fn()],
      ...handlers,
    ] as unknown as Array<[Effect<unknown, unknown>, () => unknown]>,
  });
  const toasts: ShowToastParams[] = [];
  createWatch({ unit: showToast, scope, fn: (toast) => toasts.push(toast) });
  return { scope, host, toasts };
}
