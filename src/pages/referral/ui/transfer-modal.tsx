import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { type Translate, useT } from '@/shared/i18n';
import { DECIMALS, formatAmount } from '@/shared/lib/format';
import { Modal } from '@/shared/ui/modal';
import type { TransferProblem } from '../lib/transfer-problem';
import {
  $amountText,
  $canSubmit,
  $isOpen,
  $isTransferring,
  $problem,
  $referralBalance,
  amountChanged,
  maxClicked,
  transferClosed,
  transferSubmitted,
} from '../model/transfer';
import styles from './transfer-modal.module.css';

const tokens = (amount: string) => `${formatAmount(amount, DECIMALS.token)} TKN`;

function problemText(problem: TransferProblem, t: Translate): string {
  switch (problem.kind) {
    case 'not_a_number':
      return t('referral.transferNotANumber');
    case 'not_positive':
      return t('referral.transferNotPositive');
    case 'too_many_decimals':
      return t('referral.transferTooManyDecimals');
    case 'above_balance':
      return t('referral.transferAboveBalance', { balance: tokens(problem.balance) });
  }
}

/** SPEC §2 'transfer': referral balance → main balance. Mounted by the referral screen. */
export function TransferModal() {
  const [open, amountText, problem, balance, canSubmit, busy] = useUnit([
    $isOpen,
    $amountText,
    $problem,
    $referralBalance,
    $canSubmit,
    $isTransferring,
  ]);
  const [onAmount, onMax, onSubmit, onClose] = useUnit([amountChanged, maxClicked, transferSubmitted, transferClosed]);
  const t = useT();
  if (!open) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      title={t('referral.transferTitle')}
      text={t('referral.transferText')}
      onClose={() => onClose()}
      actions={[
        {
          label: busy ? t('referral.transferring') : t('referral.transferConfirm'),
          onClick: () => onSubmit(),
          disabled: !canSubmit,
          tone: 'primary',
        },
        { label: t('common.cancel'), onClick: () => onClose() },
      ]}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.label} htmlFor="transfer-amount">
          {t('referral.transferAmount')}
        </label>
        <div className={styles.field}>
          <input
            id="transfer-amount"
            className={styles.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amountText}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'transfer-amount-error' : 'transfer-available'}
            onChange={(event) => onAmount(event.target.value)}
          />
          <button type="button" className={styles.max} onClick={() => onMax()}>
            {t('referral.transferMax')}
          </button>
        </div>
        {problem ? (
          <p id="transfer-amount-error" className={styles.error} role="alert">
            {problemText(problem, t)}
          </p>
        ) : (
          <p id="transfer-available" className={styles.hint}>
            {t('referral.transferAvailable', { balance: tokens(balance) })}
          </p>
        )}
      </form>
    </Modal>
  );
}
