import { createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { operatorSocket, type OperatorWithdrawal } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';

export const withdrawalsListFx = operatorCallFx('withdrawalsList');
export const withdrawalRetryFx = operatorCallFx('withdrawalRetry');
export const withdrawalRefundFx = operatorCallFx('withdrawalRefund');

export const withdrawals = createQuery({ effect: withdrawalsListFx, initial: [] as OperatorWithdrawal[] });

/** The screen opened (or its Try again): its data is read. */
export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.withdrawals), pageOpened);
sample({ clock: pageOpened, target: withdrawals.start });

/** A withdrawal an operator can act on: failed, or stuck with an error, and not settled. */
export const canAct = (withdrawal: OperatorWithdrawal): boolean =>
  withdrawal.status === 'failed' || (withdrawal.error !== null && withdrawal.status === 'queued');

/** Only a failed payout can be sent again; a waiting one is still in the queue (the server refuses it, 409). */
export const canRetry = (withdrawal: OperatorWithdrawal): boolean => withdrawal.status === 'failed';

const toParams = (id: number) => ({ params: { id } });
// One action at a time: a retry waits while a refund is on its way, and the other way round.
export const retryAction = createConfirmedAction({
  effect: withdrawalRetryFx,
  toParams,
  busy: withdrawalRefundFx.pending,
});
export const refundAction = createConfirmedAction({
  effect: withdrawalRefundFx,
  toParams,
  busy: withdrawalRetryFx.pending,
});

const replace = (list: OperatorWithdrawal[], changed: OperatorWithdrawal) =>
  list.some((known) => known.id === changed.id)
    ? list.map((known) => (known.id === changed.id ? changed : known))
    : canAct(changed)
      ? [changed, ...list]
      : list;

// Live: a changed withdrawal replaces its row (its new status is the outcome shown); one that newly
// needs attention joins the list.
withdrawals.$data
  .on(operatorSocket.eventReceived('withdrawal:changed'), replace)
  .on([retryAction.done, refundAction.done], (list, { result }) => replace(list, result));

/** Each acted-on withdrawal's outcome, shown on its row: its status after the operator's action. */
export const $outcomes = createStore<Record<number, OperatorWithdrawal['status']>>({})
  .on([retryAction.done, refundAction.done], (outcomes, { target, result }) => ({
    ...outcomes,
    [target]: result.status,
  }))
  .reset(currentRoute.closed);

sample({ clock: currentRoute.closed, target: [retryAction.cancelled, refundAction.cancelled] });
