/**
 * Build-time patches of @tonconnect/ui (2.4.4), for what its options cannot reach (docs/decisions.md
 * "Wallet"). Applied by vite.config.ts to the library's module in the build and in the dev server's
 * dependency bundle. Each patch names the exact code it replaces and must find it exactly once: a library
 * upgrade that changes that code fails the build (`patchTonConnectUi` throws), so a fix is never lost
 * silently; tests/unit/tonconnect-ui-patches.test.ts runs them on the installed library.
 *
 * 1. "View all wallets" in the wallets modal is hard-coded English (its `FourWalletsItem` takes the two
 *    lines as literals, not from the library's dictionary), so a Russian user saw it in English beside
 *    the library's own Russian. The item now reads them from the dictionary under `walletItem.viewAll`
 *    and `walletItem.viewAllWallets`, added to both languages.
 * 2. A wallet injected into the page (its JS bridge is there: a browser-extension wallet, the sandbox's
 *    Dev Wallet) is never opened by a link. The library's phone-width view has no injected path: it
 *    opens every chosen wallet's universal link at once (in a Mini App: `web_app_open_tg_link`, which for
 *    a t.me link makes Telegram open that bot's Mini App) and records the wallet as opened by that link,
 *    so every later transaction opened it again. The app's connector already connects such a wallet
 *    through its JS bridge (src/shared/ton-connect/connector.ts); now the view opens nothing for it and
 *    records it without an open method (as its desktop view records an extension), and the "confirm in
 *    your wallet" modal offers no "Open wallet" link for it. A phone wallet over the HTTP bridge is
 *    opened and returns exactly as before (the app's `returnStrategy` and `twaReturnUrl`).
 * 3. The library's Russian wallets modal says «или выберете другое приложение» ("or you will choose"), a
 *    misspelling of the imperative «выберите» ("choose") a Russian reader notices at once.
 */

/** The library's ES module, as Vite and rolldown name it. */
export const TONCONNECT_UI_MODULE = /[\\/]@tonconnect[\\/]ui[\\/]lib[\\/]index\.mjs(?:\?.*)?$/;

interface Patch {
  name: string;
  find: string;
  replace: string;
}

/** The Russian of the two lines; English keeps the library's own words. */
const VIEW_ALL = { en: ['View all', 'wallets'], ru: ['Все', 'кошельки'] } as const;
const viewAllEntries = (language: keyof typeof VIEW_ALL) =>
  `"viewAll": ${JSON.stringify(VIEW_ALL[language][0])}, "viewAllWallets": ${JSON.stringify(VIEW_ALL[language][1])}, `;

const PATCHES: readonly Patch[] = [
  {
    name: 'wallets modal: the Russian imperative',
    // The library's text has no-break spaces after «в» and «или».
    find: '"openWalletOnTelegramOrSelect": "Подключите Wallet в\u00A0Telegram или\u00A0выберете другое приложение"',
    replace: '"openWalletOnTelegramOrSelect": "Подключите Wallet в\u00A0Telegram или\u00A0выберите другое приложение"',
  },
  {
    name: 'view all wallets: English dictionary',
    find: 'const walletItem$1 = { "walletOn": "Wallet in",',
    replace: `const walletItem$1 = { ${viewAllEntries('en')}"walletOn": "Wallet in",`,
  },
  {
    name: 'view all wallets: Russian dictionary',
    find: 'const walletItem = { "walletOn": "Wallet в",',
    replace: `const walletItem = { ${viewAllEntries('ru')}"walletOn": "Wallet в",`,
  },
  {
    name: 'view all wallets: the item reads its lines from the dictionary',
    find: [
      'const FourWalletsItem = (props) => {',
      '  return createComponent(WalletItem, {',
      '    get name() {',
      '      return props.labelLine1;',
      '    },',
      '    get secondLine() {',
      '      return props.labelLine2;',
      '    },',
    ].join('\n'),
    replace: [
      'const FourWalletsItem = (props) => {',
      '  const [t2] = useI18n();',
      '  return createComponent(WalletItem, {',
      '    get name() {',
      '      return t2("walletItem.viewAll", {}, props.labelLine1);',
      '    },',
      '    get secondLine() {',
      '      return t2("walletItem.viewAllWallets", {}, props.labelLine2);',
      '    },',
    ].join('\n'),
  },
  {
    name: 'injected wallet: the phone-width view opens no link for it',
    find: '  onCleanup(unsubscribe);\n  onRetry();\n',
    replace: [
      '  onCleanup(unsubscribe);',
      '  if (isWalletInfoCurrentlyInjected(props.wallet)) {',
      '    setLastSelectedWalletInfo(props.wallet);',
      '  } else {',
      '    onRetry();',
      '  }',
      '',
    ].join('\n'),
  },
  {
    name: 'injected wallet: no "Open wallet" link while a transaction waits',
    find: 'if ((tonConnectUI == null ? void 0 : tonConnectUI.wallet) && "universalLink" in tonConnectUI.wallet && (',
    replace:
      'if ((tonConnectUI == null ? void 0 : tonConnectUI.wallet) && "universalLink" in tonConnectUI.wallet && !tonConnectUI.wallet.injected && (',
  },
  {
    name: 'injected wallet: no deep link while a transaction waits',
    find: 'if ((tonConnectUI == null ? void 0 : tonConnectUI.wallet) && "deepLink" in tonConnectUI.wallet && (',
    replace:
      'if ((tonConnectUI == null ? void 0 : tonConnectUI.wallet) && "deepLink" in tonConnectUI.wallet && !tonConnectUI.wallet.injected && (',
  },
];

const occurrences = (code: string, text: string): number => code.split(text).length - 1;

/** The library's module with every patch applied; throws naming each patch whose code is not there exactly once. */
export function patchTonConnectUi(code: string): string {
  const missing = PATCHES.filter((patch) => occurrences(code, patch.find) !== 1).map((patch) => patch.name);
  if (missing.length > 0) {
    throw new Error(
      `@tonconnect/ui changed: ${missing.join('; ')} — check scripts/tonconnect-ui-patches.ts against the new version`,
    );
  }
  // A function, so a `$` in the code is not a replacement pattern.
  return PATCHES.reduce((patched, patch) => patched.replace(patch.find, () => patch.replace), code);
}

/** The patches as a Vite (and rolldown) plugin: the library's module only, in every mode. */
export function tonConnectUiPatches() {
  return {
    name: 'ton-token:tonconnect-ui-patches',
    transform(code: string, id: string) {
      return TONCONNECT_UI_MODULE.test(id) ? { code: patchTonConnectUi(code), map: null } : null;
    },
  };
}
