/**
 * The sandbox's tasks: one active task of each kind, seeded on the first start (an empty catalogue
 * only, so what an operator changes stays), and the launcher's review queue, which stands in for the
 * operator (npm run operator -- reviews …) so the photo and link flows can be tried by hand.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParamsSchema } from '@contract';
import type { Deps } from '../deps';
import { parseOr422 } from '../lib/validation';
import { parseUnits } from '../lib/money';
import {
  type TaskInput,
  approveProof,
  rejectProof,
  reviewPhoto,
  reviewQueue,
  seedTasksIfEmpty,
} from '../tasks/service';

export function sandboxTasks(communityUrl: string): TaskInput[] {
  return [
    {
      kind: 'community',
      title: { en: 'Join the TON Token community', ru: 'Вступите в сообщество TON Token' },
      description: {
        en: 'Join our Telegram community chat for news and help, then check the task.',
        ru: 'Вступите в наш чат в Telegram, чтобы узнавать новости и получать помощь, затем проверьте задание.',
      },
      icon: 'community',
      reward: parseUnits('10'),
      settings: { url: communityUrl },
      sort_order: 10,
    },
    {
      kind: 'referrals',
      title: { en: 'Invite a friend', ru: 'Пригласите друга' },
      description: {
        en: 'Share your referral link: once a friend opens the app with it, check the task.',
        ru: 'Поделитесь реферальной ссылкой: когда друг откроет по ней приложение, проверьте задание.',
      },
      icon: 'friends',
      reward: parseUnits('25'),
      settings: { count: 1, paying_only: false },
      sort_order: 20,
    },
    {
      kind: 'visit',
      title: { en: 'Visit ton.org', ru: 'Посетите ton.org' },
      description: {
        en: 'Open ton.org and look around for at least 10 seconds, then check the task.',
        ru: 'Откройте ton.org и побудьте на сайте не меньше 10 секунд, затем проверьте задание.',
      },
      icon: 'visit',
      reward: parseUnits('5'),
      settings: { url: 'https://ton.org', min_seconds: 10 },
      sort_order: 30,
    },
    {
      kind: 'photo',
      title: { en: 'Show your TON Token screen', ru: 'Покажите экран TON Token' },
      description: {
        en: 'Upload a screenshot of your staking screen. An operator reviews it.',
        ru: 'Загрузите снимок экрана стейкинга. Его проверит оператор.',
      },
      icon: 'photo',
      reward: parseUnits('20'),
      settings: {},
      sort_order: 40,
    },
    {
      kind: 'link',
      title: { en: 'Post about TON Token', ru: 'Напишите о TON Token' },
      description: {
        en: 'Post about TON Token on Telegram or X and paste the link to your post. An operator reviews it.',
        ru: 'Напишите о TON Token в Telegram или X и вставьте ссылку на пост. Её проверит оператор.',
      },
      icon: 'link',
      reward: parseUnits('15'),
      settings: { allowed_hosts: ['t.me', 'x.com', 'twitter.com'] },
      sort_order: 50,
    },
  ];
}

export async function seedSandboxTasks(deps: Deps): Promise<boolean> {
  return seedTasksIfEmpty(deps, sandboxTasks(deps.config.communityUrl));
}

const rejectBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });

/** The launcher's review queue: the same service the operator API calls. */
export function sandboxReviewRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.get('/sandbox/api/reviews', async () => reviewQueue(deps, 100));
    app.get('/sandbox/api/reviews/:id/photo', async (request, reply) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const photo = await reviewPhoto(deps, id);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(photo.data);
    });
    app.post('/sandbox/api/reviews/:id/approve', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      return approveProof(deps, id);
    });
    app.post('/sandbox/api/reviews/:id/reject', async (request) => {
      const { id } = parseOr422(idParamsSchema, request.params);
      const { reason } = parseOr422(rejectBodySchema, request.body);
      return rejectProof(deps, id, reason);
    });
  };
}
