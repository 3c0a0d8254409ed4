/**
 * Tasks: the catalogue, start → validate → claim with each kind's validator, photo and
 * link proofs and their review, the operator API and CLI, the sandbox's seed and review queue. The
 * community validator asks a local HTTP server that answers getChatMember as the Bot API documents
 * it (https://core.telegram.org/bots/api#getchatmember: ChatMember with status creator, administrator,
 * member, restricted {is_member}, left, kicked).
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ErrorBody,
  SERVER_MESSAGES,
  type Task,
  TASK_KINDS,
  VALIDATION_MESSAGES,
  fillText,
  taskListSchema,
  taskSchema,
} from '@contract';
import { buildApp } from '../../server/app';
import { telegramCommunityChecker } from '../../server/community/checker';
import { runOperator } from '../../server/operator';
import { seedSandboxTasks } from '../../server/sandbox/tasks';
import { PHOTO_TOO_LARGE_MSG } from '../../server/tasks/service';
import { photoBodyLimit } from '../../server/tasks/routes';
import { bearer, createTestContext, sandboxConfig, type TestContext } from './helpers';
import { createMint, ledgerMatchesBalances, listen, newUser, payMint, type TestUser } from './mint-kit';
import { expectTaskClaimedOnce } from './race-kit';
import { JPEG, PNG, WEBP, admin, fileOf, makeTask, taskCall, taskOf, taskState, validatedTask } from './task-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const msgOf = (response: { json: <T>() => T }) => response.json<ErrorBody>().msg;
const photoOf = (file: Buffer, contentType = 'image/png') => ({
  content_type: contentType,
  data: file.toString('base64'),
});

/** Asserts a refusal: the status, the message, and that nothing of the user's changed. */
async function expectRefused(
  user: TestUser,
  run: () => Promise<{ statusCode: number; json: <T>() => T }>,
  status: number,
  msg?: string,
) {
  const before = await taskState(ctx, user.userId);
  const response = await run();
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  if (msg !== undefined) expect(msgOf(response)).toBe(msg);
  expect(await taskState(ctx, user.userId)).toEqual(before);
}

describe('catalogue and list', () => {
  it('the sandbox seeds one active task of each kind on its first start, once', async () => {
    const user = await newUser(ctx);
    const list = taskListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/task/list', headers: user.headers })).json(),
    );
    const seeded = list.filter((task) => task.task_id <= 5);
    expect(seeded.map((task) => task.kind)).toEqual([...TASK_KINDS]);
    expect(seeded.every((task) => task.status === 'new' && task.title.en && task.title.ru && task.description.ru)).toBe(
      true,
    );
    const byKind = Object.fromEntries(seeded.map((task) => [task.kind, task]));
    expect(byKind['community']!.settings.url).toBe(ctx.config.communityUrl);
    expect(byKind['visit']!.settings).toMatchObject({ url: 'https://ton.org', min_seconds: 10 });
    expect(byKind['link']!.settings.allowed_hosts).toEqual(['t.me', 'x.com', 'twitter.com']);
    expect(byKind['referrals']!.settings).toMatchObject({ count: 1, paying_only: false });
    expect(seeded.map((task) => task.reward)).toEqual(['10', '25', '5', '20', '15']);

    expect(
      await seedSandboxTasks({ ...ctx, community: { isMember: async () => true, recheckIntervalMs: 0 } } as never),
    ).toBe(false);
    const [count] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM tasks WHERE id <= 5');
    expect(count?.n).toBe(5);
  });

  it('lists active tasks only, in the operator’s order, each with the user’s status', async () => {
    const user = await newUser(ctx);
    const late = await makeTask(ctx, { kind: 'photo', sort_order: 900_001 });
    const early = await makeTask(ctx, { kind: 'photo', sort_order: 900_000 });
    const hidden = await makeTask(ctx, { kind: 'photo', sort_order: 900_002, is_active: false });
    const list = taskListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/task/list', headers: user.headers })).json(),
    );
    const ids = list.map((task) => task.task_id);
    expect(ids).not.toContain(hidden);
    expect(ids.indexOf(early)).toBeLessThan(ids.indexOf(late));
    expect((await taskCall(ctx, user, 'start', { task_id: early })).statusCode).toBe(200);
    expect((await taskOf(ctx, user, early))?.status).toBe('started');
    expect((await taskOf(ctx, user, late))?.status).toBe('new');
    // another user's progress is theirs
    expect((await taskOf(ctx, await newUser(ctx), early))?.status).toBe('new');
  });

  it('a non-member is refused every task call by the gate (403), and nothing changes', async () => {
    const outsider = await newUser(ctx, { member: false });
    const taskId = await makeTask(ctx, { kind: 'photo' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/task/list', headers: outsider.headers });
    expect(list.statusCode).toBe(403);
    expect(msgOf(list)).toBe(SERVER_MESSAGES.notAMember);
    for (const call of ['start', 'validate', 'claim'] as const) {
      await expectRefused(
        outsider,
        () => taskCall(ctx, outsider, call, { task_id: taskId }),
        403,
        SERVER_MESSAGES.notAMember,
      );
    }
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/task/start', payload: { task_id: taskId } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('start, out-of-order transitions and hostile payloads', () => {
  it('start: new → started with a user:task event; again → 409; unknown or inactive task → 404', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo' });
    const socket = listen(ctx, user.userId);
    const response = await taskCall(ctx, user, 'start', { task_id: taskId });
    expect(response.statusCode).toBe(200);
    const task = taskSchema.parse(response.json<Task>());
    expect(task).toMatchObject({ task_id: taskId, status: 'started', validated_at: null, claimed_at: null });
    expect(task.started_at).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(socket.events('user:task').map((m) => m.data)).toEqual([task]);
    socket.stop();

    await expectRefused(
      user,
      () => taskCall(ctx, user, 'start', { task_id: taskId }),
      409,
      SERVER_MESSAGES.taskAlreadyStarted,
    );
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'start', { task_id: 2_000_000_000 }),
      404,
      SERVER_MESSAGES.taskNotFound,
    );
    const off = await makeTask(ctx, { kind: 'photo', is_active: false });
    for (const call of ['start', 'validate', 'claim'] as const) {
      await expectRefused(user, () => taskCall(ctx, user, call, { task_id: off }), 404, SERVER_MESSAGES.taskNotFound);
    }
  });

  it('every transition out of order is 409 with its reason and changes nothing', async () => {
    const user = await newUser(ctx);
    const photo = await makeTask(ctx, { kind: 'photo' });
    const visit = await makeTask(ctx, { kind: 'visit', settings: { url: 'https://ton.org', min_seconds: 0 } });
    const community = await makeTask(ctx, { kind: 'community' });
    const png = { task_id: photo, photo: photoOf(PNG) };

    // new: validate and claim come too early
    await expectRefused(user, () => taskCall(ctx, user, 'validate', png), 409, SERVER_MESSAGES.taskStartFirst);
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'validate', { task_id: community }),
      409,
      SERVER_MESSAGES.taskStartFirst,
    );
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'validate', { task_id: visit }),
      409,
      SERVER_MESSAGES.taskVisitFirst,
    );
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'claim', { task_id: photo }),
      409,
      SERVER_MESSAGES.taskStartFirst,
    );

    // started: claim before validation
    await taskCall(ctx, user, 'start', { task_id: photo });
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'claim', { task_id: photo }),
      409,
      SERVER_MESSAGES.taskNotValidated,
    );

    // pending_review: no second proof, no claim, no restart
    expect((await taskCall(ctx, user, 'validate', png)).json<Task>().status).toBe('pending_review');
    await expectRefused(user, () => taskCall(ctx, user, 'validate', png), 409, SERVER_MESSAGES.taskInReview);
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'claim', { task_id: photo }),
      409,
      SERVER_MESSAGES.taskInReview,
    );
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'start', { task_id: photo }),
      409,
      SERVER_MESSAGES.taskAlreadyStarted,
    );

    // validated: a repeated check answers the task as it is and changes nothing
    await taskCall(ctx, user, 'start', { task_id: visit });
    expect((await taskCall(ctx, user, 'validate', { task_id: visit })).json<Task>().status).toBe('validated');
    const before = await taskState(ctx, user.userId);
    const socket = listen(ctx, user.userId);
    const again = await taskCall(ctx, user, 'validate', { task_id: visit });
    expect(again.statusCode).toBe(200);
    expect(again.json<Task>().status).toBe('validated');
    expect(await taskState(ctx, user.userId)).toEqual(before);
    expect(socket.messages).toEqual([]);
    socket.stop();

    // claimed: nothing more
    expect((await taskCall(ctx, user, 'claim', { task_id: visit })).statusCode).toBe(200);
    for (const call of ['start', 'validate', 'claim'] as const) {
      await expectRefused(
        user,
        () => taskCall(ctx, user, call, { task_id: visit }),
        409,
        SERVER_MESSAGES.taskAlreadyClaimed,
      );
    }
  });

  it('hostile payloads are 422 and change nothing', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'link', settings: { allowed_hosts: ['t.me'] } });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    const json = (value: unknown): [string, number] => [JSON.stringify(value), 422];
    const hostile: Array<[string, number]> = [
      json({}),
      json({ task_id: '1' }),
      json({ task_id: -1 }),
      json({ task_id: 0 }),
      json({ task_id: 1.5 }),
      json({ task_id: 2 ** 31 }),
      json({ task_id: taskId, extra: true }),
      json({ task_id: taskId, link: '' }),
      json({ task_id: taskId, link: 'https://t.me/' + 'a'.repeat(2048) }),
      json({ task_id: taskId, link: 42 }),
      json({ task_id: taskId, photo: { content_type: 'image/gif', data: 'R0lGODlh' } }),
      json({ task_id: taskId, photo: { content_type: 'image/png', data: 'not base64!' } }),
      json({ task_id: taskId, photo: { content_type: 'image/png', data: PNG.toString('base64'), name: 'x.png' } }),
      json([taskId]),
      json(null),
      // prototype poisoning and malformed JSON are refused by the parser (400)
      [`{"task_id":${taskId},"link":"https://t.me/x","__proto__":{"admin":true}}`, 400],
      [`{"task_id":${taskId},"constructor":{"prototype":{"admin":true}}}`, 400],
      ['task_id=1', 400],
    ];
    for (const [payload, status] of hostile) {
      for (const call of ['start', 'validate', 'claim'] as const) {
        const before = await taskState(ctx, user.userId);
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/task/${call}`,
          headers: { ...user.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${call} ${payload}`).toBe(status);
        expect(typeof msgOf(response)).toBe('string');
        expect(await taskState(ctx, user.userId)).toEqual(before);
      }
    }
  });
});

describe('validators', () => {
  describe('community: getChatMember on the Bot API', () => {
    let botApi: Server;
    let production: FastifyInstance;
    let status: Record<string, unknown> = { status: 'left' };
    const asked: URL[] = [];

    beforeAll(async () => {
      botApi = createServer((req, res) => {
        asked.push(new URL(req.url ?? '/', 'http://bot.api'));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, result: { user: { id: 1, is_bot: false, first_name: 'A' }, ...status } }));
      });
      await new Promise<void>((resolve) => botApi.listen(0, '127.0.0.1', resolve));
      const botApiUrl = `http://127.0.0.1:${(botApi.address() as AddressInfo).port}`;
      production = await buildApp({
        db: ctx.db,
        bus: ctx.bus,
        logger: false,
        config: ctx.config,
        community: telegramCommunityChecker({
          botToken: '123456:bot-token',
          baseUrl: botApiUrl,
          chatId: '@ton_token_community',
        }),
      });
    });
    afterAll(async () => {
      await production?.close();
      botApi?.closeAllConnections();
      await new Promise((resolve) => botApi?.close(resolve));
    });

    const check = (user: TestUser, taskId: number) =>
      production.inject({
        method: 'POST',
        url: '/api/task/validate',
        headers: user.headers,
        payload: { task_id: taskId },
      });

    it.each([
      [{ status: 'left' }],
      [{ status: 'kicked', until_date: 0 }],
      [{ status: 'restricted', is_member: false, until_date: 0 }],
    ])('%o → 409 "join first", the task stays started', async (answer) => {
      const user = await newUser(ctx);
      const taskId = await makeTask(ctx, { kind: 'community' });
      await taskCall(ctx, user, 'start', { task_id: taskId });
      status = answer;
      asked.length = 0;
      await expectRefused(user, () => check(user, taskId), 409, SERVER_MESSAGES.taskNotAMember);
      const [telegramId] = await ctx.db.query<{ telegram_id: bigint }>('SELECT telegram_id FROM users WHERE id = $1', [
        user.userId,
      ]);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.pathname).toBe('/bot123456:bot-token/getChatMember');
      expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({
        chat_id: '@ton_token_community',
        user_id: String(telegramId!.telegram_id),
      });
      expect((await taskOf(ctx, user, taskId))?.status).toBe('started');
    });

    it.each([
      [{ status: 'creator', is_anonymous: false }],
      [{ status: 'administrator', can_be_edited: false }],
      [{ status: 'member' }],
      [{ status: 'restricted', is_member: true, until_date: 0 }],
    ])('%o → validated', async (answer) => {
      const user = await newUser(ctx);
      const taskId = await makeTask(ctx, { kind: 'community' });
      await taskCall(ctx, user, 'start', { task_id: taskId });
      status = { status: 'left' };
      expect((await check(user, taskId)).statusCode).toBe(409);
      status = answer; // joined meanwhile: checking again passes
      const response = await check(user, taskId);
      expect(response.statusCode).toBe(200);
      expect(response.json<Task>()).toMatchObject({ status: 'validated', settings: { url: ctx.config.communityUrl } });
    });
  });

  it('community in the sandbox: the launcher’s flag', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'community' });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    // A user the launcher does not know is no member of the sandbox community.
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'validate', { task_id: taskId }),
      409,
      SERVER_MESSAGES.taskNotAMember,
    );
    const [row] = await ctx.db.query<{ telegram_id: bigint }>('SELECT telegram_id FROM users WHERE id = $1', [
      user.userId,
    ]);
    await ctx.db.query(
      `INSERT INTO sandbox_users (telegram_id, first_name, language_code, is_community_member, platform, theme)
       VALUES ($1, 'Flag', 'en', TRUE, 'tdesktop', 'light')`,
      [row!.telegram_id],
    );
    expect((await taskCall(ctx, user, 'validate', { task_id: taskId })).json<Task>().status).toBe('validated');
  });

  it('referrals: below N is 409 with N, at N validated; paying_only counts friends who paid a mint', async () => {
    const user = await newUser(ctx);
    const two = await makeTask(ctx, { kind: 'referrals', settings: { count: 2 } });
    const paying = await makeTask(ctx, { kind: 'referrals', settings: { count: 1, paying_only: true } });
    await taskCall(ctx, user, 'start', { task_id: two });
    await taskCall(ctx, user, 'start', { task_id: paying });
    const needTwo = fillText(VALIDATION_MESSAGES.taskReferralsNeeded, { count: '2' });
    await expectRefused(user, () => taskCall(ctx, user, 'validate', { task_id: two }), 409, needTwo);

    const friend = await newUser(ctx, { refCode: user.refCode });
    await expectRefused(user, () => taskCall(ctx, user, 'validate', { task_id: two }), 409, needTwo);
    const needOne = fillText(VALIDATION_MESSAGES.taskReferralsNeeded, { count: '1' });
    await expectRefused(user, () => taskCall(ctx, user, 'validate', { task_id: paying }), 409, needOne);

    await newUser(ctx, { refCode: user.refCode });
    expect((await taskCall(ctx, user, 'validate', { task_id: two })).json<Task>().status).toBe('validated');
    // two friends, none has paid: the paying task still waits
    await expectRefused(user, () => taskCall(ctx, user, 'validate', { task_id: paying }), 409, needOne);
    // an unpaid mint does not count; a paid one does
    const mint = await createMint(ctx, friend, 1);
    await expectRefused(user, () => taskCall(ctx, user, 'validate', { task_id: paying }), 409, needOne);
    await payMint(ctx, mint);
    expect((await taskCall(ctx, user, 'validate', { task_id: paying })).json<Task>().status).toBe('validated');
  });

  it('visit: too soon is 409 with the seconds left; after min_seconds validated', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'visit', settings: { url: 'https://ton.org/learn', min_seconds: 30 } });
    const started = (await taskCall(ctx, user, 'start', { task_id: taskId })).json<Task>();
    expect(started.settings).toMatchObject({ url: 'https://ton.org/learn', min_seconds: 30 });
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'validate', { task_id: taskId }),
      409,
      fillText(VALIDATION_MESSAGES.taskVisitWait, { seconds: '30' }),
    );
    await ctx.db.query(
      `UPDATE user_tasks SET started_at = started_at - interval '20 seconds' WHERE user_id = $1 AND task_id = $2`,
      [user.userId, taskId],
    );
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'validate', { task_id: taskId }),
      409,
      fillText(VALIDATION_MESSAGES.taskVisitWait, { seconds: '10' }),
    );
    await ctx.db.query(
      `UPDATE user_tasks SET started_at = started_at - interval '10 seconds' WHERE user_id = $1 AND task_id = $2`,
      [user.userId, taskId],
    );
    const validated = (await taskCall(ctx, user, 'validate', { task_id: taskId })).json<Task>();
    expect(validated.status).toBe('validated');
    expect(validated.validated_at).not.toBeNull();
  });

  it('a kind that takes no proof refuses one (422), and a proof of the other kind is refused too', async () => {
    const user = await newUser(ctx);
    const visit = await makeTask(ctx, { kind: 'visit', settings: { url: 'https://ton.org', min_seconds: 0 } });
    const photo = await makeTask(ctx, { kind: 'photo' });
    const link = await makeTask(ctx, { kind: 'link' });
    for (const id of [visit, photo, link]) await taskCall(ctx, user, 'start', { task_id: id });
    const cases: Array<[unknown, string]> = [
      [{ task_id: visit, link: 'https://t.me/a' }, SERVER_MESSAGES.taskWrongProof],
      [{ task_id: visit, photo: photoOf(PNG) }, SERVER_MESSAGES.taskWrongProof],
      [{ task_id: photo }, SERVER_MESSAGES.taskPhotoRequired],
      [{ task_id: photo, link: 'https://t.me/a' }, SERVER_MESSAGES.taskWrongProof],
      [{ task_id: link }, SERVER_MESSAGES.taskLinkRequired],
      [{ task_id: link, photo: photoOf(PNG) }, SERVER_MESSAGES.taskWrongProof],
    ];
    for (const [payload, msg] of cases)
      await expectRefused(user, () => taskCall(ctx, user, 'validate', payload), 422, msg);
  });

  it('link: http(s) to an allowed host or its subdomain goes to review; anything else 422', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'link', settings: { allowed_hosts: ['t.me', 'x.com'] } });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    const host = fillText(VALIDATION_MESSAGES.taskLinkHost, { hosts: 't.me, x.com' });
    const refused: Array<[string, string]> = [
      ['https://evil.example/post', host],
      ['https://t.me.evil.example/post', host],
      ['https://nott.me/post', host],
      ['https://t.me@evil.example/', VALIDATION_MESSAGES.taskLinkInvalid],
      ['ftp://t.me/file', VALIDATION_MESSAGES.taskLinkInvalid],
      ['javascript:alert(1)//t.me', VALIDATION_MESSAGES.taskLinkInvalid],
      ['t.me/post', VALIDATION_MESSAGES.taskLinkInvalid],
      ['not a link', VALIDATION_MESSAGES.taskLinkInvalid],
    ];
    for (const [link, msg] of refused) {
      await expectRefused(user, () => taskCall(ctx, user, 'validate', { task_id: taskId, link }), 422, msg);
    }
    const socket = listen(ctx, user.userId);
    const response = await taskCall(ctx, user, 'validate', {
      task_id: taskId,
      link: ' https://Mobile.X.com/user/status/1 ',
    });
    expect(response.statusCode).toBe(200);
    const task = response.json<Task>();
    expect(task).toMatchObject({ status: 'pending_review', proof_link: 'https://mobile.x.com/user/status/1' });
    expect(socket.events('user:task').map((m) => m.data)).toEqual([task]);
    socket.stop();
    const [proof] = (await taskState(ctx, user.userId)).proofs;
    expect(proof).toMatchObject({ kind: 'link', status: 'pending', link: 'https://mobile.x.com/user/status/1' });

    const any = await makeTask(ctx, { kind: 'link' });
    await taskCall(ctx, user, 'start', { task_id: any });
    expect(
      (await taskCall(ctx, user, 'validate', { task_id: any, link: 'http://example.org/a' })).json<Task>().status,
    ).toBe('pending_review');
  });

  it('photo: JPEG, PNG and WebP by their first bytes, which must match the declared type', async () => {
    const user = await newUser(ctx);
    const refused: Array<[Buffer, string]> = [
      [JPEG, 'image/png'],
      [PNG, 'image/jpeg'],
      [WEBP, 'image/png'],
      [Buffer.from('GIF89a-not-accepted'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/webp'],
      [Buffer.from('RIFF0000WAVEfmt '), 'image/webp'],
      [Buffer.from([0xff, 0xd8]), 'image/jpeg'],
    ];
    const taskId = await makeTask(ctx, { kind: 'photo' });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    for (const [file, type] of refused) {
      await expectRefused(
        user,
        () => taskCall(ctx, user, 'validate', { task_id: taskId, photo: photoOf(file, type) }),
        422,
        SERVER_MESSAGES.taskPhotoType,
      );
    }
    for (const [file, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
    ] as const) {
      const other = await newUser(ctx);
      await taskCall(ctx, other, 'start', { task_id: taskId });
      const response = await taskCall(ctx, other, 'validate', { task_id: taskId, photo: photoOf(file, type) });
      expect(response.statusCode).toBe(200);
      expect(response.json<Task>()).toMatchObject({ status: 'pending_review', proof_link: null });
      const [stored] = await ctx.db.query<{ content_type: string; data: Uint8Array }>(
        'SELECT content_type, data FROM task_proofs WHERE user_id = $1',
        [other.userId],
      );
      expect(stored?.content_type).toBe(type);
      expect(Buffer.from(stored!.data).equals(file)).toBe(true);
    }
  });

  it('photo: a 2 MB file passes the route (its body limit is above the app’s small JSON limit)', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo' });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    const response = await taskCall(ctx, user, 'validate', {
      task_id: taskId,
      photo: photoOf(fileOf(JPEG, 2 * 1024 * 1024), 'image/jpeg'),
    });
    expect(response.statusCode).toBe(200);
    expect((await taskState(ctx, user.userId)).proofs[0]).toMatchObject({ size: 2 * 1024 * 1024 });
  });

  describe('photo size: TASK_PHOTO_MAX_BYTES', () => {
    const MAX = 3000;
    let small: FastifyInstance;
    beforeAll(async () => {
      small = await buildApp({
        db: ctx.db,
        bus: ctx.bus,
        logger: false,
        config: sandboxConfig({ taskPhotoMaxBytes: MAX }),
      });
    });
    afterAll(async () => {
      await small?.close();
    });
    const upload = (user: TestUser, taskId: number, payload: string, headers: Record<string, string> = {}) =>
      small.inject({
        method: 'POST',
        url: '/api/task/validate',
        headers: { ...user.headers, 'content-type': 'application/json', ...headers },
        payload,
      });

    it('exactly the setting passes; one byte more is 413 with the docs/product.md §8 text', async () => {
      const user = await newUser(ctx);
      const taskId = await makeTask(ctx, { kind: 'photo' });
      await taskCall(ctx, user, 'start', { task_id: taskId });
      const body = (bytes: number) => JSON.stringify({ task_id: taskId, photo: photoOf(fileOf(PNG, bytes)) });
      await expectRefused(user, () => upload(user, taskId, body(MAX + 1)), 413, PHOTO_TOO_LARGE_MSG);
      // base64 with padding: sizes around the limit decode exactly
      for (const over of [MAX + 2, MAX + 3])
        await expectRefused(user, () => upload(user, taskId, body(over)), 413, PHOTO_TOO_LARGE_MSG);
      expect((await upload(user, taskId, body(MAX))).statusCode).toBe(200);
    });

    it('a body larger than the route’s limit is 413 {msg} before it is parsed', async () => {
      const user = await newUser(ctx);
      const taskId = await makeTask(ctx, { kind: 'photo' });
      await taskCall(ctx, user, 'start', { task_id: taskId });
      const limit = photoBodyLimit(MAX);
      const huge = JSON.stringify({ task_id: taskId, photo: photoOf(fileOf(PNG, limit)) });
      expect(huge.length).toBeGreaterThan(limit);
      await expectRefused(user, () => upload(user, taskId, huge), 413, 'Request body is too large');
      // the other calls keep the app's own limit
      const start = await small.inject({
        method: 'POST',
        url: '/api/task/start',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ task_id: taskId, pad: 'x'.repeat(1024 * 1024 + 1) }),
      });
      expect(start.statusCode).toBe(413);
    });
  });
});

describe('review: the operator API', () => {
  const reviews = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/tasks/reviews', headers });

  async function pendingPhoto(user: TestUser, taskId: number, file = PNG) {
    await taskCall(ctx, user, 'start', { task_id: taskId });
    const response = await taskCall(ctx, user, 'validate', { task_id: taskId, photo: photoOf(file) });
    expect(response.json<Task>().status).toBe('pending_review');
    const queue = (await reviews(admin(ctx))).json<Array<{ id: number; user: { id: number }; task: { id: number } }>>();
    const item = queue.find((entry) => entry.user.id === user.userId && entry.task.id === taskId);
    if (!item) throw new Error('proof not in the queue');
    return item.id;
  }

  it('needs an operator: 401 without a token or with a wrong one, 403 with a user’s token; a user cannot fetch a photo', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo' });
    const proofId = await pendingPhoto(user, taskId);
    const photoUrl = `/api/admin/tasks/reviews/${proofId}/photo`;
    for (const [headers, status] of [
      [{}, 401],
      [bearer('wrong-admin-token'), 401],
      [user.headers, 403],
    ] as const) {
      for (const [method, url] of [
        ['GET', '/api/admin/tasks/reviews'],
        ['GET', photoUrl],
        ['GET', '/api/admin/tasks'],
        ['POST', `/api/admin/tasks/reviews/${proofId}/approve`],
      ] as const) {
        const response = await ctx.app.inject({ method, url, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(status);
        expect(response.headers['content-type']).toMatch(/json/);
      }
    }
    await expectRefused(
      user,
      () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/tasks/reviews/${proofId}/reject`,
          headers: user.headers,
          payload: { reason: 'x' },
        }),
      403,
    );
    // the user's own answers never carry the photo
    expect((await ctx.app.inject({ method: 'GET', url: '/api/task/list', headers: user.headers })).body).not.toContain(
      PNG.toString('base64'),
    );
  });

  it('lists pending proofs with the user and the task; serves a photo with its type; approve → validated → claim pays once', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo', reward: '20' });
    const file = fileOf(PNG, 5000);
    const proofId = await pendingPhoto(user, taskId, file);

    const queue = (await reviews(admin(ctx))).json<Array<Record<string, unknown>>>();
    expect(queue.find((item) => item['id'] === proofId)).toMatchObject({
      kind: 'photo',
      status: 'pending',
      content_type: 'image/png',
      size: 5000,
      link: null,
      task: { id: taskId, kind: 'photo', reward: '20' },
      user: { id: user.userId },
    });

    const photo = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tasks/reviews/${proofId}/photo`,
      headers: admin(ctx),
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(file)).toBe(true);

    const socket = listen(ctx, user.userId);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tasks/reviews/${proofId}/approve`,
      headers: admin(ctx),
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: proofId, status: 'approved' });
    expect(socket.events('user:task').map((m) => m.data.status)).toEqual(['validated']);
    expect((await reviews(admin(ctx))).json<Array<{ id: number }>>().map((item) => item.id)).not.toContain(proofId);

    // reviewed once
    for (const verdict of ['approve', 'reject']) {
      const again = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/tasks/reviews/${proofId}/${verdict}`,
        headers: admin(ctx),
        ...(verdict === 'reject' ? { payload: { reason: 'late' } } : {}),
      });
      expect(again.statusCode).toBe(409);
    }
    expect((await taskOf(ctx, user, taskId))?.status).toBe('validated');

    const claim = await taskCall(ctx, user, 'claim', { task_id: taskId });
    expect(claim.statusCode).toBe(200);
    expect(taskSchema.parse(claim.json()).status).toBe('claimed');
    expect(socket.events('user:task').map((m) => m.data.status)).toEqual(['validated', 'claimed']);
    expect(socket.events('user:balance').at(-1)?.data.task_balance).toBe('20');
    socket.stop();
    const [entry] = await ctx.db.query<{ delta: bigint; account: string }>(
      `SELECT delta, account FROM ledger WHERE user_id = $1 AND reason = 'task_reward' AND ref_type = 'task' AND ref_id = $2`,
      [user.userId, String(taskId)],
    );
    expect(entry).toEqual({ delta: 20_000_000_000n, account: 'task_balance' });
    expect(await ledgerMatchesBalances(ctx, user.userId)).toBe(true);
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'claim', { task_id: taskId }),
      409,
      SERVER_MESSAGES.taskAlreadyClaimed,
    );
  });

  it('reject with a reason: the user reads it, sends a new proof, and that one can be approved', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'link', settings: { allowed_hosts: ['t.me'] } });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    await taskCall(ctx, user, 'validate', { task_id: taskId, link: 'https://t.me/c/1' });
    const [first] = (await reviews(admin(ctx)))
      .json<Array<{ id: number; link: string; user: { id: number } }>>()
      .filter((i) => i.user.id === user.userId);
    expect(first?.link).toBe('https://t.me/c/1');

    const reject = (payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/tasks/reviews/${first!.id}/reject`,
        headers: admin(ctx),
        payload: payload as object,
      });
    for (const bad of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'ok', extra: 1 },
    ]) {
      await expectRefused(user, () => reject(bad), 422);
    }
    const socket = listen(ctx, user.userId);
    expect((await reject({ reason: 'The post is private' })).json()).toMatchObject({
      status: 'rejected',
      reason: 'The post is private',
    });
    const rejected = socket.events('user:task')[0]?.data;
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_reason: 'The post is private',
      proof_link: 'https://t.me/c/1',
    });
    expect(await taskOf(ctx, user, taskId)).toEqual(rejected);
    await expectRefused(
      user,
      () => taskCall(ctx, user, 'claim', { task_id: taskId }),
      409,
      SERVER_MESSAGES.taskNotValidated,
    );

    const again = (await taskCall(ctx, user, 'validate', { task_id: taskId, link: 'https://t.me/c/2' })).json<Task>();
    expect(again).toMatchObject({ status: 'pending_review', rejection_reason: null, proof_link: 'https://t.me/c/2' });
    const second = (await reviews(admin(ctx)))
      .json<Array<{ id: number; user: { id: number } }>>()
      .find((i) => i.user.id === user.userId);
    expect(second!.id).not.toBe(first!.id);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tasks/reviews/${second!.id}/approve`,
      headers: admin(ctx),
    });
    expect((await taskOf(ctx, user, taskId))?.status).toBe('validated');
    expect(socket.events('user:task').map((m) => m.data.status)).toEqual(['rejected', 'pending_review', 'validated']);
    socket.stop();
    expect(
      (await ctx.db.query('SELECT status FROM task_proofs WHERE user_id = $1 ORDER BY id', [user.userId])).map(
        (r) => r['status'],
      ),
    ).toEqual(['rejected', 'approved']);
  });

  it('an unknown proof is 404; a link proof has no photo (404); hostile ids are 422', async () => {
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tasks/reviews/2000000000/approve',
      headers: admin(ctx),
    });
    expect(missing.statusCode).toBe(404);
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'link' });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    await taskCall(ctx, user, 'validate', { task_id: taskId, link: 'https://t.me/x' });
    const [proof] = await ctx.db.query<{ id: number }>('SELECT id FROM task_proofs WHERE user_id = $1', [user.userId]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/admin/tasks/reviews/${proof!.id}/photo`, headers: admin(ctx) }))
        .statusCode,
    ).toBe(404);
    for (const id of ['0', '-1', '1e3', 'abc', '99999999999']) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/admin/tasks/reviews/${id}/approve`, headers: admin(ctx) }))
          .statusCode,
      ).toBe(422);
    }
  });
});

describe('operator API: the catalogue', () => {
  const create = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/tasks', headers: admin(ctx), payload: payload as object });
  const base = {
    kind: 'visit',
    reward: '3',
    title: { en: 'T', ru: 'Т' },
    description: { en: 'D', ru: 'О' },
    settings: { url: 'https://ton.org' },
  };

  it('creates with checked settings per kind; refuses bad input with 422 and writes nothing', async () => {
    const created = await create(base);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      kind: 'visit',
      reward: '3',
      icon: 'visit',
      is_active: true,
      settings: { url: 'https://ton.org', min_seconds: 10 },
    });

    const [before] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM tasks');
    const bad: Array<[unknown, string?]> = [
      [{ ...base, kind: 'quiz' }],
      [{ ...base, reward: '0' }],
      [{ ...base, reward: 5 }],
      [{ ...base, reward: '1e3' }],
      [{ ...base, title: { en: 'T' } }],
      [{ ...base, title: { en: '', ru: 'Т' } }],
      [{ ...base, icon: '<script>' }],
      [{ ...base, icon: 'globe' }],
      [{ ...base, extra: 1 }],
      [{ ...base, settings: {} }, 'settings.url'],
      [{ ...base, settings: { url: 'javascript:alert(1)' } }, 'settings.url'],
      [{ ...base, settings: { url: 'https://ton.org', min_seconds: -1 } }, 'settings.min_seconds'],
      [{ ...base, kind: 'referrals', settings: { count: 0 } }, 'settings.count'],
      [{ ...base, kind: 'referrals', settings: { count: 1, paying: true } }],
      [{ ...base, kind: 'link', settings: { allowed_hosts: ['https://t.me/'] } }, 'settings.allowed_hosts.0'],
      [{ ...base, kind: 'photo', settings: { url: 'https://ton.org' } }],
    ];
    for (const [payload, path] of bad) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (path) expect(response.json<ErrorBody>().errors?.map((e) => e.path)).toContain(path);
    }
    const [after] = await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM tasks');
    expect(after?.n).toBe(before?.n);
  });

  it('turns a task off and on, reorders it, and keeps its kind', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo', sort_order: 5 });
    const patch = (payload: unknown) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/admin/tasks/${taskId}`,
        headers: admin(ctx),
        payload: payload as object,
      });
    expect((await patch({ is_active: false })).json()).toMatchObject({ id: taskId, is_active: false });
    expect(await taskOf(ctx, user, taskId)).toBeUndefined();
    expect(
      (await patch({ is_active: true, sort_order: -5, reward: '1.5', title: { en: 'New', ru: 'Новое' } })).json(),
    ).toMatchObject({
      is_active: true,
      sort_order: -5,
      reward: '1.5',
      title: { en: 'New', ru: 'Новое' },
    });
    expect(await taskOf(ctx, user, taskId)).toMatchObject({ reward: '1.5', title: { en: 'New', ru: 'Новое' } });
    expect((await patch({ kind: 'link' })).statusCode).toBe(422);
    expect((await patch({ settings: { url: 'https://x.com' } })).statusCode).toBe(422);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/tasks/2000000000',
      headers: admin(ctx),
      payload: { is_active: true },
    });
    expect(missing.statusCode).toBe(404);
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/tasks', headers: admin(ctx) })).json<
      Array<{ id: number }>
    >();
    expect(list.map((task) => task.id)).toContain(taskId);
  });
});

describe('operator CLI (npm run operator -- tasks … / reviews …)', () => {
  it('adds, lists, switches and orders tasks, and lists, approves and rejects proofs, through the admin API', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const lines: string[] = [];
    const run = (...args: string[]) =>
      runOperator(args, { apiUrl: address, adminToken: ctx.config.adminToken, print: (line) => lines.push(line) });

    await run(
      'tasks',
      'add',
      '--kind',
      'link',
      '--reward',
      '12.5',
      '--title-en',
      'Post it',
      '--title-ru',
      'Опубликуйте',
      '--description-en',
      'Post',
      '--description-ru',
      'Пост',
      '--allowed-hosts',
      't.me,x.com',
      '--order',
      '7',
    );
    const added = /^Added #(\d+) on {2}order 7 link 12.5 tokens — Post it \(hosts t.me,x.com\)$/.exec(
      lines.at(-1) ?? '',
    );
    expect(added, lines.at(-1)).not.toBeNull();
    const taskId = Number(added![1]);

    await run('tasks', 'off', String(taskId));
    expect(lines.at(-1)).toMatch(new RegExp(`^#${taskId} off order 7 link`));
    await run('tasks', 'on', String(taskId));
    await run('tasks', 'order', String(taskId), '3');
    expect(lines.at(-1)).toMatch(new RegExp(`^#${taskId} on  order 3 link`));
    lines.length = 0;
    await run('tasks', 'list');
    expect(lines.some((line) => line.startsWith(`#${taskId} on  order 3 link 12.5 tokens — Post it`))).toBe(true);

    const alice = await newUser(ctx);
    const bob = await newUser(ctx);
    for (const [user, link] of [
      [alice, 'https://t.me/a/1'],
      [bob, 'https://x.com/b/2'],
    ] as const) {
      await taskCall(ctx, user, 'start', { task_id: taskId });
      expect((await taskCall(ctx, user, 'validate', { task_id: taskId, link })).statusCode).toBe(200);
    }
    lines.length = 0;
    await run('reviews', 'list');
    const proofIds = lines
      .filter((line) => line.includes(`task #${taskId} `))
      .map((line) => Number(/^#(\d+) /.exec(line)![1]));
    expect(proofIds).toHaveLength(2);
    expect(lines.join('\n')).toContain('link https://t.me/a/1');

    await run('reviews', 'approve', String(proofIds[0]));
    await run('reviews', 'reject', String(proofIds[1]), 'Not', 'about', 'us');
    expect(lines.at(-1)).toBe(`Rejected #${proofIds[1]}: Test reads "Not about us".`);
    expect((await taskOf(ctx, alice, taskId))?.status).toBe('validated');
    expect(await taskOf(ctx, bob, taskId)).toMatchObject({ status: 'rejected', rejection_reason: 'Not about us' });

    await expect(run('reviews', 'approve', String(proofIds[0]))).rejects.toThrow(/^409: /);
    await expect(run('tasks', 'add', '--kind', 'quiz')).rejects.toThrow(/^422: /);
    await expect(run('tasks', 'on', 'x')).rejects.toThrow(/Usage/);
    await expect(run('reviews', 'reject', '1')).rejects.toThrow(/Usage/);
    await expect(
      runOperator(['tasks', 'list'], { apiUrl: address, adminToken: 'wrong-admin-token', print: () => undefined }),
    ).rejects.toThrow(/^401: Invalid admin token/);
  });
});

describe('sandbox launcher: the review queue', () => {
  it('lists pending proofs, serves the thumbnail, approves and rejects with a reason', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo' });
    await taskCall(ctx, user, 'start', { task_id: taskId });
    await taskCall(ctx, user, 'validate', { task_id: taskId, photo: photoOf(WEBP, 'image/webp') });
    const queue = (await ctx.app.inject({ method: 'GET', url: '/sandbox/api/reviews' })).json<
      Array<{ id: number; user: { id: number } }>
    >();
    const item = queue.find((entry) => entry.user.id === user.userId);
    expect(item).toBeDefined();
    const photo = await ctx.app.inject({ method: 'GET', url: `/sandbox/api/reviews/${item!.id}/photo` });
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.rawPayload.equals(WEBP)).toBe(true);

    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/sandbox/api/reviews/${item!.id}/reject`,
          payload: { reason: '' },
        })
      ).statusCode,
    ).toBe(422);
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/api/reviews/${item!.id}/reject`,
      payload: { reason: 'Blurry' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await taskOf(ctx, user, taskId)).toMatchObject({ status: 'rejected', rejection_reason: 'Blurry' });

    await taskCall(ctx, user, 'validate', { task_id: taskId, photo: photoOf(PNG) });
    const next = (await ctx.app.inject({ method: 'GET', url: '/sandbox/api/reviews' })).json<
      Array<{ id: number; user: { id: number } }>
    >();
    const second = next.find((entry) => entry.user.id === user.userId)!;
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/sandbox/api/reviews/${second.id}/approve`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await taskCall(ctx, user, 'claim', { task_id: taskId })).json<Task>().status).toBe('claimed');

    const page = await ctx.app.inject({ method: 'GET', url: '/sandbox/' });
    expect(page.body).toContain('Review queue');
  });
});

describe('claim', () => {
  it('100 concurrent claims credit the reward once (serialised here; truly concurrent in postgres.test.ts)', async () => {
    await expectTaskClaimedOnce([ctx], 100);
  });

  it('claim pays the task’s reward at claim time to task_balance and tells the sockets', async () => {
    const user = await newUser(ctx);
    const taskId = await validatedTask(ctx, user, '0.000000001');
    const socket = listen(ctx, user.userId);
    const claimed = taskSchema.parse((await taskCall(ctx, user, 'claim', { task_id: taskId })).json());
    expect(claimed.status).toBe('claimed');
    expect(claimed.claimed_at).not.toBeNull();
    expect(socket.events('user:task').map((m) => m.data)).toEqual([claimed]);
    expect(socket.events('user:balance').map((m) => m.data.task_balance)).toEqual(['0.000000001']);
    socket.stop();
  });
});
