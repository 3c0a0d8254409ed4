import type { Withdrawal } from '@/shared/api';
import type { IconName } from '@/shared/ui/icon';

/*
 * What a sale's row in History says, by its status (docs/decisions.md "Names and ids"): a sale reads as
 * TON for tokens sold, the TON "received" only once paid (on its way: to receive; failed: not received
 * yet, the operator retries or returns it); a returned one (refunded: the payout failed and its
 * tokens came back) reads as the sale returned — the tokens back first, the TON as not received, no fee
 * (the tokens came back whole) — never as "+X TON" received. The view formats the amounts; this says
 * which figures, in which order, with which words and signs.
 */

const MINUS = '\u2212';

/** `ton`: +X TON; `tokens`: ±X TKN; `fee`: the fee's text; `tonNotReceived`: the TON in words, not received. */
export type SaleFigurePart = 'ton' | 'tokens' | 'fee' | 'tonNotReceived';

/** Plain texts (no placeholders): the view translates them as they are. */
export type SaleTitleKey = 'history.withdrawal' | 'history.withdrawalRefund';
export type SaleLabelKey =
  | 'withdrawals.received'
  | 'withdrawals.toReceive'
  | 'withdrawals.notReceivedYet'
  | 'withdrawals.sold'
  | 'sell.fee'
  | 'withdrawals.tokensBack'
  | 'withdrawals.notReceived';

export interface SaleFigure {
  part: SaleFigurePart;
  label: SaleLabelKey;
  sign: '+' | typeof MINUS | '';
  tone: 'accent' | 'small' | 'hint';
  testId?: string;
}

export interface SaleRowWords {
  title: SaleTitleKey;
  /** The operations history's icon for the same event: coins for a sale, undo for a return. */
  icon: IconName;
  figures: SaleFigure[];
}

const sold = (tonLabel: SaleLabelKey): SaleRowWords => ({
  title: 'history.withdrawal',
  icon: 'coins',
  figures: [
    { part: 'ton', label: tonLabel, sign: '+', tone: 'accent', testId: 'withdrawal-ton' },
    { part: 'tokens', label: 'withdrawals.sold', sign: MINUS, tone: 'small', testId: 'withdrawal-tokens' },
    { part: 'fee', label: 'sell.fee', sign: '', tone: 'hint' },
  ],
});
const ON_ITS_WAY = sold('withdrawals.toReceive');
const PAID = sold('withdrawals.received');
const FAILED = sold('withdrawals.notReceivedYet');

const RETURNED: SaleRowWords = {
  title: 'history.withdrawalRefund',
  icon: 'undo',
  figures: [
    { part: 'tokens', label: 'withdrawals.tokensBack', sign: '+', tone: 'accent', testId: 'withdrawal-tokens' },
    { part: 'tonNotReceived', label: 'withdrawals.notReceived', sign: '', tone: 'hint', testId: 'withdrawal-ton' },
  ],
};

const BY_STATUS = {
  queued: ON_ITS_WAY,
  sending: ON_ITS_WAY,
  completed: PAID,
  failed: FAILED,
  refunded: RETURNED,
} as const satisfies Record<Withdrawal['status'], SaleRowWords>;

export const saleRowWords = (withdrawal: Pick<Withdrawal, 'status'>): SaleRowWords => BY_STATUS[withdrawal.status];
