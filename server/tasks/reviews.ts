/**
 * Tasks, the review queue (`npm run operator -- reviews …`, /api/admin/tasks/reviews; the sandbox's
 * launcher stands in for the operator): photo and link proofs waiting, a photo's bytes (served only
 * here), and the verdict — approve (→ validated, the reward can be claimed) or reject with a reason the
 * user reads (→ rejected, a new proof can be sent). Lock order as in user-flow.ts: the user's task row,
 * then the proof.
 */
import type { TaskKind } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { ConflictError, NotFoundError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { userSummaries } from '../users/service';
import {
  type ProofRow,
  type TaskRow,
  findProof,
  findTask,
  lockProof,
  lockUserTask,
  pendingProofCount,
  pendingProofs,
  proofPhoto,
  reviewProof,
  setRejected,
  setValidated,
  tasksByIds,
} from './queries';
import { publishTask } from './wire';
import { type NewNotification, notify } from '../notifications/service';

export interface ReviewItem {
  id: number;
  status: ProofRow['status'];
  kind: ProofRow['kind'];
  /** Photo proofs: the file's type and size; the bytes only through reviewPhoto. */
  content_type: string | null;
  size: number | null;
  link: string | null;
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
  task: { id: number; kind: TaskKind; title: { en: string; ru: string }; reward: string };
  user: { id: number; telegram_id: number; first_name: string; username: string | null };
}

async function reviewItems(q: Queryable, proofs: ProofRow[]): Promise<ReviewItem[]> {
  const [tasks, users] = await Promise.all([
    tasksByIds(q, [...new Set(proofs.map((p) => p.task_id))]),
    userSummaries(q, [...new Set(proofs.map((p) => p.user_id))]),
  ]);
  const taskOf = new Map(tasks.map((t) => [t.id, t]));
  const userOf = new Map(users.map((u) => [u.id, u]));
  return proofs.map((proof) => {
    const task = taskOf.get(proof.task_id);
    const user = userOf.get(proof.user_id);
    if (!task || !user) throw new Error(`proof ${proof.id} lost its task or user`);
    return {
      id: proof.id,
      status: proof.status,
      kind: proof.kind,
      content_type: proof.content_type,
      size: proof.size,
      link: proof.link,
      reason: proof.reason,
      created_at: Math.floor(proof.created_at.getTime() / 1000),
      reviewed_at: proof.reviewed_at ? Math.floor(proof.reviewed_at.getTime() / 1000) : null,
      task: {
        id: task.id,
        kind: task.kind,
        title: { en: task.title_en, ru: task.title_ru },
        reward: formatUnits(task.reward),
      },
      user: {
        id: user.id,
        telegram_id: Number(user.telegram_id),
        first_name: user.first_name,
        username: user.username,
      },
    };
  });
}

/** Proofs waiting for review, oldest first. */
export async function reviewQueue(deps: Pick<Deps, 'db'>, limit: number): Promise<ReviewItem[]> {
  return reviewItems(deps.db, await pendingProofs(deps.db, limit));
}

/** Tells the operators' consoles a proof waits for review (on commit, with the transaction that stored it). */
export async function publishNewReview(tx: Tx, proofId: number): Promise<void> {
  const proof = await findProof(tx, proofId);
  if (!proof) throw new Error(`proof ${proofId} vanished`);
  const [item] = await reviewItems(tx, [proof]);
  if (item) tx.publishToOperators({ event: 'review:new', data: item });
}

/** How many proofs wait for review (the operator's overview). */
export const reviewsWaiting = (deps: Pick<Deps, 'db'>): Promise<number> => pendingProofCount(deps.db);

/** A photo proof's bytes and type: the operator's only (the user API never serves them). */
export async function reviewPhoto(
  deps: Pick<Deps, 'db'>,
  proofId: number,
): Promise<{ contentType: string; data: Buffer }> {
  const photo = await proofPhoto(deps.db, proofId);
  if (!photo) throw new NotFoundError({ code: 'notFound', msg: 'No such photo proof' });
  return { contentType: photo.content_type, data: Buffer.from(photo.data) };
}

export const PROOF_NOT_FOUND = 'No such proof';
export const PROOF_ALREADY_REVIEWED = 'This proof was already reviewed';

/** The owner's notification of a verdict on their proof (server/notifications), once per proof. */
function reviewNotice(
  userId: number,
  task: TaskRow,
  proofId: number,
  verdict: { status: 'approved' } | { status: 'rejected'; reason: string },
): NewNotification<'task_approved'> | NewNotification<'task_rejected'> {
  const titles = { title_en: task.title_en, title_ru: task.title_ru };
  const dedupeKey = `task_review:${proofId}`;
  return verdict.status === 'approved'
    ? { userId, kind: 'task_approved', params: { ...titles, reward: formatUnits(task.reward) }, dedupeKey }
    : { userId, kind: 'task_rejected', params: { ...titles, reason: verdict.reason }, dedupeKey };
}

/** Approve (→ validated, the reward can be claimed) or reject with a reason the user reads (→ rejected). */
async function review(
  deps: Pick<Deps, 'db' | 'bus' | 'config'>,
  proofId: number,
  verdict: { status: 'approved' } | { status: 'rejected'; reason: string },
  now: Date,
): Promise<ReviewItem> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const found = await findProof(tx, proofId);
    if (!found) throw new NotFoundError({ code: 'notFound', msg: PROOF_NOT_FOUND });
    const row = await lockUserTask(tx, found.user_id, found.task_id);
    const proof = await lockProof(tx, proofId);
    if (!proof) throw new NotFoundError({ code: 'notFound', msg: PROOF_NOT_FOUND });
    if (proof.status !== 'pending') throw new ConflictError({ code: 'conflict', msg: PROOF_ALREADY_REVIEWED });
    if (!row || row.status !== 'pending_review')
      throw new Error(`proof ${proofId} is pending but its task is ${row?.status}`);
    const task = await findTask(tx, proof.task_id);
    if (!task) throw new Error(`proof ${proofId} lost its task`);
    const reviewed = await reviewProof(tx, proofId, verdict, now);
    const progress =
      verdict.status === 'approved'
        ? await setValidated(tx, row.id, now)
        : await setRejected(tx, row.id, verdict.reason);
    publishTask(tx, deps, task, progress);
    tx.publishToOperators({ event: 'review:done', data: { id: proofId } });
    await notify(tx, reviewNotice(found.user_id, task, proofId, verdict));
    const [item] = await reviewItems(tx, [reviewed]);
    if (!item) throw new Error('review item vanished');
    return item;
  });
}

export const approveProof = (deps: Pick<Deps, 'db' | 'bus' | 'config'>, proofId: number, now = new Date()) =>
  review(deps, proofId, { status: 'approved' }, now);

export const rejectProof = (
  deps: Pick<Deps, 'db' | 'bus' | 'config'>,
  proofId: number,
  reason: string,
  now = new Date(),
) => review(deps, proofId, { status: 'rejected', reason }, now);
