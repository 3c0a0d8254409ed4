import { AuditPage } from './ui/audit-page';
import { currentRoute } from './model/audit';

export const consoleAuditPage = { route: currentRoute, view: AuditPage };
export * as consoleAuditModel from './model/audit';
