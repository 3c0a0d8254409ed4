/**
 * An audit entry's outcome: done, refused (its status), or unknown — the action's row was written before it
 * ran and its outcome never was (still running, or the server stopped or failed in between; docs/security.md
 * "Operator actions are final and audited").
 */
export type AuditOutcome = 'ok' | 'refused' | 'unknown';

export const auditOutcome = (status: number | null): AuditOutcome =>
  status === null ? 'unknown' : status < 400 ? 'ok' : 'refused';
