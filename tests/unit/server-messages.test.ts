import { describe, expect, it } from 'vitest';
import { failureText, SERVER_TEXT_KEYS } from '@/shared/api/catalogue';
import { INVALID_INIT_DATA_MSG, MAINTENANCE_ON_DETAIL, SERVER_MESSAGES } from '@/shared/api/contract/constants';
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
    expect(failureText(failure('Amount must be at least 1 TON', 422), ru)).toBe('Amount must be at least 1 TON');
    expect(failureText(failure(null, 502), ru)).toBe(catalogues.ru['error.unknown']);
  });
});
