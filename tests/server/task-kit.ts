/**
 * Shared pieces of the task tests: tasks made through the operator API, the user's calls, files that
 * start like the image types they claim to be, and a snapshot of everything a refusal must not change.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { Task } from '@contract';
import { bearer, type TestContext } from './helpers';
import type { TestUser } from './mint-kit';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

/** `bytes` long, starting with `head` (a file of a given size that sniffs as its type). */
export const fileOf = (head: Buffer, bytes: number) =>
  Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 7)]);

export const admin = (ctx: TestContext) => bearer(ctx.config.adminToken);

export interface NewTaskBody {
  kind: Task['kind'];
  reward?: string;
  settings?: Record<string, unknown>;
  is_active?: boolean;
  sort_order?: number;
  icon?: string;
}

let made = 0;
/** A task in the catalogue (POST /api/admin/tasks); answers its id. */
export async function makeTask(ctx: TestContext, body: NewTaskBody): Promise<number> {
  made++;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/tasks',
    headers: admin(ctx),
    payload: {
      reward: '10',
      title: { en: `Task ${made}`, ru: `Задание ${made}` },
      description: { en: `Do thing ${made}`, ru: `Сделайте ${made}` },
      ...body,
    },
  });
  if (response.statusCode !== 201) throw new Error(`task create: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}

export type TaskCall = 'start' | 'validate' | 'claim';

export const taskCall = (
  ctx: TestContext,
  user: TestUser,
  call: TaskCall,
  payload: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({ method: 'POST', url: `/api/task/${call}`, headers: user.headers, payload: payload as object });

/** The task as the user's list shows it. */
export async function taskOf(ctx: TestContext, user: TestUser, taskId: number): Promise<Task | undefined> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/task/list', headers: user.headers });
  if (response.statusCode !== 200) throw new Error(`task list: ${response.statusCode} ${response.body}`);
  return response.json<Task[]>().find((task) => task.task_id === taskId);
}

/** A visit task with no wait, started and validated by the user: ready to claim. */
export async function validatedTask(ctx: TestContext, user: TestUser, reward = '10'): Promise<number> {
  const taskId = await makeTask(ctx, { kind: 'visit', reward, settings: { url: 'https://ton.org', min_seconds: 0 } });
  for (const call of ['start', 'validate'] as const) {
    const response = await taskCall(ctx, user, call, { task_id: taskId });
    if (response.statusCode !== 200) throw new Error(`task ${call}: ${response.statusCode} ${response.body}`);
  }
  return taskId;
}

/** Everything a task call may change for this user: their task rows, proofs, balances and ledger. */
export async function taskState(ctx: TestContext, userId: number) {
  const [rows, proofs, user, ledger] = await Promise.all([
    ctx.db.query('SELECT * FROM user_tasks WHERE user_id = $1 ORDER BY id', [userId]),
    ctx.db.query(
      'SELECT id, status, kind, link, reason, octet_length(data) AS size FROM task_proofs WHERE user_id = $1 ORDER BY id',
      [userId],
    ),
    ctx.db.query('SELECT balance_token, task_balance, referral_balance FROM users WHERE id = $1', [userId]),
    ctx.db.query('SELECT COUNT(*)::int AS n FROM ledger WHERE user_id = $1', [userId]),
  ]);
  return { rows, proofs, user, ledger };
}
