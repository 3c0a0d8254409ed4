/**
 * Tasks: the list with the user's progress, start, proofs, claim.
 * The domain's shapes, each call's schemas (under the names of ./routes.ts) and the named types
 * (z.input for what a client sends, z.output for what it receives). docs/contract.md "Adding a call".
 */
import { z } from 'zod';
import { TASK_KINDS, TASK_LINK_MAX_LENGTH, TASK_PHOTO_TYPES, TASK_STATUSES } from '../constants';
import { idSchema, moneyText } from '../common';
import type { CallSchemas } from '../route';
import type { tasksRoutes } from './routes';

/** A text the operator writes in both languages. */
export const localizedTextSchema = z.object({ en: z.string(), ru: z.string() });

/** One task with this user's progress on it (GET /task/list; every task call answers the task). */
export const taskSchema = z.object({
  task_id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  title: localizedTextSchema,
  description: localizedTextSchema,
  /** An icon name of the app's set (e.g. 'community', 'friends', 'link', 'photo', 'visit'). */
  icon: z.string(),
  /** Tokens paid to task_balance on claim. */
  reward: moneyText,
  status: z.enum(TASK_STATUSES),
  /** What the kind needs, as the client shows it. */
  settings: z.object({
    /** visit: the link to open; community: the chat's link. */
    url: z.string().nullable(),
    /** referrals: how many friends (paying ones when paying_only). */
    count: z.number().int().nullable(),
    paying_only: z.boolean(),
    /** visit: seconds after start before a check can pass. */
    min_seconds: z.number().int().nullable(),
    /** link: hosts a proof link may lead to (empty: any). */
    allowed_hosts: z.array(z.string()),
  }),
  /** Unix seconds, null until then. */
  started_at: z.number().int().nullable(),
  validated_at: z.number().int().nullable(),
  claimed_at: z.number().int().nullable(),
  /** Why the operator refused the last proof (status rejected). */
  rejection_reason: z.string().nullable(),
  /** The last link sent as proof (link tasks). */
  proof_link: z.string().nullable(),
});
export const taskListSchema = z.array(taskSchema);

export const taskIdBodySchema = z.strictObject({ task_id: idSchema });

/**
 * POST /task/validate (docs/product.md §7 "a task payload"): the task id, plus the proof its kind takes — a link
 * (link tasks) or a photo (photo tasks: base64 of the file, at most the server's size setting; larger
 * → 413). Community, referrals and visit tasks take no proof.
 */
export const taskValidateBodySchema = z.strictObject({
  task_id: idSchema,
  link: z.string().min(1).max(TASK_LINK_MAX_LENGTH).optional(),
  photo: z
    .strictObject({
      content_type: z.enum(TASK_PHOTO_TYPES),
      /** base64 (standard alphabet, padded) of the file. */
      data: z
        .string()
        .min(4)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'photo.data must be base64'),
    })
    .optional(),
});

/** The schemas of each tasks call (./routes.ts), under the same names. */
export const tasksCallSchemas = {
  taskList: { response: taskListSchema },
  taskStart: { body: taskIdBodySchema, response: taskSchema },
  taskValidate: { body: taskValidateBodySchema, response: taskSchema },
  taskClaim: { body: taskIdBodySchema, response: taskSchema },
} as const satisfies Record<keyof typeof tasksRoutes, CallSchemas>;

export type Task = z.output<typeof taskSchema>;
export type TaskStatus = Task['status'];
export type TaskKind = Task['kind'];
export type TaskValidateBody = z.input<typeof taskValidateBodySchema>;
