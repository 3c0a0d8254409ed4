/**
 * What a notification says, in the user's language (users.language_code: Russian for 'ru…', English
 * otherwise, as the app chooses), with the app's own formatter (docs/product.md §5: TKN 2 decimals, TON 4, thousands
 * by no-break spaces; addresses 3 + 4 characters) and one button that opens the screen it is about.
 * HTML parse mode: everything that came from a user or an operator (names, titles, reasons, addresses)
 * goes through `userText` (server/lib/telegram-html.ts): escaped and inside <code>, where Telegram links no
 * URL or @mention it contains (docs/security.md "Bot messages"); names are cut to NAME_MAX_CHARACTERS.
 * A mint or a stake is named by its public id with its "#" in both languages, as the app and the console
 * name it — never by the row's id, a counter users do not see (docs/decisions.md "Names and ids"). The id
 * goes inside <code> too (`publicId`): Telegram would make `#WZ4VY4E6` in plain text a hashtag link.
 */
import { type TonNetwork, explorerTransactionUrl } from '@contract';
import { formatTokens, formatTon, shortenAddress } from '@contract/format/format-core';
import { type Language, languageOf } from '../lib/language';
import { NAME_MAX_CHARACTERS, escapeHtml, userText } from '../lib/telegram-html';
import type { NotificationKind, NotificationParams } from './queries';

type Lang = Language;

/** `#WZ4VY4E6`, monospace like the app's cards, and no hashtag: Telegram finds no entity inside <code>. */
const publicId = (code: string): string => userText(`#${code}`);

/** The app's route (src/shared/routing routesMap) each kind opens. */
export const SCREEN_OF: Record<NotificationKind, string> = {
  payout_completed: '/history',
  payout_refunded: '/history',
  mint_active: '/mint',
  task_approved: '/tasks',
  task_rejected: '/tasks',
  referral_joined: '/referral',
  referral_reward: '/referral',
  farm_activated: '/referral/farming',
  stake_completed: '/staking',
};

// Screens named as the navbar names them (docs/glossary.md), like the app's own 'Go to Mint'.
const BUTTON: Record<NotificationKind, Record<Lang, string>> = {
  payout_completed: { en: 'Go to History', ru: 'Перейти к истории' },
  payout_refunded: { en: 'Go to History', ru: 'Перейти к истории' },
  mint_active: { en: 'Go to Mint', ru: 'Перейти к минту' },
  task_approved: { en: 'Claim the reward', ru: 'Забрать награду' },
  task_rejected: { en: 'Go to Tasks', ru: 'Перейти к заданиям' },
  referral_joined: { en: 'Go to Referral', ru: 'Перейти к рефералам' },
  referral_reward: { en: 'Go to Referral', ru: 'Перейти к рефералам' },
  farm_activated: { en: 'Go to farming links', ru: 'Перейти к фарминг-ссылкам' },
  stake_completed: { en: 'Go to Staking', ru: 'Перейти к стейкингу' },
};

/** Where the explorer links go: none in the sandbox (its dev chain is on no explorer). */
export interface TextSettings {
  publicUrl: string;
  tonNetwork: TonNetwork;
  sandbox: boolean;
}

type Texts = { [K in NotificationKind]: (p: NotificationParams[K], lang: Lang, s: TextSettings) => string };

const TEXTS: Texts = {
  payout_completed: (p, lang, s) => {
    const amount = formatTon(p.ton_amount, lang);
    const address = userText(shortenAddress(p.address));
    const head =
      lang === 'ru' ? `Выплата отправлена: ${amount} на ${address}.` : `Payout sent: ${amount} to ${address}.`;
    if (s.sandbox || !p.tx_hash) return head;
    const link = `<a href="${escapeHtml(explorerTransactionUrl(s.tonNetwork, p.tx_hash))}">${lang === 'ru' ? 'Транзакция' : 'View the transaction'}</a>`;
    return `${head}\n${link}`;
  },
  // The app's name for it (History: "Sale returned"): the tokens back, no TON received.
  payout_refunded: (p, lang) => {
    const amount = formatTokens(p.token_amount, lang);
    if (lang === 'ru') {
      return p.bounced
        ? `Продажа возвращена: кошелёк получателя отклонил выплату, TON вернулись. ${amount} снова на вашем балансе.`
        : `Продажа возвращена: выплата не прошла. ${amount} снова на вашем балансе.`;
    }
    return p.bounced
      ? `Sale returned: the receiving wallet refused your payout, so the TON came back. ${amount} are back on your balance.`
      : `Sale returned: your payout failed. ${amount} are back on your balance.`;
  },
  mint_active: (p, lang) =>
    lang === 'ru'
      ? `Оплата получена: минт ${publicId(p.code)} на ${formatTon(p.ton_amount, lang)} активен, ${formatTokens(p.token_amount, lang)}.`
      : `Payment received: mint ${publicId(p.code)} for ${formatTon(p.ton_amount, lang)} is active, ${formatTokens(p.token_amount, lang)}.`,
  task_approved: (p, lang) =>
    lang === 'ru'
      ? `Задание «${userText(p.title_ru)}» принято: заберите ${formatTokens(p.reward, lang)}.`
      : `Task “${userText(p.title_en)}” approved: claim your ${formatTokens(p.reward, lang)}.`,
  task_rejected: (p, lang) =>
    lang === 'ru'
      ? `Задание «${userText(p.title_ru)}» не принято: ${userText(p.reason)}`
      : `Task “${userText(p.title_en)}” was not approved: ${userText(p.reason)}`,
  referral_joined: (p, lang) =>
    lang === 'ru'
      ? `${userText(p.name, NAME_MAX_CHARACTERS)} присоединился по вашей ссылке.`
      : `${userText(p.name, NAME_MAX_CHARACTERS)} joined with your invite link.`,
  referral_reward: (p, lang) =>
    lang === 'ru'
      ? `${userText(p.name, NAME_MAX_CHARACTERS)} оплатил минт: ${formatTokens(p.token_amount, lang)} на ваш реферальный баланс.`
      : `${userText(p.name, NAME_MAX_CHARACTERS)} paid a mint: ${formatTokens(p.token_amount, lang)} to your referral balance.`,
  farm_activated: (p, lang) =>
    lang === 'ru'
      ? `Вашу фарминг-ссылку активировали: ${formatTokens(p.token_amount, lang)}.`
      : `Someone activated your farming link: ${formatTokens(p.token_amount, lang)}.`,
  stake_completed: (p, lang) =>
    lang === 'ru'
      ? `Стейк ${publicId(p.code)} завершён: ${formatTokens(p.token_amount, lang)} на вашем балансе, из них награда ${formatTokens(p.reward, lang)}.`
      : `Stake ${publicId(p.code)} finished: ${formatTokens(p.token_amount, lang)} on your balance, ${formatTokens(p.reward, lang)} of it the reward.`,
};

/** The sendMessage call's parameters for one notification. */
export function renderMessage(
  n: { kind: NotificationKind; params: unknown; telegramId: string; languageCode: string },
  s: TextSettings,
): Record<string, unknown> {
  const lang = languageOf(n.languageCode);
  const text = (TEXTS[n.kind] as (p: unknown, lang: Lang, s: TextSettings) => string)(n.params, lang, s);
  return {
    chat_id: n.telegramId,
    text,
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
    reply_markup: {
      inline_keyboard: [[{ text: BUTTON[n.kind][lang], web_app: { url: `${s.publicUrl}${SCREEN_OF[n.kind]}` } }]],
    },
  };
}
