import type { AuditSummary } from '@console/shared/api';

/** The user an audited action was about (a withdrawal's, a proof's), once the action answered; null: none. */
export function auditSubjectUser(summary: AuditSummary | null) {
  if (summary === null) return null;
  switch (summary.kind) {
    case 'withdrawalRefund':
    case 'withdrawalRetry':
      return summary.withdrawal?.user ?? null;
    case 'reviewApprove':
    case 'reviewReject':
      return summary.proof?.user ?? null;
    case 'botSetup':
    case 'maintenanceSet':
    case 'payoutResign':
    case 'payoutsSet':
    case 'priceSet':
    case 'sessionClose':
    case 'sessionOpen':
    case 'settingsSet':
    case 'taskChange':
    case 'taskCreate':
    case 'treasuryResolve':
      return null;
  }
}
