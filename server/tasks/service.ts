/**
 * The tasks domain's entry point for other domains (the sandbox seeds the catalogue and stands in for
 * the reviewer; docs/architecture.md "Import rules": a domain is reached only through its service.ts).
 * The domain itself is three modules, which its routes import directly:
 *  - user-flow.ts: the user's calls (list, start, validate, claim);
 *  - catalogue.ts: the operator's catalogue (list, create, change, the sandbox's seed);
 *  - reviews.ts: the review queue (proofs waiting, a photo's bytes, approve, reject).
 */
export {
  type AdminTask,
  type TaskChange,
  type TaskInput,
  changeTask,
  createTask,
  operatorTasks,
  seedTasksIfEmpty,
} from './catalogue';
export {
  PROOF_ALREADY_REVIEWED,
  PROOF_NOT_FOUND,
  type ReviewItem,
  approveProof,
  rejectProof,
  reviewPhoto,
  reviewQueue,
  reviewsWaiting,
} from './reviews';
export { claimTask, listTasks, startTask, validateTask } from './user-flow';
export { PHOTO_TOO_LARGE_MSG } from './validators/photo';
