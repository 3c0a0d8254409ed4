/**
 * The operator console's texts (en, ru) and translator: the console's own, apart from the Mini App's
 * catalogues, so none of them is in the Mini App's entry.
 */
export {
  $consoleLocale,
  $consoleT,
  consoleLanguageDetected,
  loadConsoleCatalogueFx,
  useConsoleLocale,
  useConsoleT,
  type ConsoleTranslate,
} from './model';
export { consoleEn, type ConsoleCatalogue, type ConsoleMessageKey } from './en';
export { formatDate, formatDateTime } from '@shared/i18n/translate';
