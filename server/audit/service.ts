/**
 * What other domains use of the audit (docs/security.md "Operator actions are final and audited"): an
 * action whose operator is known only inside its handler (the console's sign-in) writes its row in its own
 * transaction. The hooks that record every other operator action are registered by server/app.ts.
 */
export { auditedWithin } from './hooks';
