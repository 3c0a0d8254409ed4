import { createEvent, createStore, sample } from 'effector';
import { appConfig, miniAppLink } from '@/shared/config';
import { themeChanged, type LaunchParams } from '@/shared/telegram';
import { createTonConnectFx, mountButtonFx, setUiOptionsFx, type TonConnectSetup } from '@/shared/ton-connect';

/** Telegram's language decides the widget's: Russian for 'ru', English otherwise. */
export const widgetLanguage = (languageCode: string | null): 'en' | 'ru' =>
  languageCode?.toLowerCase().startsWith('ru') ? 'ru' : 'en';

/** Starts TON Connect with the app's settings (issue #3): manifest, local wallets list in sandbox,
 * Telegram's language and theme, return to the Mini App after a wallet action. */
export const walletWidgetStarted = createEvent<Pick<LaunchParams, 'languageCode' | 'colorScheme'>>();
export const buttonRootMounted = createEvent<string>();
export const buttonRootUnmounted = createEvent();

sample({
  clock: walletWidgetStarted,
  fn: ({ languageCode, colorScheme }): TonConnectSetup => ({
    manifestUrl: appConfig.tonConnectManifestUrl,
    walletsListSource: appConfig.walletsListUrl,
    twaReturnUrl: miniAppLink(),
    language: widgetLanguage(languageCode),
    theme: colorScheme,
  }),
  target: createTonConnectFx,
});

const $language = createStore<'en' | 'ru'>('en').on(walletWidgetStarted, (_, { languageCode }) =>
  widgetLanguage(languageCode),
);
const $buttonRootId = createStore<string | null>(null)
  .on(buttonRootMounted, (_, id) => id)
  .reset(buttonRootUnmounted);

// Keep the widget's theme in step with Telegram's.
sample({
  clock: themeChanged,
  source: $language,
  fn: (language, theme) => ({ language, theme }),
  target: setUiOptionsFx,
});

// The button mounts once both the library and its root element are there, whichever comes last.
sample({
  clock: [$buttonRootId.updates, createTonConnectFx.done],
  source: $buttonRootId,
  target: mountButtonFx,
});
