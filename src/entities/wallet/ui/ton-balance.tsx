import { useUnit } from 'effector-react';
import { nanoToTon } from '@/shared/api';
import { useT } from '@/shared/i18n';
import { formatTon } from '@/shared/lib/format';
import { $balanceError, $balanceNano } from '../model/wallet';

/**
 * The connected wallet's TON balance, truncated to 4 decimals; '…' until the first read, '—' with
 * the reason (title and accessible name) while the last read failed.
 */
export function TonBalance() {
  const [balance, error] = useUnit([$balanceNano, $balanceError]);
  const t = useT();
  if (error !== null) {
    const reason = `${t('wallet.balanceUnavailable')}: ${error}`;
    return (
      <span data-testid="wallet-balance" title={reason} aria-label={reason}>
        —
      </span>
    );
  }
  return <span data-testid="wallet-balance">{balance === null ? '…' : formatTon(nanoToTon(balance), t.locale)}</span>;
}
