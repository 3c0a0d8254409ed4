/**
 * The dev chain's faucet and the sandbox treasury: TON out of thin air, as an internal message from
 * the virtual FAUCET_ADDRESS run on the TVM like any other, and the treasury wallet (a real wallet v4r2
 * contract) deployed and funded on first start.
 */
import { Address, Cell, type Message, comment as commentCell, external } from '@ton/core';
import type { Queryable } from '../../db/index';
import type { Deps } from '../../deps';
import { FAUCET_ADDRESS, SANDBOX_TREASURY_FUNDING } from './constants';
import { badRequest } from './errors';
import { lockChain, openBlock } from './queries';
import { getAccount } from './reads';
import { applyExternal } from './send';
import { LtCursor, execute, messageCell, nowSeconds } from './transactions';
import { recordTreasuryFunding } from '../../watcher/service';
import { sandboxTreasuryKeyPair, sandboxTreasuryWallet } from './treasury';

export async function faucetIn(
  q: Queryable,
  address: Address,
  nanotons: bigint,
  comment: string | undefined,
  now: number,
) {
  if (nanotons <= 0n) throw badRequest('The faucet amount must be positive');
  const lt = new LtCursor(await openBlock(q, now));
  const message: Message = {
    info: {
      type: 'internal',
      ihrDisabled: true,
      bounce: false,
      bounced: false,
      src: FAUCET_ADDRESS,
      dest: address,
      value: { coins: nanotons },
      ihrFee: 0n,
      forwardFee: 0n,
      createdLt: lt.next(),
      createdAt: now,
    },
    body: comment === undefined || comment === '' ? Cell.EMPTY : commentCell(comment),
  };
  const [received] = await execute(q, lt, now, messageCell(message));
  if (!received) throw new Error('the faucet payment made no transaction');
  return { lt: received.lt, hash: received.hash };
}

/**
 * Pays `nanotons` to `address` as an internal message from FAUCET_ADDRESS (with `comment` as a text
 * comment). Returns the receiving transaction's lt and hash.
 */
export async function faucet(
  deps: Deps,
  address: Address,
  nanotons: bigint,
  comment?: string,
): Promise<{ lt: bigint; hash: string }> {
  return deps.db.tx((q) => faucetIn(q, address, nanotons, comment, nowSeconds()));
}

// ---- sandbox treasury ----------------------------------------------------------------------------

/** Faucet TON into the treasury, recorded as its own funding: no payment, nothing left for an operator. */
async function fundTreasury(q: Queryable, treasury: Address, nanotons: bigint, comment: string, now: number) {
  const funding = await faucetIn(q, treasury, nanotons, comment, now);
  await recordTreasuryFunding(q, {
    ...funding,
    utime: now,
    source: FAUCET_ADDRESS.toString(),
    amount: nanotons,
    comment,
  });
}

/**
 * Sandbox start: deploys and funds the sandbox treasury wallet unless it is already active. Runs under
 * the chain's write lock, so processes starting together do it once. A TREASURY_ADDRESS other than
 * the sandbox one is left alone (its key is not ours).
 */
export async function ensureSandboxTreasury(deps: Deps): Promise<void> {
  if (deps.config.mode !== 'sandbox' || !deps.config.treasuryAddress) return;
  const wallet = sandboxTreasuryWallet();
  if (!Address.parse(deps.config.treasuryAddress).equals(wallet.address)) return;
  await deps.db.tx(async (q) => {
    await lockChain(q);
    const account = await getAccount(q, wallet.address);
    if (account.state === 'active') return;
    const now = nowSeconds();
    if (account.balance === 0n)
      await fundTreasury(q, wallet.address, SANDBOX_TREASURY_FUNDING, 'sandbox treasury', now);
    const body = wallet.createTransfer({
      seqno: 0,
      secretKey: sandboxTreasuryKeyPair().secretKey,
      messages: [],
      timeout: now + 60,
    });
    const message = external({ to: wallet.address, init: wallet.init, body });
    await applyExternal(q, messageCell(message), now);
  });
}
