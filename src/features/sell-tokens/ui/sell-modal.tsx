import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { type MessageKey, type Translate, useT } from '@/shared/i18n';
import { DECIMALS, formatAmount, formatPrice, formatTokens, formatTon } from '@/shared/lib/format';
import { AmountInput } from '@/shared/ui/amount-input';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { ListRow, ListRows } from '@/shared/ui/list-row';
import { Modal } from '@/shared/ui/modal';
import { Skeleton } from '@/shared/ui/skeleton';
import type { SellAmountProblem } from '../lib/amount-problem';
import {
  $addressProblem,
  $addressText,
  $amountProblem,
  $amountText,
  $balance,
  $calculation,
  $addressHint,
  $isCalculating,
  $needsWallet,
  $source,
  addressChanged,
  amountChanged,
  closeClicked,
  confirmClicked,
  connectWalletClicked,
  maxClicked,
  type SellAddressHint,
  type SellAddressProblem,
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
      return t('validation.sellAtLeast', { amount: formatAmount(problem.min, DECIMALS.token) });
    case 'above_balance':
      return t('sell.aboveBalance', { balance: formatTokens(problem.balance) });
  }
}

/** Sales pay out only to the verified wallet: what to do about another address, by the wallet connected. */
const UNVERIFIED = {
  none: 'sell.unverifiedConnect',
  this: 'sell.unverifiedReconnect',
  other: 'sell.unverifiedSwitch',
} as const satisfies Record<Extract<SellAddressProblem, { kind: 'unverified' }>['connected'], MessageKey>;

const ADDRESS_HINTS = {
  verified: 'sell.addressHint',
  connect: 'sell.noWalletHint',
  payout: 'sell.payoutHint',
} as const satisfies Record<SellAddressHint, MessageKey>;

function addressProblemText(problem: SellAddressProblem, t: Translate): string {
  switch (problem.kind) {
    case 'length':
      return t('sell.addressLength');
    case 'checksum':
      return t('sell.addressChecksum');
    case 'workchain':
      return t('sell.addressWorkchain');
    case 'hex':
      return t('sell.addressHex');
    case 'invalid':
      return t('sell.addressInvalid');
    case 'network':
      return t('validation.addressNetwork', { network: problem.network });
    case 'unverified':
      return t(UNVERIFIED[problem.connected]);
    case 'empty':
      return t('sell.addressEmpty');
  }
}

/**
 * Price, TON out, fee and what arrives, for exactly the amount typed (skeletons while it is priced).
 * They follow the live price while the sheet is open (../model/live-quote.ts): a figure a new price
 * changed is highlighted, with a line saying the price was updated, so what Confirm sends is what was read.
 */
function Figures() {
  const [calculation, calculating, changed] = useUnit([$calculation, $isCalculating, $quoteChange]);
  const t = useT();
  const value = (figure: QuoteFigure, format: (text: string) => string, testId: string) => {
    if (calculation) {
      const moved = changed?.includes(figure) === true;
      return (
        <span data-testid={testId} data-changed={moved || undefined} className={moved ? styles.changed : undefined}>
          {format(calculation[figure])}
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
 * Where the TON goes: the verified wallet, filled in (else the connected one). Another address is
 * explained inline, with how to make it usable (prove its wallet by connecting it): the server pays
 * only the wallet the user proved to hold (DESIGN.md §7b).
 */
function Destination() {
  const [address, problem, needsWallet, hint, busy] = useUnit([
    $addressText,
    $addressProblem,
    $needsWallet,
    $addressHint,
    $isSelling,
  ]);
  const onChange = useUnit(addressChanged);
  const onConnect = useUnit(connectWalletClicked);
  const t = useT();
  return (
    <TextField
      id="sell-address"
      label={t('sell.address')}
      value={address}
      onChange={onChange}
      problem={problem ? addressProblemText(problem, t) : null}
      hint={t(ADDRESS_HINTS[hint])}
      placeholder={t('sell.addressPlaceholder')}
      disabled={busy}
      mono
      testId="sell-address"
    >
      {needsWallet ? (
        <div className={styles.connect}>
          <Button variant="secondary" size="s" stretched={false} onClick={() => onConnect()}>
            {t('sell.connectWallet')}
          </Button>
        </div>
      ) : null}
    </TextField>
  );
}

/** SPEC §2 'sell': tokens from one balance for TON. Mounted by the app; opened by the sell routes. */
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
          label={t('sell.amount')}
          value={amountText}
          onChange={onAmount}
          onMax={onMax}
          maxLabel={t('sell.max')}
          error={problem ? amountProblemText(problem, t) : null}
          errorTestId="sell-amount-error"
          hint={t('sell.available', { balance: formatTokens(balance) })}
          disabled={busy}
        />
        <Figures />
        <Destination />
      </form>
    </Modal>
  );
}
