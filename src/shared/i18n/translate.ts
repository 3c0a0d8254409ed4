import { en, type MessageKey } from './en';

export type Locale = 'en' | 'ru';

/** One language's texts: exactly en.ts's keys. */
export type Catalogue = Record<MessageKey, string>;

/**
 * A language's catalogue. English is in the entry bundle (the reference, and the language of most
 * users); Russian is a chunk of its own, loaded only for a Russian user, before their first screen.
 */
export const loadCatalogue = async (locale: Locale): Promise<Catalogue> =>
  locale === 'ru' ? (await import('./ru')).ru : en;

/** Telegram's language_code decides: Russian for 'ru' and its regional forms, English for the rest. */
export const chooseLocale = (languageCode: string | null | undefined): Locale =>
  languageCode?.trim().toLowerCase().startsWith('ru') ? 'ru' : 'en';

/** The `{name}` placeholders of a catalogue text, as a union of names. */
export type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type MessageParams<Key extends MessageKey> = Record<Placeholders<(typeof en)[Key]>, string | number>;

/**
 * `t('mint.create')`, `t('common.days', { count: 30 })`: a text with placeholders needs its params.
 * `t.locale` is its language, which the figures in those texts are formatted in (`formatTokens(x,
 * t.locale, t.locale)`): whatever writes words has it, so no figure is written in another language than its words.
 */
export type Translate = (<Key extends MessageKey>(
  key: Key,
  ...params: [Placeholders<(typeof en)[Key]>] extends [never] ? [] : [params: MessageParams<Key>]
) => string) & { readonly locale: Locale };

/**
 * Which plural form (index into 'a|b|c') a count takes. English: one|other. Russian: one (1, 21,
 * 101 день), few (2–4, 22 дня; fractions too: 1.5 дня), many (5–20, 25, 111 дней).
 */
export function pluralIndex(locale: Locale, count: number): number {
  if (locale === 'en') return count === 1 ? 0 : 1;
  if (!Number.isInteger(count)) return 1;
  const n = Math.abs(count);
  const lastTwo = n % 100;
  const last = n % 10;
  if (last === 1 && lastTwo !== 11) return 0;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 1;
  return 2;
}

const PLACEHOLDER = /\{(\w+)\}/g;

export function createTranslator(locale: Locale, messages: Catalogue): Translate {
  const translate = <Key extends MessageKey>(key: Key, ...rest: unknown[]) => {
    const params = rest[0] as Record<string, string | number> | undefined;
    let text = messages[key];
    if (text.includes('|')) {
      const forms = text.split('|');
      text = forms[Math.min(pluralIndex(locale, Number(params?.count)), forms.length - 1)]!;
    }
    if (!params) return text;
    return text.replace(PLACEHOLDER, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
  return Object.assign(translate, { locale }) as Translate;
}

/**
 * Dates in the user's language: '5 Mar 2026' (en-GB: day first, as most of the app's users read
 * dates) or '5 мар. 2026 г.' (ru-RU).
 */
const DATE_LOCALES: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU' };

export const formatDate = (seconds: number, locale: Locale): string =>
  new Date(seconds * 1000).toLocaleDateString(DATE_LOCALES[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** A moment in the user's language: '5 Mar 2026, 14:05' (en-GB, 24-hour) or '5 мар. 2026 г., 14:05' (ru-RU). */
export const formatDateTime = (seconds: number, locale: Locale): string =>
  new Date(seconds * 1000).toLocaleString(DATE_LOCALES[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
