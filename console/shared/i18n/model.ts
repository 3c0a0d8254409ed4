import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { useUnit } from 'effector-react';
import { languageDetected } from '@shared/i18n/model';
import { chooseLocale, createTranslator, type Catalogue, type Locale, type Placeholders } from '@shared/i18n/translate';
import { consoleEn, type ConsoleCatalogue, type ConsoleMessageKey } from './en';

/** `t('overview.title')`, `t('reviews.left', { count })`: as the app's Translate, over the console's keys. */
export type ConsoleTranslate = (<Key extends ConsoleMessageKey>(
  key: Key,
  ...params: [Placeholders<(typeof consoleEn)[Key]>] extends [never]
    ? []
    : [params: Record<Placeholders<(typeof consoleEn)[Key]>, string | number>]
) => string) & { readonly locale: Locale };

/** Telegram's language_code of the operator (null outside Telegram). */
export const consoleLanguageDetected = createEvent<string | null>();

export const loadConsoleCatalogueFx = createEffect(
  async (locale: Locale): Promise<{ locale: Locale; messages: ConsoleCatalogue }> => ({
    locale,
    messages: locale === 'ru' ? (await import('./ru')).consoleRu : consoleEn,
  }),
);

const $messages = createStore<ConsoleCatalogue>(consoleEn, { serialize: 'ignore' }).on(
  loadConsoleCatalogueFx.doneData,
  (_, { messages }) => messages,
);
export const $consoleLocale = createStore<Locale>('en').on(loadConsoleCatalogueFx.doneData, (_, { locale }) => locale);

/**
 * The console's translator: the app's (plural forms, placeholders) over the console's catalogue, which
 * has keys of its own; the cast is only of the key type, the lookup is the same.
 */
export const $consoleT = combine(
  $consoleLocale,
  $messages,
  (locale, messages) => createTranslator(locale, messages as unknown as Catalogue) as unknown as ConsoleTranslate,
);

sample({ clock: consoleLanguageDetected, fn: chooseLocale, target: loadConsoleCatalogueFx });
// The app's own texts the console reuses (a user's operations, as their history says them; the shared
// views' words) follow the operator's language too.
sample({ clock: consoleLanguageDetected, target: languageDetected });
const setLangFx = createEffect((locale: Locale) => {
  document.documentElement.lang = locale;
});
sample({ clock: loadConsoleCatalogueFx.doneData, fn: ({ locale }) => locale, target: setLangFx });

export const useConsoleT = () => useUnit($consoleT);
export const useConsoleLocale = () => useUnit($consoleLocale);
