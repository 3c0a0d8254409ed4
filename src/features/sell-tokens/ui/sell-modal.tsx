import { useUnit } from 'effector-react';
import { type FormEvent, useState } from 'react';
import { type Locale, type MessageKey, type Translate, useT } from '@/shared/i18n';
import { formatAmount, formatPrice, formatTokens, formatTon, shortenAddress } from '@/shared/lib/format';
import { AmountInput } from '@/shared/ui/amount-input';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Modal } from '@/shared/ui/modal';
import { Skeleton } from '@/shared/ui/skeleton';
import type { SellAmountProblem } from '../lib/amount-problem';
import {
  $address,
  $amountProblem,
  $amountText,
  $balance,
  $destination,
  $isCalculating,
  $needsWallet,
  $shownCalculation,
  $source,
  amountChanged,
  closeClicked,
  confirmClicked,
  connectWalletClicked,
  maxClicked,
  type SellDestination,
  type SellSource,
} from '../model/sell';
import { $canConfirm, $isSelling } from '../model/confirm';
import { $quoteChange, type QuoteFigure } from '../model/live-quote';
import styles from './sell-modal.module.css';

const SOURCES = {
  balance_token: 'sell.fromMain',
  referral_balance: 'sell.fromReferral',
  task_balance: 'sell.fromTask',
} as const satisfies Record<SellSource, MessageKey>;

function amountProblemText(problem: SellAmountProblem, t: Translate): string {
  switch (problem.kind) {
    case 'not_a_number':
      return t('sell.notANumber');
    case 'not_positive':
      return t('sell.notPositive');
    case 'too_many_decimals':
      return t('sell.tooManyDecimals');
    case 'below_min':
      return t('validation.sellAtLeast', { amount: formatAmount(problem.min, 'token', t.locale, { up: true }) });
    case 'above_balance':
      return t('sell.aboveBalance', { balance: formatTokens(problem.balance, t.locale) });
  }
}

/** What the sheet says under the destination, by what is known of the user's wallets. */
const DESTINATION_HINTS = {
  verified: 'sell.addressHint',
  verifiedOther: 'sell.otherWalletHint',
  connect: 'sell.noWalletHint',
  reconnect: 'sell.unverifiedReconnect',
} as const satisfies Record<SellDestination, MessageKey>;

/**
 * Price, TON out, fee and what arrives, for exactly the amount typed (skeletons while it is priced).
 * They follow the live price while the sheet is open (../model/live-quote.ts): a figure a new price
 * changed is highlighted, with a line saying the price was updated, so what Confirm sends is what was read.
 */
function Figures() {
  const [calculation, calculating, changed] = useUnit([$shownCalculation, $isCalculating, $quoteChange]);
  const t = useT();
  const value = (figure: QuoteFigure, format: (text: string, locale: Locale) => string, testId: string) => {
    if (calculation) {
      const moved = changed?.includes(figure) === true;
      return (
        <span data-testid={testId} data-changed={moved || undefined} className={moved ? styles.changed : undefined}>
          {format(calculation[figure], t.locale)}
        </span>
      );
    }
    return calculating ? <Skeleton width={88} /> : '—';
  };
  return (
    <div className={styles.figures} aria-busy={calculating || undefined}>
      <ListRows label={t('sell.figures')}>
        <ListRow label={t('sell.price')} value={value('price', formatPrice, 'sell-price')} />
        <ListRow label={t('sell.tonAmount')} value={value('ton_amount', formatTon, 'sell-ton-amount')} />
        <ListRow label={t('sell.fee')} value={value('fee', formatTon, 'sell-fee')} />
        <ListRow label={t('sell.receive')} value={value('receive_amount', formatTon, 'sell-receive')} strong />
      </ListRows>
      <div aria-live="polite">
        {calculation && changed ? (
          <p className={styles.updated} data-testid="sell-quote-updated">
            {t('sell.quoteUpdated')}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Where the TON goes: the wallet the user proved to hold, the only address the server pays (docs/foundations.md
 * §7b), shown and not typed — shortened, with the whole address a tap away (and in its title) so it
 * can be checked character by character. Without one, what to do: connect a wallet, which proves it.
 */
function Destination() {
  const [address, destination, needsWallet] = useUnit([$address, $destination, $needsWallet]);
  const onConnect = useUnit(connectWalletClicked);
  const [whole, setWhole] = useState(false);
  const t = useT();
  return (
    <div className={styles.destination} role="group" aria-labelledby="sell-destination">
      <span id="sell-destination" className={styles.destinationLabel}>
        {t('sell.address')}
      </span>
      {address ? (
        <button
          type="button"
          className={styles.wallet}
          onClick={() => setWhole(!whole)}
          aria-expanded={whole}
          title={address}
          data-testid="sell-address"
          data-address={address}
        >
          <span className={whole ? styles.wholeAddress : styles.shortAddress}>
            {whole ? address : shortenAddress(address)}
          </span>
          <span className={styles.walletSide}>
            <Badge tone="success">✓ {t('wallet.verified')}</Badge>
            <span className={styles.toggle}>{t(whole ? 'sell.hideAddress' : 'sell.showAddress')}</span>
          </span>
        </button>
      ) : null}
      <p className={styles.destinationHint} data-testid="sell-address-hint">
        {t(DESTINATION_HINTS[destination])}
      </p>
      {needsWallet ? (
        <div className={styles.connect}>
          <Button variant="secondary" size="s" stretched={false} onClick={() => onConnect()}>
            {t('sell.connectWallet')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** docs/product.md §2 'sell': tokens from one balance for TON. Mounted by the app; opened by the sell routes. */
export function SellModal() {
  const [source, amountText, problem, balance, canConfirm, busy] = useUnit([
    $source,
    $amountText,
    $amountProblem,
    $balance,
    $canConfirm,
    $isSelling,
  ]);
  const [onAmount, onMax, onConfirm, onClose] = useUnit([amountChanged, maxClicked, confirmClicked, closeClicked]);
  const t = useT();
  if (!source) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal
      title={t('sell.title')}
      text={t(SOURCES[source])}
      onClose={() => onClose()}
      actions={[
        {
          label: busy ? t('sell.selling') : t('sell.confirm'),
          onClick: () => onConfirm(),
          disabled: !canConfirm,
          tone: 'primary',
        },
        { label: t('common.cancel'), onClick: () => onClose() },
      ]}
    >
      <form className={styles.form} onSubmit={submit} noValidate data-testid="sell-form">
        <AmountInput
          id="sell-amount"
          locale={t.locale}
          label={t('sell.amount')}
          value={amountText}
          onChange={onAmount}
          onMax={onMax}
          maxLabel={t('sell.max')}
          error={problem ? amountProblemText(problem, t) : null}
          errorTestId="sell-amount-error"
          hint={t('sell.available', { balance: formatTokens(balance, t.locale) })}
          disabled={busy}
        />
        <Figures />
        <Destination />
      </form>
    </Modal>
  );
}
