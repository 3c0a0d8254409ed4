import type { TonNetwork } from '../../api';

/**
 * A transaction's page on Tonviewer (the explorer TON wallets link to), on the network it was made on.
 * `hash` as the API gives it: hex.
 */
export const explorerTransactionUrl = (network: TonNetwork, hash: string): string =>
  `https://${network === 'testnet' ? 'testnet.' : ''}tonviewer.com/transaction/${hash}`;
