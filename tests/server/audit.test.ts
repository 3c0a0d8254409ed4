/**
 * The operator audit records operators, not strangers (server/audit): only a state-changing call of the
 * operator API whose admin token was accepted is a row — named by its route's pattern, its parameters and
 * query bounded —, refusals are only counted; and the operator API is limited per address.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditEntry as FullAuditEntry,
  type ErrorBody,
  OPERATOR_ACTION_CALLS,
  OPERATOR_ERROR_MESSAGES,
  type OperatorActor,
  SERVER_MESSAGES,
} from '@contract';
import { buildApp } from '../../server/app';
import { AUDIT_ARG_MAX_CHARS, AUDIT_ARGS_MAX_KEYS } from '../../server/audit/hooks';
import { actionName } from '../../server/audit/words';
import { noteWithdrawalErrors } from '../../server/withdraw/queries';
import { loadConfig } from '../../server/config';
import { runOperator } from '../../server/operator';
import {
  TEST_ENV,
  bearer,
  createTestContext,
  newTelegramId,
  register,
  sandboxConfig,
  signInitData,
  type TestContext,
} from './helpers';
import { newRecipient, sold } from './payout-kit';
import { PNG } from './task-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const rows = async () =>
  (await ctx.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM operator_actions'))[0]?.n ?? 0;

/** An entry of GET /api/admin/audit, its parameters and query as the audit bounds them. */
interface AuditEntry {
  actor: OperatorActor;
  action: string | null;
  method: string;
  path: string;
  params: Record<string, string> | null;
  query: Record<string, string> | null;
  body: unknown;
  /** null: the outcome was never written. */
  status: number | null;
  ip: string;
}

const newest = async (limit = 1) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/audit?limit=${limit}`,
      headers: bearer(ctx.config.adminToken),
    })
  ).json<AuditEntry[]>();

describe('the operator audit', () => {
  it('writes no row for a call without the admin token, whatever the path, query or body', async () => {
    const before = await rows();
    const long = 'q'.repeat(2_000);
    const body = { filler: 'b'.repeat(2_000) };
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(await ctx.app.inject({ method: 'POST', url: `/api/admin/x?${long}`, payload: body }));
    }
    // Real operator routes, in any spelling, without a token or with a wrong one.
    answers.push(
      await ctx.app.inject({ method: 'POST', url: `/api/admin/maintenance?${long}`, payload: { enabled: true } }),
    );
    answers.push(await ctx.app.inject({ method: 'POST', url: '/%61pi/admin/price', payload: { price: '1' } }));
    answers.push(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/payouts',
        headers: bearer('not-the-token'),
        payload: { paused: true },
      }),
    );
    answers.push(await ctx.app.inject({ method: 'PATCH', url: '/api/admin/tasks/1', payload: {} }));
    expect(new Set(answers.slice(0, 20).map((answer) => answer.statusCode))).toEqual(new Set([404]));
    expect(answers.slice(20).map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    expect(await rows()).toBe(before);
  });

  it('writes one row for an operator’s call, naming the route (its pattern) and its parameters, in any spelling', async () => {
    const before = await rows();
    const paused = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/admin/payouts',
      headers: bearer(ctx.config.adminToken),
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/withdrawals/987654/refund',
      headers: bearer(ctx.config.adminToken),
    });
    expect(refund.statusCode).toBe(404);
    expect(await rows()).toBe(before + 2);
    expect(await newest(2)).toMatchObject([
      {
        method: 'POST',
        path: '/api/admin/withdrawals/:id/refund',
        params: { id: '987654' },
        query: null,
        body: null,
        status: 404,
      },
      { method: 'POST', path: '/api/admin/payouts', params: null, query: null, body: { paused: true }, status: 200 },
    ]);
    // Reads are not actions.
    await ctx.app.inject({ method: 'GET', url: '/api/admin/payouts', headers: bearer(ctx.config.adminToken) });
    expect(await rows()).toBe(before + 2);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: bearer(ctx.config.adminToken),
      payload: { paused: false },
    });
  });

  it('keeps a long query bounded: a few keys, each cut short, never the URL as sent', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}=${'v'.repeat(1_000)}`);
    const url = `/api/admin/payouts?${'x'.repeat(64)}${'y'.repeat(2_000)}=1&${keys.join('&')}`;
    expect(url.length).toBeGreaterThan(20_000);
    const answer = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(ctx.config.adminToken),
      payload: { paused: false },
    });
    expect(answer.statusCode).toBe(200);
    const [stored] = await ctx.db.query<{ path: string; query: string }>(
      'SELECT path, query FROM operator_actions ORDER BY id DESC LIMIT 1',
    );
    expect(stored?.path).toBe('/api/admin/payouts');
    // 8 keys and the count of the rest, each key and value at most 64 characters.
    expect(stored!.query.length).toBeLessThan((AUDIT_ARGS_MAX_KEYS + 1) * (2 * AUDIT_ARG_MAX_CHARS + 6) + 2);
    const [entry] = await newest();
    const query = entry!.query!;
    expect(Object.keys(query)).toHaveLength(AUDIT_ARGS_MAX_KEYS + 1);
    expect(query['…']).toBe(`${21 - AUDIT_ARGS_MAX_KEYS} more`);
    for (const [key, value] of Object.entries(query)) {
      expect(key.length).toBeLessThanOrEqual(AUDIT_ARG_MAX_CHARS);
      expect(value.length).toBeLessThanOrEqual(AUDIT_ARG_MAX_CHARS);
    }
    expect(query['k0']).toBe(`${'v'.repeat(AUDIT_ARG_MAX_CHARS - 1)}…`);
  });

  it('counts refusals in the log, at most one line a minute, with no path, query or body in it', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = await buildApp({ config: ctx.config, db: ctx.db, bus: ctx.bus, logger: { level: 'warn', stream } });
    try {
      // The operator API is known by its routes' flag: a route under /api/admin without it cannot be registered.
      expect(() => app.post('/api/admin/unflagged', async () => ({}))).toThrow(/config\.operator/);
      for (let i = 0; i < 5; i++) {
        await app.inject({
          method: 'POST',
          url: `/api/admin/price?${'z'.repeat(3_000)}`,
          payload: { price: 'p'.repeat(3_000) },
        });
      }
      const refusals = lines.filter((line) => line['msg'] === 'operator calls refused (not audited)');
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({ refused: 1, method: 'POST', route: '/api/admin/price', status: 401 });
      expect(JSON.stringify(refusals[0]).length).toBeLessThan(1_000);
    } finally {
      await app.close();
    }
  });
});

describe('every operator action is recorded, or it did not happen', () => {
  const OPERATOR = newTelegramId();
  let recorded: TestContext;
  let apiUrl: string;
  beforeAll(async () => {
    recorded = await createTestContext({ config: sandboxConfig({ operatorTelegramIds: [OPERATOR] }) });
    apiUrl = await recorded.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => recorded?.close());

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    recorded.app.inject({ method, url, headers: bearer(recorded.config.adminToken), ...(payload ? { payload } : {}) });
  const count = async (table: 'operator_actions' | 'operator_sessions') =>
    (await recorded.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

  /** Every write to the audit fails while `condition` holds (a database refusing it, a disk full, a process gone). */
  async function auditWritesFail(condition: string, run: () => Promise<void>): Promise<void> {
    await recorded.db.exec(`
      CREATE FUNCTION audit_write_fails() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${condition} THEN RAISE EXCEPTION 'audit write failed'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER audit_write_fails BEFORE INSERT OR UPDATE ON operator_actions
        FOR EACH ROW EXECUTE FUNCTION audit_write_fails();
    `);
    try {
      await run();
    } finally {
      await recorded.db.exec(`
        DROP TRIGGER audit_write_fails ON operator_actions;
        DROP FUNCTION audit_write_fails();
      `);
    }
  }

  it('refuses an action whose row cannot be written (503 auditUnavailable), and it changes nothing', async () => {
    const price = (await asAdmin('GET', '/api/admin/price')).json<{ price: string }>().price;
    const actions = await count('operator_actions');
    const sessions = await count('operator_sessions');
    await auditWritesFail('TRUE', async () => {
      const refusals = [
        await asAdmin('POST', '/api/admin/maintenance', { enabled: true }),
        await asAdmin('POST', '/api/admin/price', { price: '7.25' }),
        // The console's sign-in: its row is written with its session, so no session opens without it.
        await recorded.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          payload: { init_data: signInitData({ id: OPERATOR, first_name: 'Olga' }) },
        }),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.json<ErrorBody>()).toEqual({
          msg: OPERATOR_ERROR_MESSAGES.auditUnavailable,
          code: 'auditUnavailable',
        });
      }
    });
    expect((await asAdmin('GET', '/api/admin/maintenance')).json<{ enabled: boolean }>().enabled).toBe(false);
    expect((await asAdmin('GET', '/api/admin/price')).json<{ price: string }>().price).toBe(price);
    expect(await count('operator_sessions')).toBe(sessions);
    expect(await count('operator_actions')).toBe(actions);
    // Once the audit can be written again, so are the actions.
    expect((await asAdmin('POST', '/api/admin/price', { price: '7.25' })).statusCode).toBe(200);
    expect(await count('operator_actions')).toBe(actions + 1);
  });

  it('records an operator’s call refused before its handler ran (a malformed body) with its status', async () => {
    const answer = await recorded.app.inject({
      method: 'POST',
      url: '/api/admin/price',
      headers: { ...bearer(recorded.config.adminToken), 'content-type': 'application/json' },
      payload: '{"price":',
    });
    expect(answer.json<ErrorBody>().code).toBe('malformedJson');
    const [entry] = (await asAdmin('GET', '/api/admin/audit?limit=1')).json<AuditEntry[]>();
    expect(entry).toMatchObject({
      action: 'priceSet',
      path: '/api/admin/price',
      body: null,
      status: 400,
      // Not a request the call takes: the entry names the call, not what it would have done.
      summary: null,
    });
  });

  it('keeps the row of an action whose outcome was never written: shown as of unknown outcome', async () => {
    // Every audit write fails once the action is done: the process stopped right after it.
    const paused = `(SELECT value FROM settings WHERE key = 'payouts_paused') = 'true'::jsonb`;
    await auditWritesFail(paused, async () => {
      const answer = await asAdmin('POST', '/api/admin/payouts', { paused: true });
      expect(answer.statusCode, answer.body).toBe(200);
    });
    try {
      const [entry] = (await asAdmin('GET', '/api/admin/audit?limit=1')).json<AuditEntry[]>();
      expect(entry).toMatchObject({ action: 'payoutsSet', body: { paused: true }, actor: { kind: 'token' } });
      expect(entry!.status).toBeNull();
      const lines: string[] = [];
      await runOperator(['audit', '1'], {
        apiUrl,
        adminToken: recorded.config.adminToken,
        print: (line) => lines.push(line),
      });
      expect(lines).toEqual([
        expect.stringMatching(/^\S+Z token unknown Pause payouts — payoutsSet POST \/api\/admin\/payouts /),
      ]);
    } finally {
      expect((await asAdmin('POST', '/api/admin/payouts', { paused: false })).statusCode).toBe(200);
    }
    // An outcome written is the answer's, a refusal by the route included.
    const [resumed] = (await asAdmin('GET', '/api/admin/audit?limit=1')).json<AuditEntry[]>();
    expect(resumed).toMatchObject({ action: 'payoutsSet', body: { paused: false }, status: 200 });
  });
});

describe('the operator API’s limit per address', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ config: loadConfig({ ...TEST_ENV, RATE_LIMIT_ADMIN_PER_IP: '3' }) });
  });
  afterAll(async () => limited?.close());

  const call = (ip: string, token?: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      remoteAddress: ip,
      ...(token ? { headers: bearer(token) } : {}),
      payload: { paused: false },
    });

  it('answers 429 {msg} with Retry-After past its max, with or without the token; another address is not affected', async () => {
    expect(loadConfig(TEST_ENV).faults.rateLimitAdminPerIp).toBe(100_000);
    expect(loadConfig({ ...TEST_ENV, RATE_LIMIT_ADMIN_PER_IP: undefined }).faults.rateLimitAdminPerIp).toBe(60);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await call('10.5.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const refused = await call('10.5.0.1', limited.config.adminToken);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorBody>()).toEqual({ msg: SERVER_MESSAGES.tooManyRequests, code: 'tooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Any operator route counts, in any spelling.
    expect(
      (await limited.app.inject({ method: 'GET', url: '/%61pi/admin/maintenance', remoteAddress: '10.5.0.1' }))
        .statusCode,
    ).toBe(429);
    expect((await call('10.5.0.2', limited.config.adminToken)).statusCode).toBe(200);
    // Neither the refusals nor the limited call were audited; the operator's call from the other address was.
    const entries = await limited.db.query<{ ip: string; status: number }>('SELECT ip, status FROM operator_actions');
    expect(entries).toEqual([{ ip: '10.5.0.2', status: 200 }]);
  });
});

describe('the audit says what was done to what (docs/decisions.md "The audit\'s words")', () => {
  const OPERATOR = newTelegramId();
  let worded: TestContext;
  let apiUrl: string;
  let operatorHeaders: { authorization: string };
  beforeAll(async () => {
    worded = await createTestContext({ config: sandboxConfig({ operatorTelegramIds: [OPERATOR] }) });
    apiUrl = await worded.app.listen({ port: 0, host: '127.0.0.1' });
    const session = await worded.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { init_data: signInitData({ id: OPERATOR, first_name: 'Olga' }) },
    });
    expect(session.statusCode, session.body).toBe(200);
    operatorHeaders = bearer(session.json<{ token: string }>().token);
  });
  afterAll(async () => worded?.close());

  /** An operator call made by Olga's console session; answers its status and the entry it left. */
  async function act(method: 'POST' | 'PATCH', url: string, payload?: object) {
    const answer = await worded.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: operatorHeaders,
      ...(payload ? { payload } : {}),
    });
    const [entry] = (
      await worded.app.inject({ method: 'GET', url: '/api/admin/audit?limit=1', headers: operatorHeaders })
    ).json<FullAuditEntry[]>();
    return { status: answer.statusCode, answer, entry: entry! };
  }

  /** What `npm run operator -- audit 1` prints of the newest entry. */
  async function cliLine(): Promise<string> {
    const lines: string[] = [];
    await runOperator(['audit', '1'], {
      apiUrl,
      adminToken: worded.config.adminToken,
      print: (line) => lines.push(line),
    });
    expect(lines).toHaveLength(1);
    return lines[0]!;
  }

  /** A user of the app named `first_name`. */
  async function namedUser(first_name: string): Promise<number> {
    const telegramId = newTelegramId();
    await register(worded.app, { id: telegramId, first_name });
    const [row] = await worded.db.query<{ id: number }>(
      'UPDATE users SET community_member = true, community_checked_at = now() WHERE telegram_id = $1 RETURNING id',
      [telegramId],
    );
    return row!.id;
  }

  it('names the price set, the switches and the sale settings changed', async () => {
    const price = await act('POST', '/price', { price: '0.0125' });
    expect(price.status).toBe(200);
    expect(price.entry).toMatchObject({
      actor: { kind: 'operator', telegram_id: OPERATOR, name: 'Olga' },
      action: 'priceSet',
      summary: { kind: 'priceSet', price: '0.0125' },
      status: 200,
    });
    expect(await cliLine()).toMatch(
      new RegExp(`^\\S+Z Olga \\[${OPERATOR}\\] 200 Set the price to 0\\.012500 TON — priceSet POST /api/admin/price `),
    );

    expect((await act('POST', '/maintenance', { enabled: true })).entry.summary).toEqual({
      kind: 'maintenanceSet',
      enabled: true,
    });
    expect(await cliLine()).toContain(' 200 Turned maintenance on — ');
    await act('POST', '/maintenance', { enabled: false });
    expect((await act('POST', '/payouts', { paused: true })).entry.summary).toEqual({
      kind: 'payoutsSet',
      paused: true,
    });
    expect(await cliLine()).toContain(' 200 Paused payouts — ');
    await act('POST', '/payouts', { paused: false });

    const settings = await act('PATCH', '/settings', { withdraw_fee_percent: 3, withdraw_network_fee: '0.050' });
    expect(settings.entry.summary).toEqual({
      kind: 'settingsSet',
      changes: { withdraw_fee_percent: 3, withdraw_network_fee: '0.05' },
    });
    expect(await cliLine()).toContain(' 200 Changed the sale settings: fee 3%, network fee 0.05 TON — ');
  });

  it('names a refunded withdrawal with its amount and whose it was; a second refund, refused, by what was asked', async () => {
    const alice = await namedUser('Alice');
    const sale = await sold(worded, alice, 1_806_000_000n, newRecipient().text);
    await noteWithdrawalErrors(worded.db, [sale.id], {
      code: 'hot_wallet_short',
      params: { balance: '0', needed: '1' },
    });
    const refund = await act('POST', `/withdrawals/${sale.id}/refund`);
    expect(refund.status).toBe(200);
    expect(refund.entry.summary).toEqual({
      kind: 'withdrawalRefund',
      withdrawal_id: sale.id,
      withdrawal: {
        ton_amount: '1.806',
        token_amount: '10',
        user: { id: alice, telegram_id: expect.any(Number), first_name: 'Alice', username: null },
      },
    });
    // The raw call stays in the entry, and in the CLI's line after the words.
    expect(refund.entry).toMatchObject({ path: '/api/admin/withdrawals/:id/refund', params: { id: String(sale.id) } });
    expect(await cliLine()).toContain(
      ` 200 Refunded withdrawal #${sale.id} (1.8060 TON) of Alice — withdrawalRefund POST /api/admin/withdrawals/:id/refund {"id":"${sale.id}"} `,
    );

    const again = await act('POST', `/withdrawals/${sale.id}/refund`);
    expect(again.status).toBe(409);
    expect(again.entry.summary).toEqual({ kind: 'withdrawalRefund', withdrawal_id: sale.id });
    expect(await cliLine()).toContain(` 409 Refund withdrawal #${sale.id} — `);
    const retry = await act('POST', '/withdrawals/987654/retry');
    expect(retry.status).toBe(404);
    expect(await cliLine()).toContain(' 404 Send withdrawal #987654 again — ');
    const resign = await act('POST', '/payouts/held/987654/resign');
    expect(resign.status).toBe(404);
    expect(await cliLine()).toContain(' 404 Sign held batch #987654 again — ');
  });

  it('names a proof approved or rejected: whose, which task, its reward, the reason', async () => {
    const bob = await namedUser('Bob');
    const user = { userId: bob, headers: await headersOf(bob) };
    const taskId = await makeTaskIn(worded, { kind: 'photo', reward: '20' });
    const proofs: number[] = [];
    for (let i = 0; i < 2; i++) {
      await worded.app.inject({
        method: 'POST',
        url: '/api/task/start',
        headers: user.headers,
        payload: { task_id: taskId },
      });
      const sent = await worded.app.inject({
        method: 'POST',
        url: '/api/task/validate',
        headers: user.headers,
        payload: { task_id: taskId, photo: { content_type: 'image/png', data: PNG.toString('base64') } },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [proof] = await worded.db.query<{ id: number }>(
        `SELECT id FROM task_proofs WHERE user_id = $1 AND status = 'pending'`,
        [bob],
      );
      proofs.push(proof!.id);
      if (i === 0) {
        const rejected = await act('POST', `/tasks/reviews/${proof!.id}/reject`, { reason: 'The photo is blurred' });
        expect(rejected.status).toBe(200);
        expect(rejected.entry.summary).toEqual({
          kind: 'reviewReject',
          review_id: proof!.id,
          reason: 'The photo is blurred',
          proof: {
            proof: 'photo',
            task: { id: taskId, title: { en: 'Show the photo', ru: 'Покажите фото' }, reward: '20' },
            user: { id: bob, telegram_id: expect.any(Number), first_name: 'Bob', username: null },
          },
        });
        expect(await cliLine()).toContain(
          ' 200 Rejected Bob’s photo proof for “Show the photo”: The photo is blurred — reviewReject POST ',
        );
      }
    }
    const approved = await act('POST', `/tasks/reviews/${proofs[1]}/approve`);
    expect(approved.status).toBe(200);
    expect(await cliLine()).toContain(' 200 Approved Bob’s photo proof for “Show the photo” (reward 20.00 TKN) — ');
    const twice = await act('POST', `/tasks/reviews/${proofs[1]}/approve`);
    expect(twice.status).toBe(409);
    expect(await cliLine()).toContain(` 409 Approve proof #${proofs[1]} — `);
  });

  it('names a task added, switched, moved and changed', async () => {
    const created = await act('POST', '/tasks', {
      kind: 'visit',
      reward: '12.5',
      title: { en: 'Visit the partner', ru: 'Посетите партнёра' },
      description: { en: 'Open it', ru: 'Откройте' },
      icon: 'rocket',
      settings: { url: 'https://example.com', min_seconds: 5 },
    });
    expect(created.status).toBe(201);
    const id = created.answer.json<{ id: number }>().id;
    expect(created.entry.summary).toEqual({
      kind: 'taskCreate',
      task_kind: 'visit',
      title: { en: 'Visit the partner', ru: 'Посетите партнёра' },
      reward: '12.5',
      task_id: id,
    });
    expect(await cliLine()).toContain(` 201 Added task #${id} “Visit the partner” (Visit a link, reward 12.50 TKN) — `);

    await act('PATCH', `/tasks/${id}`, { is_active: false });
    expect(await cliLine()).toContain(` 200 Turned task #${id} “Visit the partner” off — `);
    await act('PATCH', `/tasks/${id}`, { sort_order: 7 });
    expect(await cliLine()).toContain(` 200 Moved task #${id} “Visit the partner” (order 7) — `);
    const changed = await act('PATCH', `/tasks/${id}`, {
      reward: '30',
      title: { en: 'Visit our partner', ru: 'Посетите нашего партнёра' },
    });
    expect(changed.entry.summary).toMatchObject({ kind: 'taskChange', task_id: id, changed: ['title', 'reward'] });
    expect(await cliLine()).toContain(` 200 Changed task #${id} “Visit our partner”: title, reward 30.00 TKN — `);
    // An icon the app does not draw is refused (422), and the entry says what was asked by the call's name.
    const unknownIcon = await act('PATCH', `/tasks/${id}`, { icon: 'globe' });
    expect(unknownIcon.status).toBe(422);
    expect(unknownIcon.entry).toMatchObject({ action: 'taskChange', summary: null, status: 422 });
    expect(await cliLine()).toContain(' 422 Change a task — taskChange PATCH /api/admin/tasks/:id ');
  });

  it('names a treasury resolution, a sign-out, and says every action of the operator API', async () => {
    const resolution = 'Refunded 2 TON to the sender by hand';
    const resolved = await act('POST', '/treasury/transactions/resolve', { hash: 'A'.repeat(44), resolution });
    expect(resolved.status).toBe(404);
    expect(resolved.entry.summary).toEqual({ kind: 'treasuryResolve', hash: 'A'.repeat(44), resolution });
    expect(await cliLine()).toContain(` 404 Resolve treasury transaction AAAAAAAA…AAAAAA: ${resolution} — `);

    for (const call of OPERATOR_ACTION_CALLS) expect(actionName(call), call).not.toBeNull();

    // Signed out, the session reads the audit no more: the admin token does.
    const end = await worded.app.inject({ method: 'POST', url: '/api/admin/session/end', headers: operatorHeaders });
    expect(end.statusCode).toBe(200);
    const [signOut] = (
      await worded.app.inject({
        method: 'GET',
        url: '/api/admin/audit?limit=1',
        headers: bearer(worded.config.adminToken),
      })
    ).json<FullAuditEntry[]>();
    expect(signOut).toMatchObject({ action: 'sessionClose', summary: { kind: 'sessionClose' }, status: 200 });
    expect(await cliLine()).toContain(' 200 Signed out of the console — ');
    // The sign-in's row, written in its session's transaction, says so too (its launch data not kept).
    const [signIn] = (
      await worded.app.inject({
        method: 'GET',
        url: '/api/admin/audit?action=sessionOpen',
        headers: bearer(worded.config.adminToken),
      })
    ).json<FullAuditEntry[]>();
    expect(signIn).toMatchObject({
      actor: { name: 'Olga' },
      summary: { kind: 'sessionOpen' },
      body: null,
      status: 200,
    });
  });

  /** The bearer of a user's own session (a fresh sign-in). */
  async function headersOf(userId: number) {
    const [row] = await worded.db.query<{ telegram_id: string; first_name: string }>(
      'SELECT telegram_id::text, first_name FROM users WHERE id = $1',
      [userId],
    );
    const tokens = await register(worded.app, { id: Number(row!.telegram_id), first_name: row!.first_name });
    return bearer(tokens.token);
  }
});

/** A photo task in the catalogue, named so the words can be checked. */
async function makeTaskIn(context: TestContext, body: { kind: 'photo'; reward: string }): Promise<number> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/admin/tasks',
    headers: bearer(context.config.adminToken),
    payload: {
      ...body,
      title: { en: 'Show the photo', ru: 'Покажите фото' },
      description: { en: 'A photo', ru: 'Фото' },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}
