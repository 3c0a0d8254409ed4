/** The languages the server writes in (the bot's answers and messages, share texts), as the app's. */
export type Language = 'en' | 'ru';

/** The language of a Telegram `language_code` (ru-*, else English; absent: English). */
export const languageOf = (languageCode: string | null | undefined): Language =>
  languageCode?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
