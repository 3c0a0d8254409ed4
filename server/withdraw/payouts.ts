/**
 * The payout worker's state as operators read it (paused, waiting and why, running), and the events that
 * tell a withdrawal's owner and the operators' consoles of each change, when its transaction commits.
 */
import { type Overview, type PayoutReason } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { getSetting, setSetting } from '../settings/service';
import {
  type WithdrawalRow,
  noteWithdrawalErrors,
  withdrawalCounts,
  payoutQueue,
  payoutWait,
  type PayoutQueue,
  operatorWithdrawals,
} from './queries';
import { toOperatorWithdrawal, withdrawalEvent } from './wire';
import { payoutReasonText, storedReason } from './reasons';

export interface PayoutsState {
  /** An operator holds payouts: queued sales wait, nothing new is signed. */
  paused: boolean;
  /** Withdrawals by status. */
  counts: Awaited<ReturnType<typeof withdrawalCounts>>;
}

export async function payoutsState(deps: Pick<Deps, 'db'>): Promise<PayoutsState> {
  return payoutsStateIn(deps.db);
}

export async function payoutsStateIn(q: Queryable): Promise<PayoutsState> {
  const [paused, counts] = await Promise.all([getSetting(q, 'payouts_paused'), withdrawalCounts(q)]);
  return { paused, counts };
}

/** Why the payout worker waits when a batch is held and no withdrawal says more. */
export const BATCH_HELD_REASON: PayoutReason = { code: 'batch_held', params: {} };

/**
 * The payout worker as an operator reads it (contract overview.payouts, and the TON it has yet to send):
 * disabled when this process runs with PAYOUTS_ENABLED=false (no worker at all: nothing is paid whatever
 * the rest says); paused while an operator holds payouts; waiting when a queued or sending withdrawal
 * carries a reason (the newest one's is the reason) or a batch is held; running otherwise.
 */
export async function payoutWorkerState(deps: Pick<Deps, 'db' | 'config'>): Promise<{
  payouts: Overview['payouts'];
  queuedNanotons: bigint;
}> {
  const worker = await payoutWorkerStateIn(deps.db);
  if (deps.config.payoutsEnabled) return worker;
  return { ...worker, payouts: { ...worker.payouts, state: 'disabled', reason: null, reason_coded: null } };
}

export async function payoutWorkerStateIn(
  q: Queryable,
): Promise<{ payouts: Overview['payouts']; queuedNanotons: bigint }> {
  const [{ paused, counts }, wait] = await Promise.all([payoutsStateIn(q), payoutWait(q)]);
  // The text, and its code where the row has one (a row older than the codes has only the text).
  const waitingFor =
    wait.newest_error !== null
      ? { text: wait.newest_error, coded: storedReason(wait.newest_error_code, wait.newest_error_params) }
      : wait.held_batches === 0
        ? null
        : wait.held_reason !== null
          ? { text: wait.held_reason, coded: storedReason(wait.held_reason_code, wait.held_reason_params) }
          : { text: payoutReasonText(BATCH_HELD_REASON), coded: BATCH_HELD_REASON };
  const state = paused ? 'paused' : waitingFor !== null ? 'waiting' : 'running';
  const why = state === 'waiting' ? waitingFor : null;
  return {
    payouts: {
      state,
      reason: why?.text ?? null,
      reason_coded: why?.coded ?? null,
      counts,
      held_batches: wait.held_batches,
    },
    queuedNanotons: wait.queued_ton,
  };
}

export type { PayoutQueue } from './queries';

/** The payout queue by state (the metrics, read at each scrape). */
export const payoutQueueNow = (deps: Pick<Deps, 'db'>): Promise<PayoutQueue> => payoutQueue(deps.db);

/** Holds or releases payouts (operator): the worker reads the setting before signing each transfer. */
export async function setPayoutsPaused(deps: Pick<Deps, 'db' | 'bus'>, paused: boolean): Promise<PayoutsState> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    await setSetting(tx, 'payouts_paused', paused);
    await publishPayoutsState(tx);
    return payoutsStateIn(tx);
  });
}

/** Tells the operators' consoles the payout worker's state, as it is once this transaction commits. */
export async function publishPayoutsState(tx: Tx): Promise<void> {
  tx.publishToOperators({ event: 'payouts:state', data: (await payoutWorkerStateIn(tx)).payouts });
}

/**
 * Tells a withdrawal's owner that it changed (user:withdrawal), and the operators' consoles too
 * (withdrawal:changed, with the payout worker's state it leaves), when the transaction commits.
 */
export async function publishWithdrawal(tx: Tx, row: WithdrawalRow): Promise<void> {
  await publishWithdrawals(tx, [row]);
}

/**
 * publishWithdrawal for many at once (a payout batch signed or confirmed): each owner told of each, the
 * operators' rows read in one statement and the worker's state once, not once per withdrawal.
 */
export async function publishWithdrawals(tx: Tx, rows: readonly WithdrawalRow[]): Promise<void> {
  for (const row of rows) tx.publishToUser(row.user_id, withdrawalEvent(row));
  await publishToOperators(
    tx,
    rows.map((row) => row.id),
  );
}

/** withdrawal:changed for each of these withdrawals, then payouts:state once. */
export async function publishToOperators(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  for (const row of await operatorWithdrawals(tx, ids)) {
    tx.publishToOperators({ event: 'withdrawal:changed', data: toOperatorWithdrawal(row) });
  }
  await publishPayoutsState(tx);
}

/**
 * Why these queued withdrawals wait (null: nothing to say any more): stored where it changed, and told to
 * the operators' consoles then only — the worker says it again on every tick while the wallet is short.
 */
export async function noteWaiting(tx: Tx, ids: number[], reason: PayoutReason | null): Promise<void> {
  await publishToOperators(tx, await noteWithdrawalErrors(tx, ids, reason));
}
