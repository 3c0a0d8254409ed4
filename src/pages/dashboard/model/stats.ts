import { attach, combine, createEvent, createStore, sample } from 'effector';
import { getFinancialStatsFx, type FinancialStats } from '@/shared/api';

/*
 * The platform's financial statistics (SPEC §3 stats object, GET /stats/financial): read when the
 * screen that shows them opens (and on a retry); the server caches them for a few seconds.
 */
export const statsRequested = createEvent();
export const retryClicked = createEvent();

const loadStatsFx = attach({ effect: getFinancialStatsFx });

/** Null until the first answer; a later failure keeps the figures already shown. */
export const $stats = createStore<FinancialStats | null>(null).on(loadStatsFx.doneData, (known, stats) => stats ?? known);
/** The last read failed (a 5xx resolves null; a network failure rejects) and nothing is shown. */
export const $statsFailed = createStore(false)
  .on(loadStatsFx, () => false)
  .on(loadStatsFx.doneData, (_, stats) => stats === null)
  .on(loadStatsFx.fail, () => true);

export const $statsStatus = combine($stats, $statsFailed, (stats, failed) =>
  stats ? ('ready' as const) : failed ? ('failed' as const) : ('loading' as const),
);

sample({ clock: [statsRequested, retryClicked], fn: () => undefined, target: loadStatsFx });
