import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { type Translate, useT } from '@/shared/i18n';
import { formatTokens } from '@/shared/lib/format';
import { AmountInput } from '@/shared/ui/amount-input';
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

function problemText(problem: TransferProblem, t: Translate): string {
  switch (problem.kind) {
    case 'not_a_number':
      return t('referral.transferNotANumber');
    case 'not_positive':
      return t('referral.transferNotPositive');
    case 'too_many_decimals':
      return t('referral.transferTooManyDecimals');
    case 'above_balance':
      return t('referral.transferAboveBalance', { balance: formatTokens(problem.balance, t.locale) });
  }
}

/** docs/product.md §2 'transfer': referral balance → main balance. Mounted by the referral screen. */
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
        <AmountInput
          id="transfer-amount"
          locale={t.locale}
          label={t('referral.transferAmount')}
          value={amountText}
          onChange={onAmount}
          onMax={onMax}
          maxLabel={t('referral.transferMax')}
          error={problem ? problemText(problem, t) : null}
          hint={t('referral.transferAvailable', { balance: formatTokens(balance, t.locale) })}
        />
      </form>
    </Modal>
  );
}
