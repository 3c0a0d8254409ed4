/**
 * The share message's words, in the sharing user's language (their friends most likely read it too).
 * Telegram shows them outside the app, so they live here rather than in the client's catalogues.
 */
import { languageOf } from '../lib/language';

const TEXTS = {
  en: {
    title: 'TON Token',
    description: 'Mint, stake and farm tokens: join with my invite link',
    text: 'Join me in TON Token: mint tokens for TON, stake them and earn every day. My invite link: {link}',
    button: 'Open TON Token',
  },
  ru: {
    title: 'TON Token',
    description: 'Минт, стейкинг и фарминг токенов: присоединяйся по моей ссылке',
    text: 'Присоединяйся ко мне в TON Token: получай токены за TON, стейкай их и зарабатывай каждый день. Моя ссылка-приглашение: {link}',
    button: 'Открыть TON Token',
  },
} as const;

export function shareTexts(languageCode: string, link: string) {
  const texts = TEXTS[languageOf(languageCode)];
  return {
    title: texts.title,
    description: texts.description,
    text: texts.text.replace('{link}', link),
    buttonText: texts.button,
  };
}
