export { $locale, $t, languageDetected, setDocumentLangFx } from './model';
export { useLocale, useT } from './use-t';
export { catalogues, chooseLocale, formatDate, pluralIndex } from './translate';
export type { Locale, MessageParams, Translate } from './translate';
export type { MessageKey } from './en';
