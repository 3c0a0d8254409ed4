import type { TonNetwork } from './constants';

/**
 * A transaction's page on Tonviewer (the explorer TON wallets link to), on the network it was made on;
 * `hash` in hex, as the API gives it. The app's withdrawal rows and the bot's payout messages link it.
 */
export const explorerTransactionUrl = (network: TonNetwork, hash: string): string =>
  `https://${network === 'testnet' ? 'testnet.' : ''}tonviewer.com/transaction/${hash}`;
