import { useUnit } from 'effector-react';
import { nanoToTon } from '@/shared/api';
import { formatAmount } from '@/shared/lib/format';
import { $balanceNano } from '../model/wallet';

/** The connected wallet's TON balance, truncated to 4 decimals. */
export function TonBalance() {
  const balance = useUnit($balanceNano);
  return <span data-testid="wallet-balance">{balance === null ? '…' : `${formatAmount(nanoToTon(balance), 4)} TON`}</span>;
}
