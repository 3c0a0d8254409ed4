import { createEvent, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { operatorSocket, parseUnits, type Overview } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';

export const overviewFx = operatorCallFx('overview');
export const payoutsSetFx = operatorCallFx('payoutsSet');
export const maintenanceSetFx = operatorCallFx('maintenanceSet');

export const overview = createQuery({ effect: overviewFx, initial: null as Overview | null });

/** The hot wallet's balance, as last read, does not cover the payouts queued (false when it is unknown). */
export const $walletShort = overview.$data.map((data) => {
  const balance = data?.hot_wallet.balance;
  return data != null && balance != null && parseUnits(balance) < parseUnits(data.hot_wallet.queued);
});

/** The screen opened (or its Try again): its data is read. */
export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.overview), pageOpened);
sample({ clock: pageOpened, target: overview.start });

/** Pause (true) or resume (false) payouts, behind a confirmation. */
export const payoutsAction = createConfirmedAction({
  effect: payoutsSetFx,
  toParams: (paused: boolean) => ({ body: { paused } }),
});
/** Maintenance on (true) or off (false), behind a confirmation. */
export const maintenanceAction = createConfirmedAction({
  effect: maintenanceSetFx,
  toParams: (enabled: boolean) => ({ body: { enabled } }),
});

// The worker's state and maintenance follow the socket; after an action, the figures are read again
// (the worker's new state arrives by the socket too).
overview.$data
  // Disabled is the server's setting (PAYOUTS_ENABLED=false): the events, sent from any transaction, do not
  // know it; a restart that enables payouts reconnects the socket and reads the overview again.
  .on(operatorSocket.eventReceived('payouts:state'), (data, payouts) =>
    data && data.payouts.state !== 'disabled' ? { ...data, payouts } : data,
  )
  .on(operatorSocket.eventReceived('maintenance:state'), (data, { enabled }) =>
    data ? { ...data, maintenance: enabled } : data,
  )
  .on(maintenanceAction.done, (data, { result }) => (data ? { ...data, maintenance: result.enabled } : data));
sample({ clock: [payoutsAction.done, maintenanceAction.done], fn: () => undefined, target: overview.start });
