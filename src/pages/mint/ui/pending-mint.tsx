import { useUnit } from 'effector-react';
import { $pendingMint, MintCard } from '@/entities/mint';
import { $isSending } from '@/features/send-transaction';
import { useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { cancelClicked } from '../model/cancel-mint';
import { payClicked } from '../model/mint-form';
import styles from './mint-page.module.css';

/** The newest unpaid mint, for its first 3 minutes (SPEC §4): pay it again or cancel it. */
export function PendingMint() {
  const [mint, sending, onPay, onCancel] = useUnit([$pendingMint, $isSending, payClicked, cancelClicked]);
  const t = useT();
  if (!mint) return null;
  return (
    <section className={styles.section} aria-labelledby="pending-mint-title">
      <h2 id="pending-mint-title" className={styles.heading}>
        {t('mint.waitingForPayment')}
      </h2>
      <p className={styles.hint}>
        {t('mint.payHint', { amount: formatAmount(mint.amount_ton, 4) })}
      </p>
      <MintCard mint={mint}>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={sending} onClick={() => onPay()}>
            {t('mint.pay')}
          </button>
          <button type="button" className={styles.plain} onClick={() => onCancel()}>
            {t('common.cancel')}
          </button>
        </div>
      </MintCard>
    </section>
  );
}
