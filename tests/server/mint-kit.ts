/**
 * Shared pieces of the mint, staking and watcher tests: users with tokens, a fake TON node that
 * answers getTransactions as toncenter does, and a watcher reading it.
 */
import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import type { Mint, MintList, SocketMessage, Stake } from '@contract';
import { createTreasuryWatcher, type TreasuryNode } from '../../server/watcher/service';
import { bearer, newTelegramId, register, type TestContext } from './helpers';

export const TON = 1_000_000_000n;
export const TOKEN = 1_000_000_000n;

export interface TestUser {
  userId: number;
  token: string;
  refCode: string;
  headers: { authorization: string };
}

/** A signed-in user who has joined the community (the server gates money and data on it), unless `member: false`. */
export async function newUser(
  ctx: TestContext,
  options: { refCode?: string; member?: boolean } = {},
): Promise<TestUser> {
  const telegramId = newTelegramId();
  const tokens = await register(ctx.app, { id: telegramId }, options.refCode ? { ref_code: options.refCode } : {});
  const [row] = await ctx.db.query<{ id: number; ref_code: string }>(
    'UPDATE users SET community_member = $2, community_checked_at = now() WHERE telegram_id = $1 RETURNING id, ref_code',
    [telegramId, options.member ?? true],
  );
  if (!row) throw new Error('user not created');
  return { userId: row.id, token: tokens.token, refCode: row.ref_code, headers: bearer(tokens.token) };
}

export async function createMint(ctx: TestContext, user: TestUser, amount: number | string, days = 30): Promise<Mint> {
  // Amounts travel as decimal text (docs/foundations.md §7); the kit takes numbers for brevity.
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/mint/create',
    headers: user.headers,
    payload: { amount: String(amount), days },
  });
  if (response.statusCode !== 201) throw new Error(`mint create: ${response.statusCode} ${response.body}`);
  return response.json<Mint>();
}

/** Stakes an active mint of the user's (POST /api/staking/create, 201 expected): the new stake. */
export async function stakeMint(ctx: TestContext, user: TestUser, mintId: number): Promise<Stake> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/staking/create',
    headers: user.headers,
    payload: { mint_id: mintId },
  });
  if (response.statusCode !== 201) throw new Error(`stake create: ${response.statusCode} ${response.body}`);
  return response.json<Stake>();
}

/** One of the user's mints as GET /api/mint/ lists it. */
export async function mintOf(ctx: TestContext, user: TestUser, id: number): Promise<Mint> {
  const list = (await ctx.app.inject({ method: 'GET', url: '/api/mint/', headers: user.headers })).json<MintList>();
  const mint = list.data.find((m) => m.id === id);
  if (!mint) throw new Error(`mint ${id} not listed`);
  return mint;
}

/** What the watcher recorded for one treasury transaction. */
export async function recordedTransaction(ctx: TestContext, hash: string) {
  const [row] = await ctx.db.query<{
    outcome: string;
    mint_id: number | null;
    amount_nanotons: bigint;
    comment: string | null;
  }>('SELECT outcome, mint_id, amount_nanotons, comment FROM treasury_transactions WHERE hash = $1', [hash]);
  return row;
}

/** Moves a stake's clock back: as if it was created (and last accrued) `days` earlier. */
export const ageStake = (ctx: TestContext, id: number, days: number) =>
  ctx.db.query(
    `UPDATE stakes SET created_at = created_at - make_interval(secs => $2),
                       last_updated_at = last_updated_at - make_interval(secs => $2) WHERE id = $1`,
    [id, days * 86_400],
  );

/** Records every socket message of one user. */
export function listen(ctx: TestContext, userId: number) {
  const messages: SocketMessage[] = [];
  const stop = ctx.bus.subscribeUser(userId, (message) => messages.push(message));
  const events = <K extends SocketMessage['event']>(name: K) =>
    messages.filter((m): m is Extract<SocketMessage, { event: K }> => m.event === name);
  return { messages, stop, events };
}

const SENDER = Address.parseRaw(`0:${'ab'.repeat(32)}`).toString({ urlSafe: true, bounceable: true });

/** A toncenter raw.transaction with only the JSON fields (no `data` cell). */
export interface FakeTransaction {
  transaction_id: { lt: string; hash: string };
  utime: number;
  in_msg?: Record<string, unknown>;
  out_msgs: unknown[];
}

/**
 * The treasury's history as a node keeps it, and getTransactions over it: newest first, from
 * `lt`+`hash` inclusive, at most `limit`.
 */
// Logical time is shared by every fake node of a test file: the watcher's cursor (one per treasury
// address, in the database) outlives a node, as the chain outlives a watcher.
let lt = 1_000_000n;

export function fakeNode() {
  const history: FakeTransaction[] = [];
  const calls: Array<{ limit: number; lt?: string; hash?: string }> = [];
  const node: TreasuryNode & { history: FakeTransaction[]; calls: typeof calls } = {
    history,
    calls,
    async getTransactions(_address, options) {
      calls.push(options);
      const newestFirst = [...history].reverse();
      let start = 0;
      if (options.lt !== undefined) {
        start = newestFirst.findIndex(
          (tx) => tx.transaction_id.lt === options.lt && tx.transaction_id.hash === options.hash,
        );
        if (start < 0) throw new Error('Cannot locate transaction');
      }
      return structuredClone(newestFirst.slice(start, start + options.limit));
    },
  };
  /** An incoming transfer with a text comment (or none), recorded on the treasury. */
  function pay(input: { amount: bigint; comment?: string | null; source?: string; utime?: number }): FakeTransaction {
    lt += 1_000n;
    const tx: FakeTransaction = {
      transaction_id: { lt: lt.toString(), hash: randomBytes(32).toString('base64') },
      utime: input.utime ?? Math.floor(Date.now() / 1000),
      in_msg: {
        source: input.source ?? SENDER,
        destination: 'treasury',
        value: input.amount.toString(),
        msg_data:
          input.comment === null || input.comment === undefined
            ? { '@type': 'msg.dataRaw', body: '', init_state: '' }
            : { '@type': 'msg.dataText', text: Buffer.from(input.comment).toString('base64') },
        message: input.comment ?? '',
      },
      out_msgs: [],
    };
    history.push(tx);
    return tx;
  }
  /** An external message (the treasury's own outgoing transfer): no incoming value. */
  function external(): FakeTransaction {
    lt += 1_000n;
    const tx: FakeTransaction = {
      transaction_id: { lt: lt.toString(), hash: randomBytes(32).toString('base64') },
      utime: Math.floor(Date.now() / 1000),
      in_msg: {
        source: '',
        destination: 'treasury',
        value: '0',
        msg_data: { '@type': 'msg.dataRaw', body: '', init_state: '' },
        message: '',
      },
      out_msgs: [],
    };
    history.push(tx);
    return tx;
  }
  return { node, pay, external };
}

export function newWatcher(
  ctx: TestContext,
  node: TreasuryNode,
  options: { clock?: () => number; pageSize?: number; maxPagesPerPoll?: number } = {},
) {
  return createTreasuryWatcher({
    deps: { db: ctx.db, bus: ctx.bus, config: ctx.config },
    node,
    clock: options.clock ?? (() => Math.floor(Date.now() / 1000)),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pageSize: options.pageSize ?? 10,
    maxPagesPerPoll: options.maxPagesPerPoll ?? 20,
  });
}

/** Pays a pending mint through the fake node and the watcher: the mint is active afterwards. */
export async function payMint(ctx: TestContext, mint: Mint, fake = fakeNode()): Promise<void> {
  if (!mint.payment) throw new Error('mint has no payment request');
  fake.pay({ amount: BigInt(mint.payment.amount), comment: mint.payment.comment });
  await newWatcher(ctx, fake.node).poll();
}

export async function ledgerMatchesBalances(ctx: TestContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db.query<{ ok: boolean }>(
    `SELECT u.balance_token = COALESCE((SELECT SUM(delta) FROM ledger WHERE user_id = u.id AND account = 'balance_token'), 0)
        AND u.referral_balance = COALESCE((SELECT SUM(delta) FROM ledger WHERE user_id = u.id AND account = 'referral_balance'), 0)
        AND u.task_balance = COALESCE((SELECT SUM(delta) FROM ledger WHERE user_id = u.id AND account = 'task_balance'), 0) AS ok
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row?.ok === true;
}
