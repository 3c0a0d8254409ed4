/**
 * The dev chain (docs/architecture.md "Dev chain"): accounts and transactions in the database behind a
 * toncenter-compatible node, every message run on the TVM (tvm.ts: @ton/sandbox's emulator) from the
 * stored account state. What is simplified is listed in README.md beside this file.
 *
 * This file is the dev chain's entry for the rest of the sandbox (routes, dev wallet, tests):
 *  - send.ts          messages and sending (sendBoc, estimateFee)
 *  - reads.ts         reads and get methods (accounts, transactions, masterchain info, runGetMethod)
 *  - faucet.ts        the faucet and the sandbox treasury
 *  - transactions.ts  running a message and the messages it causes on the TVM and storing them
 *  - tvm.ts           the emulator (loaded lazily: a devDependency) and the config
 */
import type { Address } from '@ton/core';
import type { Deps } from '../../deps';
import { lockChain } from './queries';
import { setRefusing } from './transactions';

export type { ToncenterMessage, ToncenterTransaction } from './toncenter';
export { ChainError, type ChainErrorReason } from './errors';
export { ensureSandboxTreasury, faucet } from './faucet';
export {
  SANDBOX_SINK_ADDRESS,
  drainSandboxHotWallet,
  ensureSandboxHotWallet,
  sandboxHotWallet,
  sandboxHotWalletKeys,
  topUpSandboxHotWallet,
} from './hot-wallet';
export {
  type ChainAccount,
  type RunGetMethodResult,
  type StackEntry,
  addressInformation,
  getAccount,
  listTransactions,
  masterchainInfo,
  runGetMethod,
  walletSeqno,
} from './reads';
export { type EstimateFeeInput, estimateFee, sendBoc } from './send';
export { REFUSED_EXIT_CODE } from './transactions';
export { sandboxTreasuryWallet } from './treasury';

/**
 * Makes the deployed contract at `address` refuse every incoming message (or, with false, run its own code
 * again): its code is `throw 100` meanwhile, so on the TVM a bounceable transfer to it comes back to its
 * sender as a bounced message (transactions.setRefusing).
 */
export async function refuseTransfers(deps: Pick<Deps, 'db'>, address: Address, refuses = true): Promise<void> {
  await deps.db.tx(async (q) => {
    await lockChain(q);
    await setRefusing(q, address, refuses);
  });
}
