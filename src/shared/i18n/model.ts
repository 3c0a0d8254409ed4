import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { en } from './en';
import { chooseLocale, createTranslator, loadCatalogue, type Catalogue, type Locale } from './translate';

/** The launch flow reports Telegram's language_code (null outside Telegram or without a user). */
export const languageDetected = createEvent<string | null>();

const localeChosen = languageDetected.map(chooseLocale);

/** Loads the chosen language's texts (Russian is a chunk of its own; English is always there). */
export const loadCatalogueFx = createEffect(async (locale: Locale) => ({
  locale,
  messages: await loadCatalogue(locale),
}));

/** The catalogues loaded so far: English from the start. */
export const $catalogues = createStore<{ en: Catalogue } & Partial<Record<Locale, Catalogue>>>(
  { en },
  { serialize: 'ignore' },
).on(loadCatalogueFx.doneData, (loaded, { locale, messages }) => ({ ...loaded, [locale]: messages }));

/**
 * The app's language, chosen once per launch; English until the launch parameters are read, and
 * until the chosen language's texts have loaded (if they never do, the app stays in English).
 */
export const $locale = createStore<Locale>('en').on(loadCatalogueFx.doneData, (_, { locale }) => locale);

/** The chosen language is ready to show (or failed to load, so English is shown): the launch waits for it. */
export const $localeReady = createStore(false).on(loadCatalogueFx.finally, () => true);

/** The translator for the current language: components through `useT()`, models as a `sample` source. */
export const $t = combine($locale, $catalogues, (locale, loaded) =>
  createTranslator(locale, loaded[locale] ?? loaded.en),
);

/** `<html lang>`, so screen readers, hyphenation and the browser read the page in its language. */
export const setDocumentLangFx = createEffect((locale: Locale) => {
  document.documentElement.lang = locale;
});

sample({ clock: localeChosen, target: loadCatalogueFx });
sample({ clock: loadCatalogueFx.doneData, fn: ({ locale }) => locale, target: setDocumentLangFx });
