/**
 * Withdrawals (DESIGN.md §4 Sell / withdraw / transfer). Today: the transfer from referral_balance to
 * balance_token (SPEC §7 POST /withdraw/transfer-from-referral-balance); selling and TON payouts join
 * it here.
 */
import { Address } from '@ton/core';
import { mnemonicToPrivateKey } from '@ton/crypto';
import { type Balances, SERVER_MESSAGES, VALIDATION_MESSAGES } from '@/shared/api/contract';
import type { HotWalletVersion } from '../config';
import type { Deps, HotWalletKeys } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { balanceEvent, changeBalance } from '../ledger/service';
import { NotFoundError, ValidationError } from '../lib/errors';
import { getSetting } from '../settings/service';
import { lockUser } from '../users/service';
import { type SourceAccount, type WithdrawalRow, insertReferralTransfer, insertWithdrawal } from './queries';

export type { WithdrawalRow } from './queries';
export { type PayoutDeps, type PayoutNode, type PayoutStepResult, createHotWallet, runPayoutStep } from './payouts';

export const REFERRAL_TRANSFER_REASON = 'referral_transfer';

/**
 * Moves `amountToken` base units from referral_balance to balance_token in one transaction: both ledger
 * entries or neither. More than the referral balance → 400 Insufficient funds, nothing written.
 */
export async function transferFromReferralBalance(
  deps: Pick<Deps, 'db' | 'bus'>,
  userId: number,
  amountToken: bigint,
): Promise<Balances> {
  if (amountToken <= 0n) {
    throw new ValidationError([{ path: 'token_amount', message: VALIDATION_MESSAGES.amountPositive }]);
  }
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError(SERVER_MESSAGES.userNotFound);
    const transferId = await insertReferralTransfer(tx, userId, amountToken);
    const ref = { reason: REFERRAL_TRANSFER_REASON, refType: 'referral_transfer', refId: transferId } as const;
    await changeBalance(tx, { userId, account: 'referral_balance', delta: -amountToken, ...ref });
    const row = await changeBalance(tx, { userId, account: 'balance_token', delta: amountToken, ...ref });
    return { ...balanceEvent(row), collective_bonus: await getSetting(tx, 'collective_bonus') };
  });
}

/** A TON address as a withdrawal stores it: user-friendly, url-safe, with the flags the user gave (raw → bounceable). */
export function payoutAddress(text: string): string | null {
  try {
    if (Address.isFriendly(text)) {
      const { address, isBounceable, isTestOnly } = Address.parseFriendly(text);
      if (address.workChain !== 0) return null;
      return address.toString({ urlSafe: true, bounceable: isBounceable, testOnly: isTestOnly });
    }
    const address = Address.parse(text);
    return address.workChain === 0 ? address.toString({ urlSafe: true, bounceable: true }) : null;
  } catch {
    return null;
  }
}

export interface QueueWithdrawalInput {
  userId: number;
  sourceAccount: SourceAccount;
  /** Token base units the caller has debited from sourceAccount (through the ledger, in this transaction). */
  tokenAmount: bigint;
  /** Nanotons the address receives. */
  tonAmount: bigint;
  /** Nanotons kept as the fee. */
  fee: bigint;
  /** Any TON address form; basechain only. */
  address: string;
}

/**
 * Queues a TON payout in the caller's transaction (POST /withdraw/create debits the tokens through the
 * ledger, then calls this): the payout worker sends it. Bad input → ValidationError (422), nothing written.
 */
export async function queueWithdrawal(tx: Tx, input: QueueWithdrawalInput): Promise<WithdrawalRow> {
  const problems: Array<{ path: string; message: string }> = [];
  const address = payoutAddress(input.address);
  if (address === null) problems.push({ path: 'address', message: 'not a TON basechain address' });
  if (input.tokenAmount <= 0n) problems.push({ path: 'token_amount', message: VALIDATION_MESSAGES.amountPositive });
  if (input.tonAmount <= 0n) problems.push({ path: 'ton_amount', message: VALIDATION_MESSAGES.amountPositive });
  if (input.fee < 0n) problems.push({ path: 'fee', message: VALIDATION_MESSAGES.amountNegative });
  if (problems.length > 0 || address === null) throw new ValidationError(problems);
  return insertWithdrawal(tx, { ...input, address });
}

/** The production hot wallet's keys from its 24 words (HOT_WALLET_MNEMONIC). */
export async function hotWalletFromMnemonic(words: string[], version: HotWalletVersion): Promise<HotWalletKeys> {
  return { version, keyPair: await mnemonicToPrivateKey(words) };
}
