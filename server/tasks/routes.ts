/**
 * The user's four task calls (contract: taskList, taskStart, taskValidate, taskClaim) and the operator
 * API under /api/admin/tasks (bearer ADMIN_TOKEN; not in the contract): the catalogue and the review
 * queue, the only place a photo proof's bytes are served.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TASK_KINDS, idParamsSchema, limitTextSchema, moneyInput } from '@/shared/api/contract';
import type { Deps } from '../deps';
import { OPERATOR_ROUTE, currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { parseOr422 } from '../lib/validation';
import { changeTask, createTask, operatorTasks } from './catalogue';
import { approveProof, rejectProof, reviewPhoto, reviewQueue } from './reviews';
import { claimTask, listTasks, startTask, validateTask } from './user-flow';

/** Room in the JSON body of a photo proof beyond its base64 (the task id, field names, whitespace). */
const PHOTO_BODY_SLACK_BYTES = 64 * 1024;

/** A photo of `maxBytes` in base64 grows by 4/3; a body larger than that and the slack is a 413 before it is parsed. */
export const photoBodyLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + PHOTO_BODY_SLACK_BYTES;

const text = (max: number) => z.string().trim().min(1).max(max);
const localized = (max: number) => z.strictObject({ en: text(max), ru: text(max) });
const reward = moneyInput.refine((units) => units > 0n, 'reward must be positive');
const taskFields = {
  title: localized(200),
  description: localized(2000),
  icon: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'an icon name of the app’s set').optional(),
  reward,
  settings: z.record(z.string(), z.unknown()).optional(),
  is_active: z.boolean().optional(),
  sort_order: z.number().int().min(-1_000_000).max(1_000_000).optional(),
};
export const createTaskSchema = z.strictObject({ kind: z.enum(TASK_KINDS), ...taskFields });
export const changeTaskSchema = z.strictObject(taskFields).partial();
export const rejectSchema = z.strictObject({ reason: text(500) });
const queueQuerySchema = z.object({ limit: limitTextSchema.default(100) });

export function taskRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'taskList', async ({ request }) => listTasks(deps, currentUser(request).userId));

    callRoute(app, 'taskStart', async ({ body, request }) => startTask(deps, currentUser(request).userId, body.task_id));

    callRoute(app, 'taskValidate', async ({ body, request }) => validateTask(deps, currentUser(request), body), {
      bodyLimit: photoBodyLimit(deps.config.taskPhotoMaxBytes),
    });

    callRoute(app, 'taskClaim', async ({ body, request }) => claimTask(deps, currentUser(request).userId, body.task_id));

    // ---- operator API (npm run operator -- tasks …, reviews …) ----
    const admin = OPERATOR_ROUTE;

    app.get('/api/admin/tasks', admin, async () => operatorTasks(deps));

    app.post('/api/admin/tasks', admin, async (request, reply) => {
      const input = parseOr422(createTaskSchema, request.body);
      const task = await createTask(deps, input);
      request.log.warn({ task_id: task.id, kind: task.kind }, 'task created by operator');
      return reply.code(201).send(task);
    });

    app.patch('/api/admin/tasks/:id', admin, async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const change = parseOr422(changeTaskSchema, request.body);
      const task = await changeTask(deps, id, change);
      request.log.warn({ task_id: id, fields: Object.keys(change) }, 'task changed by operator');
      return task;
    });

    app.get('/api/admin/tasks/reviews', admin, async (request) => {
      const { limit } = parseOr422(queueQuerySchema, request.query);
      return reviewQueue(deps, limit);
    });

    app.get('/api/admin/tasks/reviews/:id/photo', admin, async (request, reply) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const photo = await reviewPhoto(deps, id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="proof-${id}"`)
        .send(photo.data);
    });

    app.post('/api/admin/tasks/reviews/:id/approve', admin, async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const item = await approveProof(deps, id);
      request.log.warn({ proof_id: id }, 'task proof approved by operator');
      return item;
    });

    app.post('/api/admin/tasks/reviews/:id/reject', admin, async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const { reason } = parseOr422(rejectSchema, request.body);
      const item = await rejectProof(deps, id, reason);
      request.log.warn({ proof_id: id, reason }, 'task proof rejected by operator');
      return item;
    });
  };
}
