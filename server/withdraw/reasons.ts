/**
 * The payout worker's reasons (contract/console/payout-reasons.ts; docs/operations.md "Payout reasons") in
 * English: the text stored beside each code (the logs' and older tools' words) and what `npm run operator`
 * prints. The console says the same in its catalogues (en, ru: console/entities/payout-reason). Amounts
 * through the app's formatter (docs/decisions.md "Formats"), plain spaces for a terminal; a node's error is
 * its own words, quoted as they came.
 */
import { type HistoryGap, type PayoutReason, payoutReasonSchema } from '@contract';
import { NBSP, formatTon } from '@contract/format/format-core';
import { formatUnits } from '../lib/money';

const ton = (nanotons: string, options?: { up: boolean }) =>
  formatTon(formatUnits(BigInt(nanotons)), 'en', options).replaceAll(NBSP, ' ');

const GAPS: { [K in HistoryGap['kind']]: (gap: Extract<HistoryGap, { kind: K }>) => string } = {
  too_many: (gap) => `more than ${gap.limit} transactions to read`,
  broken_chain: () => "the node's answers do not chain up",
  node_behind: () => 'the node is behind the batch',
};

const gapText = (gap: HistoryGap): string => (GAPS[gap.kind] as (g: HistoryGap) => string)(gap);

const SINCE = 'since the batch was signed';

const TEXTS: { [C in PayoutReason['code']]: (params: Extract<PayoutReason, { code: C }>['params']) => string } = {
  // What it needs is a computed minimum: rounded up, so funding the figure shown is enough.
  hot_wallet_short: (p) =>
    `The hot wallet holds ${ton(p.balance)}; this payout needs ${ton(p.needed, { up: true })} with fees`,
  node_refused: (p) => `The node refused the transfer; the node's words: "${p.node_error}"`,
  skipped_on_chain: () =>
    "The hot wallet's transfer went through without this payment (the chain skipped it: not enough balance, or the address cannot receive)",
  bounced: () =>
    'The receiving wallet refused the payment, so the TON came back; the tokens were returned to your balance',
  batch_held: () => 'A payout batch is held: neither found on chain nor proven lost',
  seqno_unmoved: (p) =>
    `The wallet's seqno is still ${p.seqno} after valid_until and no transaction ${SINCE} carries its transfer: lost, or the node is behind`,
  seqno_moved_unread: (p) =>
    `The wallet's seqno moved past ${p.seqno}, but not every transaction ${SINCE} could be read (${gapText(p.gap)})`,
  seqno_moved_waiting: (p) =>
    `The wallet's seqno moved past ${p.seqno} without this transfer; it is signed again after valid_until`,
  seqno_moved_expired: (p) =>
    `The wallet's seqno moved past ${p.seqno} and no transaction ${SINCE} carries its transfer`,
  expiry_margin: () => 'valid_until passed; waiting out the margin',
  sent_waiting: () => 'sent; waiting for the chain',
  query_sent_nothing: (p) => `The wallet accepted query id ${p.query_id} but sent nothing: nothing was paid`,
  query_accepted_unread: (p) => `Query id ${p.query_id} was accepted; its payouts are not read on chain yet`,
  query_processed_unread: (p) => `The wallet reports query id ${p.query_id} processed; its transaction is not read yet`,
  query_timed_out: (p) =>
    `The chain's time ${p.chain_time} passed created_at + timeout (${p.valid_until}) and no transaction ${SINCE} carries query id ${p.query_id}`,
  query_timed_out_unread: (p) =>
    `The chain's time passed created_at + timeout of query id ${p.query_id}, but not every transaction ${SINCE} could be read (${gapText(p.gap)})`,
};

/** The reason in English words. */
export function payoutReasonText(reason: PayoutReason): string {
  return (TEXTS[reason.code] as (params: PayoutReason['params']) => string)(reason.params);
}

/** A stored code and its figures as the wire carries them; null for a row older than the codes (or one unknown here). */
export function storedReason(code: string | null, params: unknown): PayoutReason | null {
  if (code === null) return null;
  const read = payoutReasonSchema.safeParse({ code, params: params ?? {} });
  return read.success ? read.data : null;
}

/** The columns a reason is stored in: its English text, its code, its figures (JSON); all null for none. */
export const reasonColumns = (reason: PayoutReason | null): [string | null, string | null, string | null] =>
  reason === null ? [null, null, null] : [payoutReasonText(reason), reason.code, JSON.stringify(reason.params)];
