/**
 * The dev chain as the dev wallet needs it: one place that knows the chain module's shapes.
 */
import type { Address } from '@ton/core';
import {
  ChainError,
  drainSandboxHotWallet,
  faucet,
  getAccount,
  sandboxHotWallet,
  sandboxTreasuryWallet,
  sendBoc,
  topUpSandboxHotWallet,
  walletSeqno,
} from '../chain/service';
import type { Queryable } from '../../db/index';
import type { Deps } from '../../deps';
import { BadRequestError } from '../../lib/errors';

export interface WalletAccount {
  balance: bigint;
  /** The seqno the next transfer must carry (0 before the wallet is deployed). */
  seqno: number;
  /** Whether the wallet's code is on chain; until then a transfer carries its StateInit. */
  deployed: boolean;
}

export async function chainAccount(q: Queryable, address: Address): Promise<WalletAccount> {
  const account = await getAccount(q, address);
  const deployed = account.state === 'active';
  return { balance: account.balance, seqno: deployed ? await walletSeqno(q, address) : 0, deployed };
}

/** An account's balance (any contract: no get method run). */
export async function chainBalance(q: Queryable, address: Address): Promise<bigint> {
  return (await getAccount(q, address)).balance;
}

export async function chainFaucet(deps: Deps, address: Address, nanotons: bigint, comment: string): Promise<void> {
  await faucet(deps, address, nanotons, comment);
}

/** A refused transfer is the wallet user's bad request (400), said without the liteserver preamble. */
export async function chainSendBoc(deps: Deps, boc: Buffer): Promise<void> {
  try {
    await sendBoc(deps, boc);
  } catch (error) {
    if (!(error instanceof ChainError)) throw error;
    const why = error.message.replace(/^LITE_SERVER_UNKNOWN:.*?External message was not accepted: /, '');
    throw new BadRequestError({ code: 'badRequest', msg: `The dev chain refused the transfer: ${why}` });
  }
}

/** The sandbox treasury (receives mints), and the sandbox's hot wallet (pays sales) with the launcher's tools for it. */
export { drainSandboxHotWallet, sandboxHotWallet, sandboxTreasuryWallet, topUpSandboxHotWallet };
