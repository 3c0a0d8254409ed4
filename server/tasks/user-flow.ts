/**
 * Tasks, the user's flow (docs/product.md §3/§4, docs/foundations.md §4, docs/decisions.md "Tasks (server)"): list, start,
 * validate, claim. Each user moves a task new → started → validated (community, referrals, visit: when
 * the kind's rule holds) or pending_review (photo, link: a proof waits for the operator, reviews.ts, who
 * approves → validated or rejects → rejected, and a rejected task takes a new proof) → claimed (the
 * reward to task_balance, once). Every refusal changes nothing; every change is a 'user:task' event to
 * the user. The catalogue the tasks come from is catalogue.ts.
 *
 * Lock order: the user (claim), then the user's task row, then a proof.
 */
import type { Task, TaskKind, TaskValidateBody } from '@contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { changeBalance } from '../ledger/service';
import { ConflictError, type ErrorSpec, NotFoundError, ValidationError, fieldError } from '../lib/errors';
import { lockUser } from '../users/service';
import {
  type NewProof,
  type TaskRow,
  type UserTaskRow,
  activeTasks,
  findActiveTask,
  findUserTask,
  insertProof,
  insertStarted,
  lockUserTask,
  setClaimed,
  setPendingReview,
  setValidated,
  userTasks,
} from './queries';
import { checkCommunity } from './validators/community';
import { readLink } from './validators/link';
import { readPhoto } from './validators/photo';
import { checkReferrals } from './validators/referrals';
import { checkVisit } from './validators/visit';
import { publishNewReview } from './reviews';
import { publishTask, wireTask as wire } from './wire';

type TaskDeps = Pick<Deps, 'db' | 'bus' | 'config' | 'community'>;

const conflict = (spec: ErrorSpec) => new ConflictError(spec);

async function activeTask(q: Queryable, taskId: number): Promise<TaskRow> {
  const task = await findActiveTask(q, taskId);
  if (!task) throw new NotFoundError('taskNotFound');
  return task;
}

/** GET /task/list: the active tasks in the operator's order, each with this user's status. */
export async function listTasks(deps: TaskDeps, userId: number): Promise<Task[]> {
  const [tasks, progress] = await Promise.all([activeTasks(deps.db), userTasks(deps.db, userId)]);
  const byTask = new Map(progress.map((row) => [row.task_id, row]));
  return tasks.map((task) => wire(deps, task, byTask.get(task.id)));
}

/** POST /task/start: new → started (a visit task's clock starts now). */
export async function startTask(deps: TaskDeps, userId: number, taskId: number, now = new Date()): Promise<Task> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const task = await activeTask(tx, taskId);
    const started = await insertStarted(tx, userId, taskId, now);
    if (started) return publishTask(tx, deps, task, started);
    const existing = await findUserTask(tx, userId, taskId);
    throw conflict(existing?.status === 'claimed' ? 'taskAlreadyClaimed' : 'taskAlreadyStarted');
  });
}

const takesProof = (kind: TaskKind): kind is 'photo' | 'link' => kind === 'photo' || kind === 'link';

/**
 * Whether `row` may be validated now. A validated task answers as it is (a repeated check changes
 * nothing); started may be checked; rejected takes a new proof; the rest is out of order.
 */
function validateGuard(task: TaskRow, row: UserTaskRow | undefined): 'go' | 'unchanged' {
  if (!row) throw conflict(task.kind === 'visit' ? 'taskVisitFirst' : 'taskStartFirst');
  switch (row.status) {
    case 'started':
      return 'go';
    case 'rejected':
      if (takesProof(task.kind)) return 'go';
      throw new Error(`a ${task.kind} task cannot be rejected`);
    case 'validated':
      return 'unchanged';
    case 'pending_review':
      throw conflict('taskInReview');
    case 'claimed':
      throw conflict('taskAlreadyClaimed');
  }
}

const proofRefused = (path: string, code: 'taskWrongProof' | 'taskPhotoRequired' | 'taskLinkRequired') =>
  new ValidationError([fieldError(path, code)]);

/** The proof the task's kind takes, checked (422, or 413 for a photo over the size setting); null for none. */
function readProof(deps: TaskDeps, userId: number, task: TaskRow, body: TaskValidateBody): NewProof | null {
  const { link, photo } = body;
  switch (task.kind) {
    case 'photo': {
      if (link !== undefined) throw proofRefused('link', 'taskWrongProof');
      if (photo === undefined) throw proofRefused('photo', 'taskPhotoRequired');
      const file = readPhoto(photo, deps.config.taskPhotoMaxBytes);
      return { kind: 'photo', userId, taskId: task.id, contentType: file.contentType, data: file.data };
    }
    case 'link': {
      if (photo !== undefined) throw proofRefused('photo', 'taskWrongProof');
      if (link === undefined) throw proofRefused('link', 'taskLinkRequired');
      const allowed = wire(deps, task, undefined).settings.allowed_hosts;
      return { kind: 'link', userId, taskId: task.id, link: readLink(link, allowed) };
    }
    case 'community':
    case 'referrals':
    case 'visit':
      if (link !== undefined || photo !== undefined) {
        throw proofRefused(link !== undefined ? 'link' : 'photo', 'taskWrongProof');
      }
      return null;
  }
}

/** The rule of a kind that validates at once (community, referrals, visit); throws 409 with the reason. */
async function checkRule(
  deps: TaskDeps,
  user: { userId: number; telegramId: number },
  task: TaskRow,
  row: UserTaskRow,
  now: Date,
) {
  const { settings } = wire(deps, task, row);
  switch (task.kind) {
    case 'community':
      return checkCommunity(deps.community, user.telegramId);
    case 'referrals':
      return checkReferrals(deps.db, user.userId, settings);
    case 'visit':
      return checkVisit(row.started_at, settings.min_seconds, now.getTime());
    case 'link':
    case 'photo':
      throw new Error(`${task.kind} tasks are reviewed, not checked`);
  }
}

/**
 * POST /task/validate: community, referrals and visit tasks are checked now (pass → validated, else
 * 409 with the reason and the task stays started); a photo or link proof is stored and waits for the
 * operator (pending_review). The rule is checked before the transaction (the community check may ask
 * the Bot API), then the row is locked and its status checked again.
 */
export async function validateTask(
  deps: TaskDeps,
  user: { userId: number; telegramId: number },
  body: TaskValidateBody,
  now = new Date(),
): Promise<Task> {
  const task = await activeTask(deps.db, body.task_id);
  const proof = readProof(deps, user.userId, task, body);
  const before = await findUserTask(deps.db, user.userId, task.id);
  if (validateGuard(task, before) === 'unchanged' || !before) return wire(deps, task, before);
  if (!proof) await checkRule(deps, user, task, before, now);

  return inTransaction(deps.db, deps.bus, async (tx) => {
    const row = await lockUserTask(tx, user.userId, task.id);
    if (validateGuard(task, row) === 'unchanged' || !row) return wire(deps, task, row);
    if (!proof) return publishTask(tx, deps, task, await setValidated(tx, row.id, now));
    await publishNewReview(tx, await insertProof(tx, proof));
    return publishTask(tx, deps, task, await setPendingReview(tx, row.id, proof.kind === 'link' ? proof.link : null));
  });
}

/**
 * POST /task/claim: validated → claimed and the reward to task_balance through the ledger, in one
 * transaction with the user and the task row locked, so any number of concurrent claims pay once.
 */
export async function claimTask(deps: TaskDeps, userId: number, taskId: number, now = new Date()): Promise<Task> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError('userNotFound');
    const task = await activeTask(tx, taskId);
    const row = await lockUserTask(tx, userId, taskId);
    if (!row) throw conflict('taskStartFirst');
    if (row.status === 'claimed') throw conflict('taskAlreadyClaimed');
    if (row.status === 'pending_review') throw conflict('taskInReview');
    if (row.status !== 'validated') throw conflict('taskNotValidated');
    const claimed = await setClaimed(tx, row.id, now);
    await changeBalance(tx, {
      userId,
      account: 'task_balance',
      delta: task.reward,
      reason: 'task_reward',
      refType: 'task',
      refId: task.id,
    });
    return publishTask(tx, deps, task, claimed);
  });
}
