export { $catalogues, $locale, $localeReady, $t, languageDetected, loadCatalogueFx, setDocumentLangFx } from './model';
export { useLocale, useT } from './use-t';
export { en } from './en';
export { chooseLocale, formatDate, formatDateTime, loadCatalogue, pluralIndex } from './translate';
export type { Catalogue, Locale, MessageParams, Translate } from './translate';
export type { MessageKey } from './en';
