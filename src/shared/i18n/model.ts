import { createEffect, createEvent, createStore, sample } from 'effector';
import { chooseLocale, createTranslator, type Locale } from './translate';

/** The launch flow reports Telegram's language_code (null outside Telegram or without a user). */
export const languageDetected = createEvent<string | null>();

const localeChosen = languageDetected.map(chooseLocale);

/** The app's language, chosen once per launch; English until the launch parameters are read. */
export const $locale = createStore<Locale>('en').on(localeChosen, (_, locale) => locale);
/** The translator for the current language: components through `useT()`, models as a `sample` source. */
export const $t = $locale.map(createTranslator);

/** `<html lang>`, so screen readers, hyphenation and the browser read the page in its language. */
export const setDocumentLangFx = createEffect((locale: Locale) => {
  document.documentElement.lang = locale;
});

sample({ clock: localeChosen, target: setDocumentLangFx });
