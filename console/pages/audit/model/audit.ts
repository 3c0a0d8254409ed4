import { combine, createEvent, createStore, sample } from 'effector';
import { chainOperator } from '@console/entities/session';
import { type AuditEntry } from '@console/shared/api';
import { operatorCallFx } from '@console/shared/call';
import { $consoleLocale, $consoleT } from '@console/shared/i18n';
import { createQuery } from '@shared/lib/query';
import { chainLoad } from '@shared/routing';
import { consoleRoutes } from '@console/shared/routing';
import { auditQuery, type AuditFilters } from '../lib/filters';
import { auditWords } from '../lib/words';

export const auditFx = operatorCallFx('audit');
export const entries = createQuery({ effect: auditFx, initial: [] as AuditEntry[] });

export const filterChanged = createEvent<Partial<AuditFilters>>();
/** The screen opened, Filter was pressed, or Try again. */
export const filterSubmitted = createEvent();
export const $filters = createStore<AuditFilters>({ actor: '', action: '' }).on(filterChanged, (filters, change) => ({
  ...filters,
  ...change,
}));
/** Filter was pressed with a filter that is not one (an actor that is neither an id nor "token"). */
export const $filterInvalid = createStore(false).on(filterChanged, () => false);

export const currentRoute = chainLoad(chainOperator(consoleRoutes.audit), filterSubmitted);

const asked = sample({ clock: filterSubmitted, source: $filters, fn: auditQuery });
sample({ clock: asked, filter: Boolean, fn: (query) => ({ query }), target: entries.start });
sample({ clock: asked, filter: (query) => query === null, fn: () => true, target: $filterInvalid });

/** Each entry with what it says was done, in the operator's language (docs/decisions.md "The audit's words"). */
export const $rows = combine(entries.$data, $consoleT, $consoleLocale, (list, t, locale) =>
  list.map((entry) => ({ entry, words: auditWords(entry, t, locale) })),
);
