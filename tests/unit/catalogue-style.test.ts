/**
 * The writing rules of docs/glossary.md, over every text a user can read: both catalogues and the
 * contract's error tables (the server's English `msg`). One glossary, sentence case, one voice for
 * validation messages, a figure never split from its unit.
 */
import { describe, expect, it } from 'vitest';
import { OTHER_ERROR_MESSAGES, SERVER_MESSAGES, VALIDATION_MESSAGES } from '@contract/errors';
import { en, loadCatalogue, type MessageKey } from '@/shared/i18n';

const ru = await loadCatalogue('ru');
const catalogues = { en, ru } as const;
type Language = keyof typeof catalogues;

/** Every text with where it comes from, plural forms one by one. */
function texts(language: Language): Array<[where: string, text: string]> {
  const rows: Array<[string, string]> = Object.entries(catalogues[language]).flatMap(([key, value]) =>
    value.split('|').map((form): [string, string] => [key, form]),
  );
  if (language === 'en') {
    const tables = { SERVER_MESSAGES, VALIDATION_MESSAGES, OTHER_ERROR_MESSAGES };
    for (const [table, entries] of Object.entries(tables))
      for (const [code, text] of Object.entries(entries)) rows.push([`${table}.${code}`, text]);
  }
  return rows;
}

const violations = (language: Language, broken: (text: string, where: string) => boolean) =>
  texts(language)
    .filter(([where, text]) => broken(text, where))
    .map(([where, text]) => `${where}: ${text}`);

/** A placeholder or a digit: where a figure goes ({percent} is a share, not an amount). */
const FIGURE = String.raw`(?:\{(?!percent\})\w+\}|\d)`;

describe('glossary', () => {
  const banned: Record<Language, Array<[RegExp, string]>> = {
    en: [
      [new RegExp(`${FIGURE}\\s*tokens?\\b`, 'i'), 'a figure of tokens is written with TKN'],
      [/\bfarm[- ]link/i, '"farming link"'],
    ],
    ru: [
      [new RegExp(`${FIGURE}\\s*токен`, 'i'), 'сумма токенов пишется с TKN'],
      [/фарм-ссылк/i, '«фарминг-ссылка»'],
      [/ссылк\p{L}* фарминга/iu, '«фарминг-ссылка»'],
    ],
  };

  it.each(Object.keys(banned) as Language[])('%s: no banned variant of a term', (language) => {
    for (const [pattern, rule] of banned[language])
      expect(
        violations(language, (text) => pattern.test(text)),
        rule,
      ).toEqual([]);
  });

  it('ru: a sale is «Продажа» where it names the thing and «Продать» where a button does it', () => {
    const nouns: MessageKey[] = ['dashboard.sell', 'sell.title', 'history.withdrawal'];
    const verbs: MessageKey[] = ['tasks.sell', 'referral.sell', 'withdrawals.sellTokens'];
    expect(nouns.filter((key) => !/^Продажа/.test(ru[key]))).toEqual([]);
    expect(verbs.filter((key) => !/^Продать/.test(ru[key]))).toEqual([]);
  });
});

describe('a figure never breaks from its unit', () => {
  it.each(['en', 'ru'] as const)(
    '%s: a no-break space between a figure and TKN, TON or a currency word',
    (language) => {
      // The catalogues only: the server's English `msg` is for API clients, the app shows the catalogue's text.
      expect(
        violations(
          language,
          (text, where) => !where.includes('_MESSAGES.') && new RegExp(`${FIGURE} (TKN|TON)\\b`).test(text),
        ),
      ).toEqual([]);
    },
  );
});

describe('sentence case', () => {
  /** Texts written into other texts ('per day', '· from 1 to 2'): they start in lower case. */
  const FRAGMENTS = new Set<string>([
    'common.days',
    'stake.perDay',
    'stake.perHour',
    'stake.perMinute',
    'stake.perSecond',
    'stake.ofMax',
    'mint.limits',
    'farming.limits',
    'farming.kind.forMe',
    'info.investmentStep',
    'info.collectiveStep',
    'info.fromTon',
    'price.change24h',
    'price.change30d',
    'chart.interval5m',
    'chart.interval30m',
    'chart.interval1h',
    'chart.interval4h',
    'chart.interval1d',
    'VALIDATION_MESSAGES.wholeNumber',
  ]);
  /**
   * product.md's own texts kept letter for letter. The toasts are not among them: they are in sentence case
   * like every other text ('New mint #{code} created', docs/decisions.md "Names and ids").
   */
  const SPEC_EXACT = new Set<string>([
    'error.fileTooLarge',
    'server.invalidInitData',
    'OTHER_ERROR_MESSAGES.invalidInitData',
  ]);
  /** Names that keep their capital anywhere: the product's screens as the navbar names them, brands. */
  const NAMES: Record<Language, RegExp> = {
    en: /^(Mint|Staking|Dashboard|Referral|Tasks|Telegram|WebApp|WebP|Max)$/,
    ru: /^(Telegram|WebP)$/,
  };
  /** A word in capitals where a sentence does not start: not after start, '. ', ': ', '! ', '? ' or a quote. */
  const midSentenceCapital = (text: string, language: Language) =>
    [...text.matchAll(/(?<![.!?:]\s|^|[«“"(]|\|)\b(\p{Lu}[\p{Ll}\p{Lu}]*)/gu)].some(([, word = '']) => {
      const acronym = word.length > 1 && word === word.toUpperCase();
      return !acronym && !NAMES[language].test(word);
    });

  it.each(['en', 'ru'] as const)('%s: every text starts with a capital (fragments excepted)', (language) => {
    expect(violations(language, (text, where) => !FRAGMENTS.has(where) && /^\p{Ll}/u.test(text))).toEqual([]);
  });

  it.each(['en', 'ru'] as const)('%s: no Title Case: only the first word and names take a capital', (language) => {
    expect(violations(language, (text, where) => !SPEC_EXACT.has(where) && midSentenceCapital(text, language))).toEqual(
      [],
    );
  });
});

describe('validation messages: one voice', () => {
  /** What a user reads when a value is refused, in the app's forms and from the server (422). */
  const VALIDATION =
    /^(validation\.|mint\.problem\.|farming\.problem\.)|^(mint\.amountInvalid|tasks\.linkTooLong|referral\.transfer(NotANumber|NotPositive|TooManyDecimals|AboveBalance)|sell\.(notANumber|notPositive|tooManyDecimals|aboveBalance|address(Length|Checksum|Workchain|Hex|Invalid)))$/;
  const keys = (Object.keys(en) as MessageKey[]).filter((key) => VALIDATION.test(key));

  it('covers the forms and the server', () => {
    expect(keys.length).toBeGreaterThan(30);
  });

  const rules: Record<Language, Array<[RegExp, string]>> = {
    en: [
      [/^(Enter|Use|Paste|Sell|Invite|Stay|Check|Choose)\b/, 'starts with what to do'],
      [/\.$/, 'ends with a period'],
    ],
    ru: [
      [/^\p{Lu}\p{Ll}+(те|тесь)(?=[\s,:])/u, 'начинается с того, что сделать (повелительное наклонение)'],
      [/\.$/, 'заканчивается точкой'],
    ],
  };
  const bannedWords: Record<Language, RegExp> = {
    en: /\b(zero|for example|such as|e\.g\.|must)\b/i,
    ru: /(нул[яюь]|к примеру|\bнапр\.|должн)/i,
  };

  it.each(['en', 'ru'] as const)(
    '%s: an instruction, ended by a period, figures in digits, examples with "like"',
    (language) => {
      const catalogue = catalogues[language];
      const broken = keys.flatMap((key) =>
        catalogue[key]
          .split('|')
          .flatMap((text) => [
            ...rules[language]
              .filter(([pattern]) => !pattern.test(text))
              .map(([, rule]) => `${key} (${rule}): ${text}`),
            ...(bannedWords[language].test(text) ? [`${key} (wording): ${text}`] : []),
          ]),
      );
      expect(broken).toEqual([]);
    },
  );
});
