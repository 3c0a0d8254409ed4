import { createEvent, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { type TreasuryTransaction } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { createConfirmedAction } from '@console/shared/lib/confirmed-action';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';

export const treasuryTransactionsFx = operatorCallFx('treasuryTransactions');
export const treasuryResolveFx = operatorCallFx('treasuryResolve');

export const transactions = createQuery({ effect: treasuryTransactionsFx, initial: [] as TreasuryTransaction[] });

/** The screen opened (or its Try again): the transactions still waiting for an operator are read. */
export const pageOpened = createEvent();
export const currentRoute = chainLoad(chainOperator(consoleRoutes.treasury), pageOpened);
sample({
  clock: pageOpened,
  fn: () => ({ query: { include_resolved: 'false' as const } }),
  target: transactions.start,
});

/** Resolve a transaction (by its hash) with what was done about it: required, sent once. */
export const resolveAction = createConfirmedAction({
  effect: treasuryResolveFx,
  toParams: (hash: string, resolution: string) => ({ body: { hash, resolution } }),
  textRequired: true,
});

// A resolved transaction leaves the list.
transactions.$data.on(resolveAction.done, (list, { target }) => list.filter((tx) => tx.hash !== target));
