import { useUnit } from 'effector-react';
import { $pendingMint, MintCard } from '@/entities/mint';
import { $isSending } from '@/features/send-transaction';
import { formatAmount } from '@/shared/lib/format';
import { cancelClicked } from '../model/cancel-mint';
import { payClicked } from '../model/mint-form';
import styles from './mint-page.module.css';

/** The newest unpaid mint, for its first 3 minutes (SPEC §4): pay it again or cancel it. */
export function PendingMint() {
  const [mint, sending, onPay, onCancel] = useUnit([$pendingMint, $isSending, payClicked, cancelClicked]);
  if (!mint) return null;
  return (
    <section className={styles.section} aria-labelledby="pending-mint-title">
      <h2 id="pending-mint-title" className={styles.heading}>
        Waiting for payment
      </h2>
      <p className={styles.hint}>
        Pay {formatAmount(mint.amount_ton, 4)} TON from your wallet; the mint becomes active when the payment arrives.
      </p>
      <MintCard mint={mint}>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={sending} onClick={() => onPay()}>
            Pay
          </button>
          <button type="button" className={styles.plain} onClick={() => onCancel()}>
            Cancel
          </button>
        </div>
      </MintCard>
    </section>
  );
}
