import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readRefCode } from '@contract';
import type { Deps } from '../deps';
import { currentUser } from '../http/auth-context';
import { callRoute } from '../lib/call-route';
import { parseOr422 } from '../lib/validation';
import { listReferrals, prepareShareMessage, storyImage } from './service';

/** `<ref code>.png` and `?lang=`: a code as the server issues them (any case), a language (else English). */
const storyParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[A-Za-z0-9]{1,16}\.png$/, 'file: <ref code>.png')
    .transform((file) => readRefCode(file.slice(0, -'.png'.length)))
    .refine((code): code is string => code !== null, 'file: <ref code>.png'),
});
const storyQuerySchema = z.object({ lang: z.string().max(16).optional() });

export function referralRoutes(deps: Pick<Deps, 'db' | 'bus' | 'config' | 'shareMessages'>) {
  return async (app: FastifyInstance) => {
    callRoute(app, 'referrals', async ({ query, request }) =>
      listReferrals(deps, currentUser(request).userId, query.page, query.limit),
    );

    callRoute(app, 'shareMessage', async ({ request }) => prepareShareMessage(deps, currentUser(request).userId));

    // The story image Telegram fetches for WebApp.shareToStory (docs/security.md "Story images"): public,
    // outside the contract (an image, not a JSON call), cached a little.
    app.get('/api/story/:file', async (request, reply) => {
      const { file } = parseOr422(storyParamsSchema, request.params);
      const { lang } = parseOr422(storyQuerySchema, request.query);
      const png = await storyImage(deps, file, lang ?? null);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(png);
    });
  };
}
