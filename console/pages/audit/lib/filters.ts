import type { OperatorQuery } from '@console/shared/api';

export interface AuditFilters {
  actor: string;
  action: string;
}

/** The filters as the audit call's query; null when one of them is not a valid filter. */
export function auditQuery(filters: AuditFilters): OperatorQuery<'audit'> | null {
  const actor = filters.actor.trim();
  const action = filters.action.trim();
  const query: OperatorQuery<'audit'> = { limit: 100 };
  if (actor) {
    if (actor.toLowerCase() === 'token') query.actor = 'token';
    else if (/^\d{1,15}$/.test(actor) && Number(actor) > 0) query.actor = Number(actor);
    else return null;
  }
  if (action) {
    if (!/^[a-zA-Z]{1,40}$/.test(action)) return null;
    query.action = action;
  }
  return query;
}
