import { useUnit } from 'effector-react';
import { appConfig } from '@/shared/config';
import { useT } from '@/shared/i18n';
import { $isSending } from '../model/send-transaction';
import { testTransferClicked } from '../model/test-transfer';
import styles from './test-transfer-button.module.css';

/** Sandbox only (appConfig.testTransferAddress): absent in production. */
export function TestTransferButton() {
  const [sending, onClick] = useUnit([$isSending, testTransferClicked]);
  const t = useT();
  if (appConfig.testTransferAddress === null) return null;
  return (
    <button type="button" className={styles.button} disabled={sending} onClick={() => onClick()}>
      {/* '(1 TON)' stays whole when the label takes two lines on a narrow screen. */}
      {t('wallet.testTransfer').replace(/(\d) (?=TON\b)/g, '$1\u00a0')}
    </button>
  );
}
