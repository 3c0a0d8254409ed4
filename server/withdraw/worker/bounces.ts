/**
 * Bounced payouts (docs/foundations.md §7b: a bounced payout is refunded once). A payout to an active contract goes
 * out bounceable and is completed as soon as the hot wallet's transaction sent it; if the recipient's code
 * refuses it, the chain sends the value (less fees) back to the hot wallet as a bounced message. The
 * payout worker reads the hot wallet's incoming transactions for those and gives each bounced payout's
 * tokens back.
 *
 * Matching: every payout message carries the text comment `Withdrawal <id>` (payoutComment). A bounced
 * message's body is 0xFFFFFFFF followed by the first 256 bits of the refused message's body, so it names
 * the withdrawal (the comment is far shorter than the 224 bits left). Only the chain sets `bounced`, and it
 * copies the body, so a contract cannot make up a bounce of a payout it never refused. A bounce is the
 * withdrawal's when the withdrawal is completed, its address is the bounce's source, the bounce came after
 * the outgoing message that paid it (out_msg_lt), and its value is at most what was paid. Then, in one
 * database transaction under the withdrawal's row lock: status `failed`, `error` the sentence below,
 * `bounced_tx_hash` the hot wallet's transaction, and the tokens back through the ledger
 * (returnWithdrawalTokens, reason withdrawal_refund); the owner hears user:withdrawal and user:balance.
 * A second sighting of the bounce finds the withdrawal failed and does nothing; an operator's refund or
 * retry of it is refused (queries markRefunded, requeueFailed). A bounce that matches nothing is logged
 * for an operator (its TON stays in the hot wallet).
 *
 * Reading: a cursor per hot wallet in the database (payout_bounce_cursor) — every transaction up to it was
 * read — so each bounce is read once across restarts and processes (the payout job runs under its advisory
 * lock; without it, a second reading refunds nothing). Each read goes from the newest transaction down to
 * the cursor (history.ts, hash-chained, PAYOUT_TX_MAX_PAGES pages); a longer range is read on in the next
 * step from where it stopped, and the cursor moves to the newest only when the range was read whole. The
 * cursor starts where the wallet's first batch was signed. The worker reads only when no batch is open, so
 * every payout a bounce can name has been confirmed by then.
 */
import type { Address, Transaction } from '@ton/core';
import type { PayoutReason } from '@contract';
import { addressesEqual } from '../../lib/ton-address';
import { inTransaction } from '../../events/transaction';
import { pagesOf, readHistory } from './history';
import type { PayoutDeps } from './types';
import {
  type BounceCursor,
  failBounced,
  firstBatchStart,
  lockWithdrawal,
  readBounceCursor,
  saveBounceCursor,
} from '../queries';
import { publishWithdrawal, returnWithdrawalTokens } from '../service';
import { payoutRefundedNotice } from '../wire';
import { notify } from '../../notifications/service';
import { payoutReasonText } from '../reasons';

/** Why a bounced payout failed, as the operator reads it (contract payout-reasons.ts), and its English words. */
export const BOUNCED: PayoutReason = { code: 'bounced', params: {} };
export const BOUNCED_PAYOUT = payoutReasonText(BOUNCED);

const COMMENT = /^Withdrawal (\d+)$/;

/** The text comment of withdrawal `id`'s payout message (what a bounce of it names). */
export const payoutComment = (id: number): string => `Withdrawal ${id}`;

interface Bounce {
  withdrawalId: number;
  source: Address;
  value: bigint;
  createdLt: bigint;
  txHash: string;
}

/** A bounced payout message received by this transaction, or null. */
function bounceOf(transaction: Transaction): Bounce | null {
  const message = transaction.inMessage;
  if (message?.info.type !== 'internal' || !message.info.bounced) return null;
  const body = message.body.beginParse();
  if (body.remainingBits < 64 || body.loadUint(32) !== 0xffffffff || body.loadUint(32) !== 0) return null;
  const text = body.loadBuffer(Math.floor(body.remainingBits / 8)).toString('utf8');
  const id = COMMENT.exec(text)?.[1];
  if (id === undefined) return null;
  return {
    withdrawalId: Number(id),
    source: message.info.src,
    value: message.info.value.coins,
    createdLt: message.info.createdLt,
    txHash: transaction.hash().toString('base64'),
  };
}

/** Fails and refunds the bounced withdrawal, once: what became of the bounce. */
async function refundBounce(p: PayoutDeps, bounce: Bounce): Promise<'refunded' | 'seen' | 'unmatched'> {
  return inTransaction(p.deps.db, p.deps.bus, async (tx) => {
    const row = await lockWithdrawal(tx, bounce.withdrawalId);
    if (row?.bounced_tx_hash === bounce.txHash) return 'seen';
    if (!row || row.status !== 'completed' || row.out_msg_lt === null) return 'unmatched';
    if (
      !addressesEqual(row.address, bounce.source.toRawString()) ||
      bounce.createdLt <= row.out_msg_lt ||
      bounce.value > row.ton_amount
    ) {
      return 'unmatched';
    }
    const failed = await failBounced(tx, row.id, BOUNCED, bounce.txHash);
    if (!failed) return 'unmatched';
    await returnWithdrawalTokens(tx, failed);
    await publishWithdrawal(tx, failed);
    await notify(tx, payoutRefundedNotice(failed));
    return 'refunded';
  });
}

export interface BounceRead {
  /** Withdrawals failed and refunded by this read. */
  refunded: number[];
  /** Transactions read. */
  read: number;
}

/**
 * One read of the hot wallet's history since the cursor: every bounced payout in it refunded once, the
 * cursor moved on. Node errors propagate (the cursor stays).
 */
export async function refundBouncedPayouts(p: PayoutDeps): Promise<BounceRead> {
  const key = p.wallet.address.toRawString();
  let cursor: BounceCursor | null = await readBounceCursor(p.deps.db, key);
  if (!cursor) {
    const start = await firstBatchStart(p.deps.db, key);
    if (!start) return { refunded: [], read: 0 }; // nothing paid yet
    cursor = { last: start, scan: null };
  }
  const read = await readHistory(p.node, p.wallet.address, {
    from: cursor.scan?.next ?? null,
    downTo: cursor.last,
    ...pagesOf(p),
  });

  const refunded: number[] = [];
  for (const transaction of read.transactions) {
    const bounce = bounceOf(transaction);
    const message = transaction.inMessage;
    if (!bounce) {
      if (message?.info.type === 'internal' && message.info.bounced) {
        p.log.warn(
          { lt: String(transaction.lt), src: message.info.src.toString() },
          'a bounced message on the hot wallet names no payout',
        );
      }
      continue;
    }
    const details = {
      ...bounce,
      source: bounce.source.toString(),
      value: String(bounce.value),
      createdLt: String(bounce.createdLt),
    };
    const outcome = await refundBounce(p, bounce);
    if (outcome === 'refunded') {
      refunded.push(bounce.withdrawalId);
      p.log.warn(details, 'payout bounced: withdrawal failed, tokens returned');
    } else if (outcome === 'unmatched') {
      p.log.warn(details, 'a bounce matches no completed payout: nothing refunded');
    }
  }

  const top = cursor.scan?.top ?? read.top;
  if (read.complete) {
    if (top) await saveBounceCursor(p.deps.db, key, { last: top, scan: null });
  } else if (read.next && top) {
    await saveBounceCursor(p.deps.db, key, { last: cursor.last, scan: { next: read.next, top } });
  } else {
    p.log.error({ gap: read.gap }, 'the hot wallet history could not be read for bounces; reading it again next time');
  }
  return { refunded, read: read.transactions.length };
}
