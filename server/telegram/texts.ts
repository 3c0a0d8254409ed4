/**
 * The bot's words, in the Telegram user's language (`language_code` starting with `ru`: Russian, else
 * English), as server/referral/share-text.ts keeps the share message's: Telegram shows them outside the
 * app, so they live here rather than in the client's catalogues. Sentence case and the glossary's terms
 * (docs/glossary.md), as in the app.
 */
import type { Language } from '../lib/language';

export type BotLanguage = Language;

export const BOT_LANGUAGES: readonly BotLanguage[] = ['en', 'ru'];

const TEXTS = {
  en: {
    welcome: 'Welcome to TON Token! Mint tokens for TON, stake them and earn every day. Open the app to start.',
    welcomeFarm: 'Welcome to TON Token! Someone shared a farming link with you: open the app to activate it.',
    help: 'TON Token lives in the app: mint tokens for TON, stake them, use farming links and invite friends. Open it with the button below.',
    maintenance:
      'TON Token is under maintenance for a short while. You can open the app with the button below: it waits and carries on by itself as soon as we are back.',
    openButton: 'Open TON Token',
    console: 'The operator console: reviews, withdrawals, the treasury, prices, tasks and users.',
    consoleButton: 'Open the console',
    startCommand: 'Open the app',
    helpCommand: 'What this bot does',
    description:
      'TON Token: mint tokens for TON, stake them and earn every day. Farming links, a referral programme with 8 levels and tasks, all in the app.',
    shortDescription: 'Mint, stake and farm tokens for TON',
  },
  ru: {
    welcome:
      'Добро пожаловать в TON Token! Получайте токены за TON, стейкайте их и зарабатывайте каждый день. Откройте приложение, чтобы начать.',
    welcomeFarm:
      'Добро пожаловать в TON Token! С вами поделились фарминг-ссылкой: откройте приложение, чтобы активировать её.',
    help: 'TON Token работает в приложении: минт токенов за TON, стейкинг, фарминг-ссылки и приглашения друзей. Откройте его кнопкой ниже.',
    maintenance:
      'В TON Token ненадолго идут технические работы. Приложение можно открыть кнопкой ниже: оно подождёт и продолжит само, как только мы закончим.',
    openButton: 'Открыть TON Token',
    console: 'Консоль оператора: проверки заданий, выводы, казначейство, цена, задания и пользователи.',
    consoleButton: 'Открыть консоль',
    startCommand: 'Открыть приложение',
    helpCommand: 'Что умеет этот бот',
    description:
      'TON Token: получайте токены за TON, стейкайте их и зарабатывайте каждый день. Фарминг-ссылки, реферальная программа с 8 уровнями и задания, всё в приложении.',
    shortDescription: 'Минт, стейкинг и фарминг токенов за TON',
  },
} as const satisfies Record<BotLanguage, Record<string, string>>;

/**
 * The menu button beside the chat's input field: one for every chat (setChatMenuButton's default takes no
 * language), so in English, short, as Telegram clients cut it.
 */
export const MENU_BUTTON_TEXT = 'Open app';

export type BotTexts = (typeof TEXTS)[BotLanguage];

export const botTexts = (language: BotLanguage): BotTexts => TEXTS[language];
