/**
 * What each kind of task needs (stored in tasks.settings, JSONB): the operator's input is checked per
 * kind here, and a stored row is read back into the wire's full shape.
 */
import { z } from 'zod';
import type { Task, TaskIcon, TaskKind } from '@contract';

export type TaskSettings = Task['settings'];

const httpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2048)
  .refine((text) => /^https?:\/\//i.test(text), 'must be an http(s) URL');

/** A host name as a link's URL gives it: lower case, no scheme, port or path. */
export const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'must be a host name like t.me',
  );

/** The operator's settings per kind (unknown keys refused, so a typo is not silently dropped). */
export const kindSettingsSchemas = {
  community: z.strictObject({ url: httpUrl.optional() }),
  referrals: z.strictObject({ count: z.number().int().min(1).max(100_000), paying_only: z.boolean().default(false) }),
  visit: z.strictObject({ url: httpUrl, min_seconds: z.number().int().min(0).max(86_400).default(10) }),
  photo: z.strictObject({}),
  link: z.strictObject({ allowed_hosts: z.array(hostSchema).max(50).default([]) }),
} as const satisfies Record<TaskKind, z.ZodType>;

/** The icon a kind gets when the operator names none. */
export const DEFAULT_ICONS: Record<TaskKind, TaskIcon> = {
  community: 'community',
  referrals: 'friends',
  visit: 'visit',
  photo: 'photo',
  link: 'link',
};

const stored = z.object({
  url: z.string().optional().catch(undefined),
  count: z.number().int().optional().catch(undefined),
  paying_only: z.boolean().optional().catch(undefined),
  min_seconds: z.number().int().optional().catch(undefined),
  allowed_hosts: z.array(z.string()).optional().catch(undefined),
});

/** A stored row's settings in the wire's full shape; the community chat's link is the configured one unless set. */
export function settingsOf(kind: TaskKind, raw: unknown, communityUrl: string): TaskSettings {
  const s = stored.parse(raw ?? {});
  return {
    url: kind === 'community' ? (s.url ?? communityUrl) : kind === 'visit' ? (s.url ?? null) : null,
    count: kind === 'referrals' ? (s.count ?? 1) : null,
    paying_only: kind === 'referrals' ? (s.paying_only ?? false) : false,
    min_seconds: kind === 'visit' ? (s.min_seconds ?? 0) : null,
    allowed_hosts: kind === 'link' ? (s.allowed_hosts ?? []) : [],
  };
}
