import type { TaskKind } from '@contract';
import type { Queryable } from '../db/index';

export type UserTaskStatus = 'started' | 'pending_review' | 'validated' | 'rejected' | 'claimed';
export type ProofKind = 'photo' | 'link';
export type ProofStatus = 'pending' | 'approved' | 'rejected';

export interface TaskRow {
  id: number;
  kind: TaskKind;
  title_en: string;
  title_ru: string;
  description_en: string;
  description_ru: string;
  icon: string;
  reward: bigint;
  /** As stored; read through `settingsOf` (settings.ts). */
  settings: Record<string, unknown>;
  is_active: boolean;
  sort_order: number;
  created_at: Date;
}

export interface UserTaskRow {
  id: number;
  user_id: number;
  task_id: number;
  status: UserTaskStatus;
  started_at: Date;
  validated_at: Date | null;
  claimed_at: Date | null;
  rejection_reason: string | null;
  proof_link: string | null;
}

/** A proof without its bytes (lists); `size` is the photo's length in bytes. */
export interface ProofRow {
  id: number;
  user_id: number;
  task_id: number;
  kind: ProofKind;
  content_type: string | null;
  link: string | null;
  size: number | null;
  status: ProofStatus;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

const PROOF_COLUMNS =
  'id, user_id, task_id, kind, content_type, link, octet_length(data)::int AS size, status, reason, created_at, reviewed_at';

// ---- the catalogue -------------------------------------------------------------------------------

export interface NewTask {
  kind: TaskKind;
  titleEn: string;
  titleRu: string;
  descriptionEn: string;
  descriptionRu: string;
  icon: string;
  reward: bigint;
  settings: Record<string, unknown>;
  isActive: boolean;
  sortOrder: number;
}

export async function insertTask(q: Queryable, task: NewTask): Promise<TaskRow> {
  const [row] = await q.query<TaskRow>(
    `INSERT INTO tasks (kind, title_en, title_ru, description_en, description_ru, icon, reward, settings, is_active, sort_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) RETURNING *`,
    [
      task.kind,
      task.titleEn,
      task.titleRu,
      task.descriptionEn,
      task.descriptionRu,
      task.icon,
      task.reward,
      JSON.stringify(task.settings),
      task.isActive,
      task.sortOrder,
    ],
  );
  if (!row) throw new Error('task not inserted');
  return row;
}

export type TaskPatch = Partial<Omit<NewTask, 'kind'>>;

/** Changes the given fields only; undefined when there is no such task. */
export async function updateTask(q: Queryable, id: number, patch: TaskPatch): Promise<TaskRow | undefined> {
  const columns: Array<[string, unknown, string?]> = [
    ['title_en', patch.titleEn],
    ['title_ru', patch.titleRu],
    ['description_en', patch.descriptionEn],
    ['description_ru', patch.descriptionRu],
    ['icon', patch.icon],
    ['reward', patch.reward],
    ['settings', patch.settings === undefined ? undefined : JSON.stringify(patch.settings), '::jsonb'],
    ['is_active', patch.isActive],
    ['sort_order', patch.sortOrder],
  ];
  const set = columns.filter(([, value]) => value !== undefined);
  if (set.length === 0) return findTask(q, id);
  const assignments = set.map(([column, , cast], i) => `${column} = $${i + 2}${cast ?? ''}`).join(', ');
  const [row] = await q.query<TaskRow>(`UPDATE tasks SET ${assignments} WHERE id = $1 RETURNING *`, [
    id,
    ...set.map(([, value]) => value),
  ]);
  return row;
}

export async function findTask(q: Queryable, id: number): Promise<TaskRow | undefined> {
  const [row] = await q.query<TaskRow>('SELECT * FROM tasks WHERE id = $1', [id]);
  return row;
}

export async function findActiveTask(q: Queryable, id: number): Promise<TaskRow | undefined> {
  const [row] = await q.query<TaskRow>('SELECT * FROM tasks WHERE id = $1 AND is_active', [id]);
  return row;
}

/** Every task, the operator's order (active ones first). */
export async function allTasks(q: Queryable): Promise<TaskRow[]> {
  return q.query<TaskRow>('SELECT * FROM tasks ORDER BY is_active DESC, sort_order, id');
}

export async function activeTasks(q: Queryable): Promise<TaskRow[]> {
  return q.query<TaskRow>('SELECT * FROM tasks WHERE is_active ORDER BY sort_order, id');
}

export async function tasksByIds(q: Queryable, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  return q.query<TaskRow>('SELECT * FROM tasks WHERE id = ANY($1::int[])', [ids]);
}

/** Serialises the sandbox's first-start seeding (the table is locked until the transaction ends). */
export async function lockCatalogue(q: Queryable): Promise<number> {
  await q.query('LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE');
  const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM tasks');
  return row?.n ?? 0;
}

// ---- a user's progress ---------------------------------------------------------------------------

export async function userTasks(q: Queryable, userId: number): Promise<UserTaskRow[]> {
  return q.query<UserTaskRow>('SELECT * FROM user_tasks WHERE user_id = $1', [userId]);
}

export async function findUserTask(q: Queryable, userId: number, taskId: number): Promise<UserTaskRow | undefined> {
  const [row] = await q.query<UserTaskRow>('SELECT * FROM user_tasks WHERE user_id = $1 AND task_id = $2', [
    userId,
    taskId,
  ]);
  return row;
}

/** The user's row of a task, locked until the transaction ends (every transition of it runs one at a time). */
export async function lockUserTask(q: Queryable, userId: number, taskId: number): Promise<UserTaskRow | undefined> {
  const [row] = await q.query<UserTaskRow>('SELECT * FROM user_tasks WHERE user_id = $1 AND task_id = $2 FOR UPDATE', [
    userId,
    taskId,
  ]);
  return row;
}

/** new → started; undefined when the user already has a row for the task (a concurrent start won). */
export async function insertStarted(
  q: Queryable,
  userId: number,
  taskId: number,
  at: Date,
): Promise<UserTaskRow | undefined> {
  const [row] = await q.query<UserTaskRow>(
    `INSERT INTO user_tasks (user_id, task_id, status, started_at) VALUES ($1, $2, 'started', $3)
     ON CONFLICT (user_id, task_id) DO NOTHING RETURNING *`,
    [userId, taskId, at],
  );
  return row;
}

/** The caller holds the row's lock and has checked the transition. */
export async function setValidated(q: Queryable, id: number, at: Date): Promise<UserTaskRow> {
  return one(
    q.query<UserTaskRow>(
      `UPDATE user_tasks SET status = 'validated', validated_at = $2, rejection_reason = NULL WHERE id = $1 RETURNING *`,
      [id, at],
    ),
  );
}

export async function setPendingReview(q: Queryable, id: number, proofLink: string | null): Promise<UserTaskRow> {
  return one(
    q.query<UserTaskRow>(
      `UPDATE user_tasks SET status = 'pending_review', rejection_reason = NULL, proof_link = COALESCE($2, proof_link)
        WHERE id = $1 RETURNING *`,
      [id, proofLink],
    ),
  );
}

export async function setRejected(q: Queryable, id: number, reason: string): Promise<UserTaskRow> {
  return one(
    q.query<UserTaskRow>(`UPDATE user_tasks SET status = 'rejected', rejection_reason = $2 WHERE id = $1 RETURNING *`, [
      id,
      reason,
    ]),
  );
}

export async function setClaimed(q: Queryable, id: number, at: Date): Promise<UserTaskRow> {
  return one(
    q.query<UserTaskRow>(
      `UPDATE user_tasks SET status = 'claimed', claimed_at = $2 WHERE id = $1 AND status = 'validated' RETURNING *`,
      [id, at],
    ),
  );
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('user task row vanished under its lock');
  return row;
}

// ---- proofs ---------------------------------------------------------------------------------------

export type NewProof =
  | { kind: 'photo'; userId: number; taskId: number; contentType: string; data: Buffer }
  | { kind: 'link'; userId: number; taskId: number; link: string };

export async function insertProof(q: Queryable, proof: NewProof): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO task_proofs (user_id, task_id, kind, content_type, data, link) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    proof.kind === 'photo'
      ? [proof.userId, proof.taskId, 'photo', proof.contentType, proof.data, null]
      : [proof.userId, proof.taskId, 'link', null, null, proof.link],
  );
  if (!row) throw new Error('proof not inserted');
  return row.id;
}

export async function findProof(q: Queryable, id: number): Promise<ProofRow | undefined> {
  const [row] = await q.query<ProofRow>(`SELECT ${PROOF_COLUMNS} FROM task_proofs WHERE id = $1`, [id]);
  return row;
}

export async function lockProof(q: Queryable, id: number): Promise<ProofRow | undefined> {
  const [row] = await q.query<ProofRow>(`SELECT ${PROOF_COLUMNS} FROM task_proofs WHERE id = $1 FOR UPDATE`, [id]);
  return row;
}

/** The review queue: pending proofs, oldest first. */
export async function pendingProofs(q: Queryable, limit: number): Promise<ProofRow[]> {
  return q.query<ProofRow>(`SELECT ${PROOF_COLUMNS} FROM task_proofs WHERE status = 'pending' ORDER BY id LIMIT $1`, [
    limit,
  ]);
}

export async function pendingProofCount(q: Queryable): Promise<number> {
  const [row] = await q.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM task_proofs WHERE status = 'pending'`);
  return Number(row?.n ?? 0);
}

export async function proofPhoto(
  q: Queryable,
  id: number,
): Promise<{ content_type: string; data: Uint8Array } | undefined> {
  const [row] = await q.query<{ content_type: string; data: Uint8Array }>(
    `SELECT content_type, data FROM task_proofs WHERE id = $1 AND kind = 'photo'`,
    [id],
  );
  return row;
}

export async function reviewProof(
  q: Queryable,
  id: number,
  verdict: { status: 'approved' } | { status: 'rejected'; reason: string },
  at: Date,
): Promise<ProofRow> {
  const [row] = await q.query<ProofRow>(
    `UPDATE task_proofs SET status = $2, reason = $3, reviewed_at = $4 WHERE id = $1 AND status = 'pending'
     RETURNING ${PROOF_COLUMNS}`,
    [id, verdict.status, verdict.status === 'rejected' ? verdict.reason : null, at],
  );
  if (!row) throw new Error(`proof ${id} is not pending under its lock`);
  return row;
}
