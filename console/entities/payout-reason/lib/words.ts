/**
 * The payout worker's reasons in the operator's language (docs/operations.md "Payout reasons"): each code
 * of contract/console/payout-reasons.ts through the console's catalogues, amounts (nanotons on the wire)
 * through the app's formatter in the same language (docs/decisions.md "Formats": a decimal comma in
 * Russian). A node's error is its own words, shown as they came. A row older than the codes has only its
 * English text, shown as it is. The CLI says the same in English (server/withdraw/reasons.ts).
 */
import { formatUnits, type HistoryGap, type PayoutReason } from '@console/shared/api';
import type { ConsoleTranslate } from '@console/shared/i18n';
import { formatCount, formatTon } from '@shared/lib/format';

const ton = (nanotons: string, t: ConsoleTranslate, options?: { up: boolean }) =>
  formatTon(formatUnits(BigInt(nanotons)), t.locale, options);

function gapWords(gap: HistoryGap, t: ConsoleTranslate): string {
  switch (gap.kind) {
    case 'too_many':
      return t('payoutReason.gap.too_many', { limit: formatCount(gap.limit) });
    case 'broken_chain':
      return t('payoutReason.gap.broken_chain');
    case 'node_behind':
      return t('payoutReason.gap.node_behind');
  }
}

/** The reason in words: its code's when it has one, else the row's own text. */
export function payoutReasonWords(coded: PayoutReason | null, text: string, t: ConsoleTranslate): string {
  if (coded === null) return text;
  switch (coded.code) {
    case 'hot_wallet_short':
      // What it needs is a computed minimum: rounded up, so funding the figure shown is enough.
      return t('payoutReason.hot_wallet_short', {
        balance: ton(coded.params.balance, t),
        needed: ton(coded.params.needed, t, { up: true }),
      });
    case 'node_refused':
      return t('payoutReason.node_refused', { nodeWords: coded.params.node_error });
    case 'skipped_on_chain':
    case 'bounced':
    case 'batch_held':
    case 'expiry_margin':
    case 'sent_waiting':
      return t(`payoutReason.${coded.code}`);
    case 'seqno_unmoved':
    case 'seqno_moved_waiting':
    case 'seqno_moved_expired':
      return t(`payoutReason.${coded.code}`, { seqno: coded.params.seqno });
    case 'seqno_moved_unread':
      return t('payoutReason.seqno_moved_unread', { seqno: coded.params.seqno, gap: gapWords(coded.params.gap, t) });
    case 'query_sent_nothing':
    case 'query_accepted_unread':
    case 'query_processed_unread':
      return t(`payoutReason.${coded.code}`, { queryId: coded.params.query_id });
    case 'query_timed_out':
      return t('payoutReason.query_timed_out', {
        queryId: coded.params.query_id,
        chainTime: coded.params.chain_time,
        validUntil: coded.params.valid_until,
      });
    case 'query_timed_out_unread':
      return t('payoutReason.query_timed_out_unread', {
        queryId: coded.params.query_id,
        gap: gapWords(coded.params.gap, t),
      });
  }
}
