/**
 * The user's four task calls (contract: taskList, taskStart, taskValidate, taskClaim) and the operator
 * calls under /api/admin/tasks (bearer ADMIN_TOKEN; the contract's operatorRoutes): the catalogue and
 * the review queue, the only place a photo proof's bytes are served.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute, operatorRoute } from '../lib/call-route';
import { changeTask, createTask, operatorTasks } from './catalogue';
import { approveProof, rejectProof, reviewPhoto, reviewQueue } from './reviews';
import { claimTask, listTasks, startTask, validateTask } from './user-flow';

/** Room in the JSON body of a photo proof beyond its base64 (the task id, field names, whitespace). */
const PHOTO_BODY_SLACK_BYTES = 64 * 1024;

/** A photo of `maxBytes` in base64 grows by 4/3; a body larger than that and the slack is a 413 before it is parsed. */
export const photoBodyLimit = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + PHOTO_BODY_SLACK_BYTES;

export function taskRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'taskList', async ({ request }) => listTasks(deps, currentUser(request).userId));

    callRoute(app, 'taskStart', async ({ body, request }) =>
      startTask(deps, currentUser(request).userId, body.task_id),
    );

    callRoute(app, 'taskValidate', async ({ body, request }) => validateTask(deps, currentUser(request), body), {
      bodyLimit: photoBodyLimit(deps.config.taskPhotoMaxBytes),
    });

    callRoute(app, 'taskClaim', async ({ body, request }) =>
      claimTask(deps, currentUser(request).userId, body.task_id),
    );

    // ---- operator API (npm run operator -- tasks …, reviews …) ----
    operatorRoute(app, 'tasksList', async () => operatorTasks(deps));

    operatorRoute(app, 'taskCreate', async ({ body, request }) => {
      const task = await createTask(deps, body);
      request.log.warn({ task_id: task.id, kind: task.kind }, 'task created by operator');
      return task;
    });

    operatorRoute(app, 'taskChange', async ({ params: { id }, body: change, request }) => {
      const task = await changeTask(deps, id, change);
      request.log.warn({ task_id: id, fields: Object.keys(change) }, 'task changed by operator');
      return task;
    });

    operatorRoute(app, 'reviewsList', async ({ query }) => reviewQueue(deps, query.limit));

    // The answer is the file's bytes under its own type (set here; the route sends them as they are).
    operatorRoute(app, 'reviewPhoto', async ({ params: { id }, reply }) => {
      const photo = await reviewPhoto(deps, id);
      reply
        .type(photo.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="proof-${id}"`);
      return photo.data;
    });

    operatorRoute(app, 'reviewApprove', async ({ params: { id }, request }) => {
      const item = await approveProof(deps, id);
      request.log.warn({ proof_id: id }, 'task proof approved by operator');
      return item;
    });

    operatorRoute(app, 'reviewReject', async ({ params: { id }, body: { reason }, request }) => {
      const item = await rejectProof(deps, id, reason);
      request.log.warn({ proof_id: id, reason }, 'task proof rejected by operator');
      return item;
    });
  };
}
