import { combine, createEvent, sample } from 'effector';
import type { FinancialStats } from '@/shared/api';
import { callFx } from '@/shared/call';
import { createQuery } from '@/shared/lib/query';

/*
 * The platform's financial statistics (docs/product.md §3 stats object, GET /stats/financial): read when the
 * screen that shows them opens (and on a retry); the server caches them for a few seconds.
 */
export const statsRequested = createEvent();
export const retryClicked = createEvent();

/** GET /stats/financial. */
export const readStatsFx = callFx('financialStats');
const stats = createQuery({ effect: readStatsFx, initial: null as FinancialStats | null });

/** Null until the first answer; a later failure keeps the figures already shown. */
export const $stats = stats.$data;
/** Figures shown once read; else whether the last read failed (a 5xx resolves null; a network failure rejects). */
export const $statsStatus = combine($stats, stats.$status, (known, status) =>
  known ? ('ready' as const) : status === 'failed' ? ('failed' as const) : ('loading' as const),
);

sample({ clock: [statsRequested, retryClicked], fn: () => undefined, target: stats.start });
