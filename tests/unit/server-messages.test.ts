import { describe, expect, it } from 'vitest';
import { failureText, SERVER_TEXT_KEYS, VALIDATION_TEXT_KEYS } from '@/shared/api/catalogue';
import {
  fillText,
  INVALID_INIT_DATA_MSG,
  MAINTENANCE_ON_DETAIL,
  matchText,
  SERVER_MESSAGES,
  VALIDATION_MESSAGES,
} from '@/shared/api/contract/constants';
import { ApiError } from '@/shared/api/errors';
import { en as english, loadCatalogue } from '@/shared/i18n';
import { createTranslator } from '@/shared/i18n/translate';

const russian = await loadCatalogue('ru');
const catalogues = { en: english, ru: russian };

const failure = (serverMessage: string | null, status = 409) =>
  new ApiError({ kind: 'http', status, message: serverMessage ?? '', serverMessage });

describe("the server's texts in the user's language", () => {
  const serverTexts = [...Object.values(SERVER_MESSAGES), INVALID_INIT_DATA_MSG, MAINTENANCE_ON_DETAIL];

  it('every text the server can answer with has a catalogue key whose English is that very text', () => {
    for (const text of serverTexts) {
      const key = (SERVER_TEXT_KEYS as Record<string, keyof typeof catalogues.en | undefined>)[text];
      expect(key, text).toBeDefined();
      expect(catalogues.en[key!]).toBe(text);
    }
  });

  it('a Russian user reads them in Russian; an English user reads them as the server wrote them', () => {
    const ru = createTranslator('ru', russian);
    const en = createTranslator('en', english);
    expect(failureText(failure(SERVER_MESSAGES.tooManyPendingMints), ru)).toBe(
      'Слишком много неоплаченных минтов: оплатите или отмените один из них',
    );
    expect(failureText(failure(SERVER_MESSAGES.notAMember, 403), ru)).toBe(catalogues.ru['community.title']);
    for (const text of serverTexts) {
      expect(failureText(failure(text), en)).toBe(text);
      expect(failureText(failure(text), ru)).not.toBe(text);
    }
  });

  it('any other server text is shown as written; none at all is the catalogue\'s unknown error', () => {
    const ru = createTranslator('ru', russian);
    expect(failureText(failure('Something only a developer meets', 422), ru)).toBe('Something only a developer meets');
    expect(failureText(failure(null, 502), ru)).toBe(catalogues.ru['error.unknown']);
  });
});

describe('validation texts (422) in the user\'s language', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('every template has a sentence in both catalogues with the same placeholders', () => {
    for (const [name, template] of Object.entries(VALIDATION_MESSAGES)) {
      const key = VALIDATION_TEXT_KEYS[name as keyof typeof VALIDATION_MESSAGES];
      expect(placeholders(catalogues.en[key]), name).toEqual(placeholders(template));
      expect(placeholders(catalogues.ru[key]), name).toEqual(placeholders(template));
    }
  });

  it('fillText and matchText are inverse; a text of another shape does not match', () => {
    const text = fillText(VALIDATION_MESSAGES.amountAtLeast, { amount: '1.5' });
    expect(text).toBe('Amount must be at least 1.5 TON');
    expect(matchText(VALIDATION_MESSAGES.amountAtLeast, text)).toEqual({ amount: '1.5' });
    expect(matchText(VALIDATION_MESSAGES.amountAtLeast, 'Amount must be at least 1.5 TONS')).toBeNull();
    expect(matchText(VALIDATION_MESSAGES.amountFormat, 'Amount must be a decimal number like "12.5"')).toEqual({});
    expect(() => fillText(VALIDATION_MESSAGES.amountAtMost, {})).toThrow();
  });

  it('the server\'s 422 reaches a Russian user in Russian, with its figures and without a field prefix', () => {
    const ru = createTranslator('ru', russian);
    const en = createTranslator('en', english);
    expect(failureText(failure('Amount must be at least 1 TON', 422), ru)).toBe('Сумма должна быть не меньше 1 TON');
    expect(failureText(failure('Amount must have at most 9 decimal places', 422), ru)).toBe(
      'В сумме может быть не больше 9 знаков после точки',
    );
    expect(failureText(failure('days: must be a whole number from 1 to 2147483647', 422), ru)).toBe(
      'Укажите целое число от 1 до 2147483647.',
    );
    expect(failureText(failure('days: must be a whole number from 1 to 2147483647', 422), en)).toBe(
      'Use a whole number from 1 to 2147483647.',
    );
    expect(failureText(failure('Amount must be at least 1 TON', 422), en)).toBe('Amount must be at least 1 TON');
  });
});
