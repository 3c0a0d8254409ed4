/**
 * The dev chain (DESIGN.md §2): accounts and transfers in the database behind a toncenter-compatible
 * node. Messages, addresses and signatures are real (@ton/core, ed25519); contract logic is wallet
 * v4r2 written in TypeScript (wallet-v4.ts). What is simplified is listed in README.md beside this file.
 *
 * This file is the dev chain's entry for the rest of the sandbox (routes, dev wallet, tests):
 *  - send.ts          messages and sending (sendBoc, estimateFee)
 *  - reads.ts         reads and get methods (accounts, transactions, masterchain info, runGetMethod)
 *  - faucet.ts        the faucet and the sandbox treasury
 *  - transactions.ts  writing blocks, Transaction cells and internal deliveries (used by the three above)
 */
import type { Address } from '@ton/core';
import type { Deps } from '../../deps';
import { setRefusesTransfers } from './queries';

export type { ToncenterMessage, ToncenterTransaction } from './toncenter';
export { ChainError, type ChainErrorReason } from './errors';
export { drainSandboxTreasury, ensureSandboxTreasury, faucet, topUpSandboxTreasury } from './faucet';
export {
  type ChainAccount,
  type RunGetMethodResult,
  type StackEntry,
  addressInformation,
  getAccount,
  listTransactions,
  masterchainInfo,
  runGetMethod,
} from './reads';
export { type EstimateFeeInput, estimateFee, sendBoc } from './send';
export { REFUSED_EXIT_CODE } from './transactions';
export { sandboxTreasuryWallet } from './treasury';

/**
 * Flags `address` to refuse incoming transfers (or, with false, to accept them again): a bounceable
 * transfer to it then comes back to its sender as a bounced message, as from a contract that throws.
 */
export async function refuseTransfers(deps: Pick<Deps, 'db'>, address: Address, refuses = true): Promise<void> {
  await setRefusesTransfers(deps.db, address.toRawString(), refuses);
}
