/**
 * Tasks (SPEC §3/§4, DESIGN.md §4, docs/decisions.md "Tasks (server)"): an operator's catalogue; each user moves a task
 * new → started → validated (community, referrals, visit: when the kind's rule holds) or pending_review
 * (photo, link: a proof waits for the operator, who approves → validated or rejects → rejected, and a
 * rejected task takes a new proof) → claimed (the reward to task_balance, once). Every refusal changes
 * nothing; every change is a 'user:task' event to the user.
 *
 * Lock order: the user (claim), then the user's task row, then a proof.
 */
import { SERVER_MESSAGES, type Task, type TaskKind, type TaskValidateBody } from '@/shared/api/contract';
import type { Queryable } from '../db/index';
import type { Deps } from '../deps';
import { type Tx, inTransaction } from '../events/transaction';
import { changeBalance } from '../ledger/service';
import { DomainError, NotFoundError, ValidationError } from '../lib/errors';
import { formatUnits } from '../lib/money';
import { lockUser, userSummaries } from '../users/service';
import {
  type NewProof,
  type ProofRow,
  type TaskPatch,
  type TaskRow,
  type UserTaskRow,
  activeTasks,
  allTasks,
  findActiveTask,
  findProof,
  findTask,
  findUserTask,
  insertProof,
  insertStarted,
  insertTask,
  lockCatalogue,
  lockProof,
  lockUserTask,
  pendingProofs,
  proofPhoto,
  reviewProof,
  setClaimed,
  setPendingReview,
  setRejected,
  setValidated,
  tasksByIds,
  updateTask,
  userTasks,
} from './queries';
import { DEFAULT_ICONS, kindSettingsSchemas } from './settings';
import { checkCommunity } from './validators/community';
import { readLink } from './validators/link';
import { readPhoto } from './validators/photo';
import { checkReferrals } from './validators/referrals';
import { checkVisit } from './validators/visit';
import { type AdminTask, toAdminTask, toTask } from './wire';

export type { AdminTask } from './wire';
export { PHOTO_TOO_LARGE_MSG } from './validators/photo';

type TaskDeps = Pick<Deps, 'db' | 'bus' | 'config' | 'community'>;

/** The wire's task for this user, in the user's own words of the catalogue. */
const wire = (deps: Pick<Deps, 'config'>, task: TaskRow, progress: UserTaskRow | undefined): Task =>
  toTask(task, progress, deps.config.communityUrl);

const publishTask = (tx: Tx, deps: Pick<Deps, 'config'>, task: TaskRow, progress: UserTaskRow): Task => {
  const data = wire(deps, task, progress);
  tx.publishToUser(progress.user_id, { event: 'user:task', data });
  return data;
};

const conflict = (message: string) => new DomainError(409, message);

async function activeTask(q: Queryable, taskId: number): Promise<TaskRow> {
  const task = await findActiveTask(q, taskId);
  if (!task) throw new NotFoundError(SERVER_MESSAGES.taskNotFound);
  return task;
}

// ---- the user's calls ------------------------------------------------------------------------------

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
    throw conflict(existing?.status === 'claimed' ? SERVER_MESSAGES.taskAlreadyClaimed : SERVER_MESSAGES.taskAlreadyStarted);
  });
}

const takesProof = (kind: TaskKind): kind is 'photo' | 'link' => kind === 'photo' || kind === 'link';

/**
 * Whether `row` may be validated now. A validated task answers as it is (a repeated check changes
 * nothing); started may be checked; rejected takes a new proof; the rest is out of order.
 */
function validateGuard(task: TaskRow, row: UserTaskRow | undefined): 'go' | 'unchanged' {
  if (!row) throw conflict(task.kind === 'visit' ? SERVER_MESSAGES.taskVisitFirst : SERVER_MESSAGES.taskStartFirst);
  switch (row.status) {
    case 'started':
      return 'go';
    case 'rejected':
      if (takesProof(task.kind)) return 'go';
      throw new Error(`a ${task.kind} task cannot be rejected`);
    case 'validated':
      return 'unchanged';
    case 'pending_review':
      throw conflict(SERVER_MESSAGES.taskInReview);
    case 'claimed':
      throw conflict(SERVER_MESSAGES.taskAlreadyClaimed);
  }
}

const proofRefused = (path: string, message: string) => new ValidationError([{ path, message }]);

/** The proof the task's kind takes, checked (422, or 413 for a photo over the size setting); null for none. */
function readProof(deps: TaskDeps, userId: number, task: TaskRow, body: TaskValidateBody): NewProof | null {
  const { link, photo } = body;
  switch (task.kind) {
    case 'photo': {
      if (link !== undefined) throw proofRefused('link', SERVER_MESSAGES.taskWrongProof);
      if (photo === undefined) throw proofRefused('photo', SERVER_MESSAGES.taskPhotoRequired);
      const file = readPhoto(photo, deps.config.taskPhotoMaxBytes);
      return { kind: 'photo', userId, taskId: task.id, contentType: file.contentType, data: file.data };
    }
    case 'link': {
      if (photo !== undefined) throw proofRefused('photo', SERVER_MESSAGES.taskWrongProof);
      if (link === undefined) throw proofRefused('link', SERVER_MESSAGES.taskLinkRequired);
      const allowed = wire(deps, task, undefined).settings.allowed_hosts;
      return { kind: 'link', userId, taskId: task.id, link: readLink(link, allowed) };
    }
    default:
      if (link !== undefined || photo !== undefined) {
        throw proofRefused(link !== undefined ? 'link' : 'photo', SERVER_MESSAGES.taskWrongProof);
      }
      return null;
  }
}

/** The rule of a kind that validates at once (community, referrals, visit); throws 409 with the reason. */
async function checkRule(deps: TaskDeps, user: { userId: number; telegramId: number }, task: TaskRow, row: UserTaskRow, now: Date) {
  const { settings } = wire(deps, task, row);
  switch (task.kind) {
    case 'community':
      return checkCommunity(deps.community, user.telegramId);
    case 'referrals':
      return checkReferrals(deps.db, user.userId, settings);
    case 'visit':
      return checkVisit(row.started_at, settings.min_seconds, now.getTime());
    default:
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
    await insertProof(tx, proof);
    return publishTask(tx, deps, task, await setPendingReview(tx, row.id, proof.kind === 'link' ? proof.link : null));
  });
}

/**
 * POST /task/claim: validated → claimed and the reward to task_balance through the ledger, in one
 * transaction with the user and the task row locked, so any number of concurrent claims pay once.
 */
export async function claimTask(deps: TaskDeps, userId: number, taskId: number, now = new Date()): Promise<Task> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    if (!(await lockUser(tx, userId))) throw new NotFoundError(SERVER_MESSAGES.userNotFound);
    const task = await activeTask(tx, taskId);
    const row = await lockUserTask(tx, userId, taskId);
    if (!row) throw conflict(SERVER_MESSAGES.taskStartFirst);
    if (row.status === 'claimed') throw conflict(SERVER_MESSAGES.taskAlreadyClaimed);
    if (row.status === 'pending_review') throw conflict(SERVER_MESSAGES.taskInReview);
    if (row.status !== 'validated') throw conflict(SERVER_MESSAGES.taskNotValidated);
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

// ---- the operator's catalogue ----------------------------------------------------------------------

export interface TaskInput {
  kind: TaskKind;
  title: { en: string; ru: string };
  description: { en: string; ru: string };
  icon?: string | undefined;
  /** Base units. */
  reward: bigint;
  /** Checked against the kind (kindSettingsSchemas). */
  settings?: unknown;
  is_active?: boolean | undefined;
  sort_order?: number | undefined;
}

export type TaskChange = Partial<Omit<TaskInput, 'kind'>>;

/** The kind's settings as the operator gave them, checked (422 names the setting). */
function kindSettings(deps: Pick<Deps, 'config'>, kind: TaskKind, input: unknown): Record<string, unknown> {
  const parsed = kindSettingsSchemas[kind].safeParse(input ?? {});
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((issue) => ({ path: ['settings', ...issue.path.map(String)].join('.'), message: issue.message })),
    );
  }
  const settings: Record<string, unknown> = { ...parsed.data };
  if (kind === 'community' && settings['url'] === undefined) settings['url'] = deps.config.communityUrl;
  return settings;
}

export async function operatorTasks(deps: Pick<Deps, 'db' | 'config'>): Promise<AdminTask[]> {
  return (await allTasks(deps.db)).map((task) => toAdminTask(task, deps.config.communityUrl));
}

async function insertChecked(q: Queryable, deps: Pick<Deps, 'config'>, input: TaskInput): Promise<TaskRow> {
  return insertTask(q, {
    kind: input.kind,
    titleEn: input.title.en,
    titleRu: input.title.ru,
    descriptionEn: input.description.en,
    descriptionRu: input.description.ru,
    icon: input.icon ?? DEFAULT_ICONS[input.kind],
    reward: input.reward,
    settings: kindSettings(deps, input.kind, input.settings),
    isActive: input.is_active ?? true,
    sortOrder: input.sort_order ?? 0,
  });
}

export async function createTask(deps: Pick<Deps, 'db' | 'config'>, input: TaskInput): Promise<AdminTask> {
  return toAdminTask(await insertChecked(deps.db, deps, input), deps.config.communityUrl);
}

/** Changes what is given (texts, icon, reward, settings of the task's kind, active flag, order); the kind stays. */
export async function changeTask(deps: Pick<Deps, 'db' | 'config'>, id: number, change: TaskChange): Promise<AdminTask> {
  return deps.db.tx(async (q) => {
    const task = await findTask(q, id);
    if (!task) throw new NotFoundError(SERVER_MESSAGES.taskNotFound);
    const patch: TaskPatch = {
      titleEn: change.title?.en,
      titleRu: change.title?.ru,
      descriptionEn: change.description?.en,
      descriptionRu: change.description?.ru,
      icon: change.icon,
      reward: change.reward,
      settings: change.settings === undefined ? undefined : kindSettings(deps, task.kind, change.settings),
      isActive: change.is_active,
      sortOrder: change.sort_order,
    };
    const updated = await updateTask(q, id, patch);
    if (!updated) throw new NotFoundError(SERVER_MESSAGES.taskNotFound);
    return toAdminTask(updated, deps.config.communityUrl);
  });
}

/** First start of a sandbox: the given tasks, only when the catalogue is empty (true when it seeded). */
export async function seedTasksIfEmpty(deps: Pick<Deps, 'db' | 'config'>, inputs: TaskInput[]): Promise<boolean> {
  return deps.db.tx(async (q) => {
    if ((await lockCatalogue(q)) > 0) return false;
    for (const input of inputs) await insertChecked(q, deps, input);
    return true;
  });
}

// ---- the review queue ------------------------------------------------------------------------------

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
      task: { id: task.id, kind: task.kind, title: { en: task.title_en, ru: task.title_ru }, reward: formatUnits(task.reward) },
      user: { id: user.id, telegram_id: Number(user.telegram_id), first_name: user.first_name, username: user.username },
    };
  });
}

/** Proofs waiting for review, oldest first. */
export async function reviewQueue(deps: Pick<Deps, 'db'>, limit: number): Promise<ReviewItem[]> {
  return reviewItems(deps.db, await pendingProofs(deps.db, limit));
}

/** A photo proof's bytes and type: the operator's only (the user API never serves them). */
export async function reviewPhoto(deps: Pick<Deps, 'db'>, proofId: number): Promise<{ contentType: string; data: Buffer }> {
  const photo = await proofPhoto(deps.db, proofId);
  if (!photo) throw new NotFoundError('No such photo proof');
  return { contentType: photo.content_type, data: Buffer.from(photo.data) };
}

export const PROOF_NOT_FOUND = 'No such proof';
export const PROOF_ALREADY_REVIEWED = 'This proof was already reviewed';

/** Approve (→ validated, the reward can be claimed) or reject with a reason the user reads (→ rejected). */
async function review(
  deps: Pick<Deps, 'db' | 'bus' | 'config'>,
  proofId: number,
  verdict: { status: 'approved' } | { status: 'rejected'; reason: string },
  now: Date,
): Promise<ReviewItem> {
  return inTransaction(deps.db, deps.bus, async (tx) => {
    const found = await findProof(tx, proofId);
    if (!found) throw new NotFoundError(PROOF_NOT_FOUND);
    const row = await lockUserTask(tx, found.user_id, found.task_id);
    const proof = await lockProof(tx, proofId);
    if (!proof) throw new NotFoundError(PROOF_NOT_FOUND);
    if (proof.status !== 'pending') throw conflict(PROOF_ALREADY_REVIEWED);
    if (!row || row.status !== 'pending_review') throw new Error(`proof ${proofId} is pending but its task is ${row?.status}`);
    const task = await findTask(tx, proof.task_id);
    if (!task) throw new Error(`proof ${proofId} lost its task`);
    const reviewed = await reviewProof(tx, proofId, verdict, now);
    const progress = verdict.status === 'approved' ? await setValidated(tx, row.id, now) : await setRejected(tx, row.id, verdict.reason);
    publishTask(tx, deps, task, progress);
    const [item] = await reviewItems(tx, [reviewed]);
    if (!item) throw new Error('review item vanished');
    return item;
  });
}

export const approveProof = (deps: Pick<Deps, 'db' | 'bus' | 'config'>, proofId: number, now = new Date()) =>
  review(deps, proofId, { status: 'approved' }, now);

export const rejectProof = (deps: Pick<Deps, 'db' | 'bus' | 'config'>, proofId: number, reason: string, now = new Date()) =>
  review(deps, proofId, { status: 'rejected', reason }, now);
