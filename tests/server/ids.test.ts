/**
 * Every id, page and limit goes through the contract's one schema with the database's bounds
 * (contract.ts: idSchema, idTextSchema, pageTextSchema, limitTextSchema): a hostile value
 * is a 422 with a clear msg at the edge, never a 500 from Postgres, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_INT_MAX, PAGE_MAX, type Mint } from '@contract';
import { createTestContext, type TestContext } from './helpers';
import { createMint, newUser, payMint, type TestUser } from './mint-kit';

let ctx: TestContext;
let user: TestUser;
let pending: Mint;
let active: Mint;
let sandboxUserId: number;
beforeAll(async () => {
  // No built client: with one, a GET whose path is too long to route falls through to the static files (404).
  ctx = await createTestContext({ distDir: '/nonexistent-dist' });
  user = await newUser(ctx);
  pending = await createMint(ctx, user, 10);
  active = await createMint(ctx, user, 10);
  await payMint(ctx, active);
  const created = await ctx.app.inject({ method: 'POST', url: '/sandbox/api/users', payload: { first_name: 'Ids' } });
  sandboxUserId = created.json<{ id: number }>().id;
});
afterAll(async () => {
  await ctx?.close();
});

/** Hostile ids in a path or a query string (each is sent URL-encoded). */
const HOSTILE_TEXT = [
  String(DB_INT_MAX + 1),
  '9007199254740991',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '0b1',
  'abc',
  ' 1',
  '1 ',
  '+1',
  '01',
  'Infinity',
  'NaN',
  '9'.repeat(4000),
];
/** Hostile ids in a JSON body. */
const HOSTILE_JSON: unknown[] = [
  DB_INT_MAX + 1,
  9007199254740991,
  -1,
  0,
  1.5,
  '1e3',
  '0x10',
  'abc',
  '',
  '1',
  [1],
  { id: 1 },
  null,
  true,
  '9'.repeat(4000),
];

const adminHeaders = () => ({ authorization: `Bearer ${ctx.config.adminToken}` });

interface Probe {
  name: string;
  send(value: string): Promise<{ statusCode: number; json(): unknown }>;
}

const q = encodeURIComponent;
/** Every route that reads an id, a page or a limit from a path or a query string. */
const textProbes: Probe[] = [
  {
    name: 'POST /api/mint/:id/cancel',
    send: (v) => ctx.app.inject({ method: 'POST', url: `/api/mint/${q(v)}/cancel`, headers: user.headers }),
  },
  {
    name: 'GET /api/mint/?page',
    send: (v) => ctx.app.inject({ url: `/api/mint/?page=${q(v)}`, headers: user.headers }),
  },
  {
    name: 'GET /api/mint/?limit',
    send: (v) => ctx.app.inject({ url: `/api/mint/?limit=${q(v)}`, headers: user.headers }),
  },
  {
    name: 'GET /api/staking/?page',
    send: (v) => ctx.app.inject({ url: `/api/staking/?page=${q(v)}`, headers: user.headers }),
  },
  {
    name: 'GET /api/staking/?limit',
    send: (v) => ctx.app.inject({ url: `/api/staking/?limit=${q(v)}`, headers: user.headers }),
  },
  {
    name: 'GET /api/staking/calculate?staking_id',
    send: (v) => ctx.app.inject({ url: `/api/staking/calculate?staking_id=${q(v)}`, headers: user.headers }),
  },
  {
    name: 'GET /api/mint/calculate?freeze_days',
    send: (v) => ctx.app.inject({ url: `/api/mint/calculate?amount=10&freeze_days=${q(v)}`, headers: user.headers }),
  },
  {
    name: 'GET /api/admin/treasury/transactions?limit',
    send: (v) => ctx.app.inject({ url: `/api/admin/treasury/transactions?limit=${q(v)}`, headers: adminHeaders() }),
  },
  {
    name: 'PATCH /sandbox/api/users/:id',
    send: (v) =>
      ctx.app.inject({ method: 'PATCH', url: `/sandbox/api/users/${q(v)}`, payload: { is_community_member: false } }),
  },
  {
    name: 'GET /sandbox/api/users/:id/launch',
    send: (v) => ctx.app.inject({ url: `/sandbox/api/users/${q(v)}/launch` }),
  },
  {
    name: 'POST /sandbox/api/users/:id/grant',
    send: (v) => ctx.app.inject({ method: 'POST', url: `/sandbox/api/users/${q(v)}/grant`, payload: { amount: '5' } }),
  },
  {
    name: 'POST /sandbox/api/users/:id/faucet',
    send: (v) => ctx.app.inject({ method: 'POST', url: `/sandbox/api/users/${q(v)}/faucet`, payload: {} }),
  },
];

/** Every route that reads an id from a JSON body. */
const jsonProbes: Array<{ name: string; send(value: unknown): Promise<{ statusCode: number; json(): unknown }> }> = [
  {
    name: 'POST /api/staking/create {mint_id}',
    send: (v) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/staking/create',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ mint_id: v }),
      }),
  },
  {
    name: 'POST /api/mint/create {days}',
    send: (v) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/mint/create',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ amount: '10', days: v }),
      }),
  },
];

/** Everything a request could have changed. */
async function snapshot() {
  const tables = ['users', 'mints', 'stakes', 'ledger', 'sandbox_users', 'settings'];
  const rows = await Promise.all(tables.map((table) => ctx.db.query(`SELECT * FROM ${table} ORDER BY 1`)));
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}

function expect422(response: { statusCode: number; json(): unknown }, context: string, tooLongForTheRouter = false) {
  expect(response.statusCode, context).toBe(422);
  const body = response.json() as { msg: string };
  // The router refuses a path segment over 100 characters before any route sees it.
  if (tooLongForTheRouter) expect(body).toEqual({ msg: 'A path parameter is too long', code: 'pathTooLong' });
  else expect(body.msg, context).toMatch(/must be a whole number from 1 to \d+$/);
}

describe('ids, pages and limits', () => {
  it.each(textProbes.map((probe) => [probe.name, probe]))('%s: every hostile value is a 422', async (_name, probe) => {
    const before = await snapshot();
    for (const value of HOSTILE_TEXT) {
      const inPath = probe.name.includes(':id');
      expect422(await probe.send(value), `${probe.name} ← ${value.slice(0, 20)}`, inPath && value.length > 100);
    }
    expect(await snapshot()).toBe(before);
  });

  it.each(jsonProbes.map((probe) => [probe.name, probe]))('%s: every hostile value is a 422', async (_name, probe) => {
    const before = await snapshot();
    for (const value of HOSTILE_JSON) {
      expect422(await probe.send(value), `${probe.name} ← ${JSON.stringify(value).slice(0, 20)}`);
    }
    expect(await snapshot()).toBe(before);
  });

  it('an id repeated in a query string (an array) is a 422', async () => {
    const response = await ctx.app.inject({
      url: `/api/staking/calculate?staking_id=1&staking_id=2`,
      headers: user.headers,
    });
    expect422(response, 'staking_id twice');
    expect422(await ctx.app.inject({ url: '/api/mint/?page=1&page=2', headers: user.headers }), 'page twice');
  });

  it('an empty page or limit is a 422, an absent one takes the default', async () => {
    expect422(await ctx.app.inject({ url: '/api/mint/?page=', headers: user.headers }), 'page=');
    expect422(await ctx.app.inject({ url: '/api/staking/?limit=', headers: user.headers }), 'limit=');
    const list = await ctx.app.inject({ url: '/api/mint/', headers: user.headers });
    expect(list.json()).toMatchObject({ page: 1, limit: 300 });
  });

  it('the largest id is valid and simply not found; the last page is empty', async () => {
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/mint/${DB_INT_MAX}/cancel`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(404);
    const stake = await jsonProbes[0]!.send(DB_INT_MAX);
    expect(stake.statusCode).toBe(404);
    const calc = await ctx.app.inject({
      url: `/api/staking/calculate?staking_id=${DB_INT_MAX}`,
      headers: user.headers,
    });
    expect(calc.statusCode).toBe(404);
    const last = await ctx.app.inject({ url: `/api/mint/?page=${PAGE_MAX}&limit=1000`, headers: user.headers });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ data: [], page: PAGE_MAX, limit: 1000 });
    expect((PAGE_MAX - 1) * 1000).toBeLessThanOrEqual(DB_INT_MAX);
  });

  it('valid ids still work after all that', async () => {
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/sandbox/api/users/${sandboxUserId}`, payload: {} })).statusCode,
    ).toBe(200);
    expect((await jsonProbes[0]!.send(active.id)).statusCode).toBe(201);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/mint/${pending.id}/cancel`,
      headers: user.headers,
    });
    expect(cancel.statusCode).toBe(200);
  });
});
