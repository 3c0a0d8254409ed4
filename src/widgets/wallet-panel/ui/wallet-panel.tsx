import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $restoreGaveUp, $shortAddress, $status, TonBalance } from '@/entities/wallet';
import { TestTransferButton } from '@/features/send-transaction';
import { useT } from '@/shared/i18n';
import { Badge } from '@/shared/ui/badge';
import { lazyModal } from '@/shared/ui/lazy-page';
import { $isOpen as $disconnectOpen, disconnectClicked } from '../model/disconnect-wallet';
import { $walletVerified } from '../model/prove-wallet';
import { buttonRootMounted, buttonRootUnmounted } from '../model/wallet-panel';
import styles from './wallet-panel.module.css';

const BUTTON_ROOT_ID = 'ton-connect-button';

/** Asked only after Disconnect is pressed: its code is not part of the first screen. */
const DisconnectWalletModal = lazyModal($disconnectOpen, () =>
  import('./disconnect-wallet-modal').then((m) => m.DisconnectWalletModal),
);

/**
 * The wallet on the dashboard: the TON Connect button (the library's own: connect, 4+4 address,
 * copy/disconnect dropdown — the account menu) and the app's own line under it, labelled as what it
 * is: the balance of the connected address (3+4, docs/product.md §9), and Disconnect.
 */
export function WalletPanel() {
  const [status, restoreGaveUp, shortAddress, verified, onDisconnect, mounted, unmounted] = useUnit([
    $status,
    $restoreGaveUp,
    $shortAddress,
    $walletVerified,
    disconnectClicked,
    buttonRootMounted,
    buttonRootUnmounted,
  ]);
  const t = useT();
  useEffect(() => {
    mounted(BUTTON_ROOT_ID);
    return () => unmounted();
  }, [mounted, unmounted]);

  return (
    <section className={styles.panel} aria-label={t('wallet.title')}>
      <div className={styles.header}>
        <span className={styles.title}>
          {t('wallet.title')}
          {status === 'connected' && verified ? (
            <span className={styles.verified} title={t('wallet.verifiedTitle')}>
              <Badge tone="success" testId="wallet-verified">
                ✓ {t('wallet.verified')}
              </Badge>
            </span>
          ) : null}
        </span>
        {status === 'restoring' ? (
          <button type="button" className={styles.restoring} disabled aria-label={t('wallet.restoring')}>
            <span className={styles.spinner} />
          </button>
        ) : null}
        <div id={BUTTON_ROOT_ID} hidden={status === 'restoring'} />
      </div>
      {status === 'disconnected' && restoreGaveUp ? (
        <p className={styles.notice} role="status">
          {t('wallet.restoreGaveUp')}
        </p>
      ) : null}
      {status === 'connected' ? (
        <div className={styles.details}>
          <span className={styles.label}>
            {t('wallet.balanceOf')}{' '}
            <span className={styles.address} data-testid="wallet-address">
              {shortAddress ?? '…'}
            </span>
          </span>
          <TonBalance />
          <button type="button" className={styles.link} onClick={() => onDisconnect()}>
            {t('wallet.disconnect')}
          </button>
        </div>
      ) : null}
      {status === 'connected' ? <TestTransferButton /> : null}
      <DisconnectWalletModal />
    </section>
  );
}
