import { useUnit } from 'effector-react';
import { $pendingMint, MintCard } from '@/entities/mint';
import { $isSending } from '@/features/send-transaction';
import { useT } from '@/shared/i18n';
import { formatAmount } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { Section } from '@/shared/ui/section';
import { cancelClicked } from '../model/cancel-mint';
import { payClicked } from '../model/mint-form';
import styles from './mint-page.module.css';

/** The newest unpaid mint, for its first 3 minutes (docs/product.md §4): pay it again or cancel it. */
export function PendingMint() {
  const [mint, sending, onPay, onCancel] = useUnit([$pendingMint, $isSending, payClicked, cancelClicked]);
  const t = useT();
  if (!mint) return null;
  return (
    <Section
      plain
      title={t('mint.waitingForPayment')}
      id="pending-mint"
      footer={t('mint.payHint', { amount: formatAmount(mint.amount_ton, 'ton', t.locale) })}
    >
      <MintCard mint={mint}>
        <div className={styles.actions}>
          <Button loading={sending} onClick={() => onPay()}>
            {t('mint.pay')}
          </Button>
          <Button variant="secondary" onClick={() => onCancel()}>
            {t('common.cancel')}
          </Button>
        </div>
      </MintCard>
    </Section>
  );
}
