import { createEvent, createStore, sample } from 'effector';
import { $user } from '@/entities/user';
import { appConfig, miniAppLink } from '@/shared/config';
import { $locale } from '@/shared/i18n';
import { themeChanged, type LaunchParams } from '@/shared/telegram';
import { createTonConnectFx, mountButtonFx, setUiOptionsFx, type TonConnectSetup } from '@/shared/ton-connect';

/** Starts TON Connect with the app's settings: manifest, local wallets list in sandbox,
 * the app's language (shared/i18n: the same choice as every other text), Telegram's theme, return to
 * the Mini App after a wallet action. */
/** The sandbox's Dev Wallet (its app name in the sandbox's wallets list): an injected bridge only. */
const SANDBOX_DEV_WALLET = 'devwallet';

export const walletWidgetStarted = createEvent<Pick<LaunchParams, 'colorScheme'>>();
export const buttonRootMounted = createEvent<string>();
export const buttonRootUnmounted = createEvent();

sample({
  clock: walletWidgetStarted,
  source: { language: $locale, user: $user },
  fn: ({ language, user }, { colorScheme }): TonConnectSetup => ({
    manifestUrl: appConfig.tonConnectManifestUrl,
    walletsListSource: appConfig.walletsListUrl,
    twaReturnUrl: miniAppLink(),
    language,
    theme: colorScheme,
    telegramUserId: user?.telegram_id ?? null,
    injectedOnlyWallets: appConfig.mode === 'sandbox' ? [SANDBOX_DEV_WALLET] : [],
  }),
  target: createTonConnectFx,
});

const $buttonRootId = createStore<string | null>(null)
  .on(buttonRootMounted, (_, id) => id)
  .reset(buttonRootUnmounted);

// Keep the widget's theme in step with Telegram's.
sample({
  clock: themeChanged,
  source: $locale,
  fn: (language, theme) => ({ language, theme }),
  target: setUiOptionsFx,
});

// The button mounts once both the library and its root element are there, whichever comes last.
sample({
  clock: [$buttonRootId.updates, createTonConnectFx.done],
  source: $buttonRootId,
  target: mountButtonFx,
});
