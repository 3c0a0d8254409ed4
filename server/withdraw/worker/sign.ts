/**
 * Signing the next batch: the oldest queued withdrawals the balance pays, as one transfer (a seqno wallet's,
 * or a highload wallet's query id), stored before anything is sent.
 */
import { Address, type MessageRelaxed, internal } from '@ton/core';
import type { PayoutReason } from '@contract';
import {
  PAYOUT_FEE_RESERVE_NANOTONS,
  PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS,
  PAYOUT_RECIPIENT_READS,
  PAYOUT_VALID_FOR_SECONDS,
} from '../../constants';
import { inTransaction } from '../../events/transaction';
import { getSetting } from '../../settings/service';
import { payoutComment } from './bounces';
import { highloadQueryId } from './highload-v3';
import type { HighloadHotWallet, PayoutDeps, SeqnoHotWallet } from './types';
import {
  type WithdrawalRow,
  assignToBatch,
  insertBatch,
  lockQueued,
  nextHighloadNumber,
  oldestQueued,
} from '../queries';
import { noteWaiting, publishWithdrawals } from '../service';
import { SEND_MODE, externalOf } from './wallet';
import { WalletState, walletState, parseAddress } from './chain';
import type { PayoutStepResult } from './types';

/**
 * The payout messages of these withdrawals, each carrying `Withdrawal <id>` (a bounce brings it back: bounces.ts).
 * Uninitialised recipients get non-bounceable messages (a bounce would bring the TON back to us): each distinct
 * recipient's state is read once, PAYOUT_RECIPIENT_READS at a time.
 */
export async function payoutMessages(p: PayoutDeps, withdrawals: WithdrawalRow[]): Promise<MessageRelaxed[]> {
  const recipients = withdrawals.map((withdrawal) => {
    const to = parseAddress(withdrawal.address);
    if (!to) throw new Error(`withdrawal ${withdrawal.id}: stored address does not parse`);
    return to;
  });
  const active = new Map<string, boolean>();
  const pending = [...new Set(recipients.map((to) => to.toRawString()))];
  const reader = async () => {
    for (let raw = pending.pop(); raw !== undefined; raw = pending.pop()) {
      const recipient = await p.node.getContractState(Address.parseRaw(raw));
      active.set(raw, recipient.state === 'active');
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAYOUT_RECIPIENT_READS, pending.length) }, reader));
  return withdrawals.map((withdrawal, i) => {
    const to = recipients[i] as Address;
    return internal({
      to,
      value: withdrawal.ton_amount,
      bounce: active.get(to.toRawString()) === true,
      body: payoutComment(withdrawal.id),
    });
  });
}

/** The signed transfer of these withdrawals with this seqno: the external message's BOC and normalized hash. */
export async function signTransfer(
  p: PayoutDeps,
  wallet: SeqnoHotWallet,
  withdrawals: WithdrawalRow[],
  state: WalletState,
  validUntil: number,
): Promise<{ signedBoc: string; messageHash: string }> {
  const messages = await payoutMessages(p, withdrawals);
  return externalOf(wallet, wallet.transferBody({ seqno: state.seqno, validUntil, messages }), state.active);
}

export async function signNext(p: PayoutDeps, now: number): Promise<PayoutStepResult> {
  const { wallet } = p;
  const queued = await oldestQueued(p.deps.db, wallet.maxMessages);
  if (queued.length === 0) return { kind: 'idle' };
  if (await getSetting(p.deps.db, 'payouts_paused')) return { kind: 'paused', queued: queued.length };

  const state = await walletState(p);
  // As many of the oldest as the balance pays, fees included; the rest wait for the next transfer.
  let needed = PAYOUT_FEE_RESERVE_NANOTONS;
  const batch: WithdrawalRow[] = [];
  for (const withdrawal of queued) {
    const more = needed + withdrawal.ton_amount + PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS;
    if (more > state.balance) break;
    needed = more;
    batch.push(withdrawal);
  }
  const head = queued[0] as WithdrawalRow;
  if (batch.length === 0) {
    const short = PAYOUT_FEE_RESERVE_NANOTONS + head.ton_amount + PAYOUT_MESSAGE_FEE_RESERVE_NANOTONS;
    // A code and its figures (nanotons), worded in the operator's language where it is shown.
    const reason: PayoutReason = {
      code: 'hot_wallet_short',
      params: { balance: String(state.balance), needed: String(short) },
    };
    await inTransaction(p.deps.db, p.deps.bus, (tx) => noteWaiting(tx, [head.id], reason));
    p.log.error(
      { withdrawal: head.id, balance: String(state.balance), needed: String(short) },
      'hot wallet too low: payouts wait',
    );
    return { kind: 'insufficient_balance', balance: state.balance, needed: short, withdrawals: [head.id] };
  }

  const ids = batch.map((w) => w.id);
  let signed: { signedBoc: string; messageHash: string; seqno: number; validUntil: number; highload?: Highload };
  if (wallet.version === 'highload-v3') {
    signed = await signHighload(p, wallet, batch, state);
  } else {
    const validUntil = now + PAYOUT_VALID_FOR_SECONDS;
    signed = { ...(await signTransfer(p, wallet, batch, state, validUntil)), seqno: state.seqno, validUntil };
  }
  const { signedBoc, messageHash, seqno, validUntil, highload } = signed;

  // Stored before it is sent: from here a restarted worker resends exactly this message or finds it.
  const stored = await inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    if ((await lockQueued(tx, ids)).length === 0) return null;
    const row = await insertBatch(tx, {
      walletAddress: wallet.address.toRawString(),
      seqno,
      validUntil,
      signedBoc,
      messageHash,
      start: state.last,
      ...(highload ? { highload } : {}),
    });
    if (!row) return null;
    await publishWithdrawals(tx, await assignToBatch(tx, ids, row.id));
    return row;
  });
  if (!stored) return { kind: 'busy' };
  p.log.info({ batchId: stored.id, seqno, withdrawals: ids }, 'payout signed');
  return { kind: 'signed', batchId: stored.id, seqno, withdrawals: ids };
}

// ---- highload wallet v3 ----------------------------------------------------------------------------

export interface Highload {
  queryId: bigint;
  createdAt: number;
}

/**
 * A highload batch: the next number in the wallet's sequence (never reused: nextHighloadNumber) and its
 * query id, created_at the chain's time of the state just read (so the contract's `created_at <= now`
 * holds in any later block), and valid_until = created_at + timeout, from which the chain refuses it.
 */
export async function signHighload(
  p: PayoutDeps,
  wallet: HighloadHotWallet,
  withdrawals: WithdrawalRow[],
  state: WalletState,
) {
  const seqno = await nextHighloadNumber(p.deps.db, wallet.address.toRawString());
  const queryId = highloadQueryId(BigInt(seqno));
  const createdAt = state.time;
  const messages = await payoutMessages(p, withdrawals);
  const body = wallet.highload.externalBody({ queryId, createdAt, messages, mode: SEND_MODE });
  return {
    ...externalOf(wallet, body, state.active),
    seqno,
    validUntil: createdAt + wallet.highload.timeout,
    highload: { queryId, createdAt },
  };
}
