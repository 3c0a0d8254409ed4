import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { payoutReasonWords } from '@console/entities/payout-reason';
import type { PayoutReason } from '@console/shared/api';
import { $consoleT, loadConsoleCatalogueFx } from '@console/shared/i18n';
import type { Locale } from '@/shared/i18n/translate';

/*
 * The payout worker's reasons in the operator's language (docs/operations.md "Payout reasons"): a code and
 * its figures from the server, words and amounts from the console (a decimal comma in Russian), the node's
 * own words as they came, and a row older than the codes by its own text.
 */

async function wordsIn(locale: Locale, coded: PayoutReason | null, text = 'legacy text'): Promise<string> {
  const scope = fork();
  await allSettled(loadConsoleCatalogueFx, { scope, params: locale });
  return payoutReasonWords(coded, text, scope.getState($consoleT)).replaceAll('\u00A0', ' ');
}

const short: PayoutReason = {
  code: 'hot_wallet_short',
  params: { balance: '1234567890123', needed: '5100000001' },
};

describe('console: payout reasons', () => {
  it('words a hot wallet too low in Russian with a decimal comma, and in English with a point', async () => {
    expect(await wordsIn('ru', short)).toBe(
      'На горячем кошельке 1 234,5678 TON; этой выплате нужно 5,1001 TON с комиссиями',
    );
    expect(await wordsIn('en', short)).toBe(
      'The hot wallet holds 1 234.5678 TON; this payout needs 5.1001 TON with fees',
    );
  });

  it("quotes the node's own words as they came, in either language", async () => {
    const refused: PayoutReason = { code: 'node_refused', params: { node_error: 'LITE_SERVER_UNKNOWN: timeout' } };
    expect(await wordsIn('ru', refused)).toBe('Узел отклонил перевод. Слова узла: «LITE_SERVER_UNKNOWN: timeout»');
    expect(await wordsIn('en', refused)).toBe(
      'The node refused the transfer. The node’s words: “LITE_SERVER_UNKNOWN: timeout”',
    );
  });

  it('words a gap in the history read, and shows a row older than the codes by its own text', async () => {
    const unread: PayoutReason = {
      code: 'seqno_moved_unread',
      params: { seqno: 12, gap: { kind: 'too_many', limit: 2000 } },
    };
    expect(await wordsIn('ru', unread)).toBe(
      'Seqno кошелька ушёл дальше 12, но не все транзакции с подписи пакета удалось прочитать (больше 2 000 транзакций для чтения)',
    );
    expect(await wordsIn('ru', null, 'The hot wallet holds 0 TON')).toBe('The hot wallet holds 0 TON');
  });
});
