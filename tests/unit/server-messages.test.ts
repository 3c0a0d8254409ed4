import { describe, expect, it } from 'vitest';
import { errorTextKey, failureText } from '@/app/model/errors';
import {
  DETAIL_ERROR_CODES,
  ERROR_CODES,
  ERROR_TEXTS,
  type ErrorCode,
  fillText,
  OPERATOR_ERROR_MESSAGES,
  OTHER_ERROR_MESSAGES,
  SANDBOX_ERROR_MESSAGES,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
} from '@contract/errors';
import { ApiError } from '@/shared/api/errors';
import { en as english, loadCatalogue } from '@/shared/i18n';
import { createTranslator } from '@/shared/i18n/translate';

const russian = await loadCatalogue('ru');
const catalogues = { en: english, ru: russian };

const failure = (code: string | null, serverMessage: string | null, status = 409, params?: Record<string, string>) =>
  new ApiError({ kind: 'http', status, message: serverMessage ?? '', serverMessage, code, params: params ?? null });

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('error codes: every code the server can send has a text in both catalogues', () => {
  it('each code has a catalogue key with a text in English and in Russian, and the same placeholders as its template', () => {
    // The console's own refusals never reach the Mini App: the console's catalogues hold them. Nor do the
    // sandbox's: its pages show the msg as written.
    const appCodes = ERROR_CODES.filter(
      (c) => !Object.hasOwn(OPERATOR_ERROR_MESSAGES, c) && !Object.hasOwn(SANDBOX_ERROR_MESSAGES, c),
    );
    for (const code of appCodes) {
      const key = errorTextKey(code);
      expect(key, code).toBeDefined();
      expect(catalogues.en[key!], code).toEqual(expect.any(String));
      expect(catalogues.ru[key!], code).toEqual(expect.any(String));
      const template = (ERROR_TEXTS as Record<string, string | undefined>)[code];
      if (template !== undefined && key !== 'error.fileTooLarge') {
        expect(placeholders(catalogues.en[key!]), code).toEqual(placeholders(template));
        expect(placeholders(catalogues.ru[key!]), code).toEqual(placeholders(template));
      }
    }
    // No server or validation text for a code the server cannot send, and none for an unknown code.
    const codes = new Set<string>(ERROR_CODES);
    const stray = Object.keys(catalogues.en).filter(
      (k) => /^(server|validation)\./.test(k) && !codes.has(k.split('.')[1]!),
    );
    expect(stray).toEqual([]);
    expect(errorTextKey('noSuchCode')).toBeUndefined();
    expect(errorTextKey('toString')).toBeUndefined();
  });

  it("a fixed text's English catalogue entry is that very text (docs/product.md §8's texts stay as they are)", () => {
    const fixed = { ...SERVER_MESSAGES, ...OTHER_ERROR_MESSAGES } as Record<string, string>;
    for (const [code, text] of Object.entries(fixed)) {
      if (code === 'payloadTooLarge') continue; // any 413 shows the client's own text (docs/product.md §8)
      expect(catalogues.en[errorTextKey(code as ErrorCode)!], code).toBe(text);
    }
  });
});

describe("the server's answers in the user's language, chosen by code", () => {
  const ru = createTranslator('ru', russian);
  const en = createTranslator('en', english);

  it('a Russian user reads them in Russian; an English user reads them as docs/product.md §8 writes them', () => {
    expect(failureText(failure('tooManyPendingMints', SERVER_MESSAGES.tooManyPendingMints), ru)).toBe(
      'Слишком много неоплаченных минтов: оплатите или отмените один из них',
    );
    expect(failureText(failure('notAMember', SERVER_MESSAGES.notAMember, 403), ru)).toBe(
      catalogues.ru['community.title'],
    );
    for (const [code, text] of Object.entries(SERVER_MESSAGES)) {
      expect(failureText(failure(code, text), en)).toBe(text);
      expect(failureText(failure(code, text), ru)).not.toBe(text);
    }
  });

  it('the code decides, not the msg', () => {
    expect(failureText(failure('insufficientFunds', 'whatever the server wrote', 400), ru)).toBe(
      catalogues.ru['server.insufficientFunds'],
    );
  });

  it("a detail code's msg, and an unknown code's, is shown as written; none at all is the catalogue's unknown error", () => {
    for (const code of DETAIL_ERROR_CODES)
      expect(failureText(failure(code, 'init_data is required', 422), ru)).toBe('init_data is required');
    expect(failureText(failure('someNewerCode', 'Something only a developer meets', 422), ru)).toBe(
      'Something only a developer meets',
    );
    expect(failureText(failure(null, 'No code at all', 400), ru)).toBe('No code at all');
    expect(failureText(failure(null, null, 502), ru)).toBe(catalogues.ru['error.unknown']);
  });
});

describe("validation texts (422) in the user's language, with the answer's params", () => {
  it('fillText fills a template and refuses a missing value', () => {
    expect(fillText(VALIDATION_MESSAGES.amountAtLeast, { amount: '1.5' })).toBe('Amount must be at least 1.5 TON');
    expect(() => fillText(VALIDATION_MESSAGES.amountAtMost, {})).toThrow();
  });

  it("the server's 422 reaches a Russian user in Russian, with its figures and without a field prefix", () => {
    const ru = createTranslator('ru', russian);
    const en = createTranslator('en', english);
    expect(failureText(failure('amountAtLeast', 'Amount must be at least 1 TON', 422, { amount: '1' }), ru)).toBe(
      'Введите не меньше 1\u00A0TON.',
    );
    expect(
      failureText(failure('amountDecimals', 'Amount must have at most 9 decimal places', 422, { max: '9' }), ru),
    ).toBe('Укажите не больше 9 знаков после запятой.');
    expect(failureText(failure('amountAtLeast', 'x', 422, { amount: '0.5' }), ru)).toBe(
      'Введите не меньше 0,5\u00A0TON.',
    );
    const days = failure('wholeNumber', 'days: must be a whole number from 1 to 2147483647', 422, {
      max: '2147483647',
    });
    expect(failureText(days, ru)).toBe('Укажите целое число от 1 до 2147483647.');
    expect(failureText(days, en)).toBe('Use a whole number from 1 to 2147483647.');
    // An English user reads the catalogue's sentence too, not the server's terse msg.
    expect(failureText(failure('amountAtLeast', 'Amount must be at least 1 TON', 422, { amount: '1' }), en)).toBe(
      'Enter at least 1\u00A0TON.',
    );
  });
});

describe('amounts in an answer’s params follow the format policy', () => {
  const en = createTranslator('en', english);
  it('an amount before TON is truncated to 4 decimals, before TKN to 2, as a limit: no zeros after the point', () => {
    expect(failureText(failure('amountAtLeast', 'Amount must be at least 1', 422, { amount: '1' }), en)).toBe(
      'Enter at least 1\u00A0TON.',
    );
    expect(failureText(failure('amountAtLeast', 'x', 422, { amount: '0.123456789' }), en)).toBe(
      'Enter at least 0.1234\u00A0TON.',
    );
    expect(failureText(failure('sellAtLeast', 'x', 422, { amount: '1000' }), en)).toBe(
      'Sell at least 1\u00A0000\u00A0TKN.',
    );
  });
});
