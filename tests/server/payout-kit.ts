/**
 * Payout tests' pieces: the files' shared setup (usePayoutSuite), hot wallets and recipients on the dev chain,
 * queued withdrawals, a worker over @ton/ton's TonClient (unchanged) on the app's own JSON-RPC route, and a
 * node that loses messages.
 */
import { randomBytes } from 'node:crypto';
import { type Address, Cell, SendMode, beginCell, external, internal, storeMessage } from '@ton/core';
import { type KeyPair, keyPairFromSeed } from '@ton/crypto';
import { TonClient, WalletContractV4 } from '@ton/ton';
import type { HotWalletVersion } from '../../server/config';
import type { Deps, HotWalletKeys } from '../../server/deps';
import { inTransaction } from '../../server/events/transaction';
import { changeBalance } from '../../server/ledger/service';
import { faucet, refuseTransfers } from '../../server/sandbox/chain/service';
import { CHAIN_RPC_PATH } from '../../server/sandbox/chain/routes';
import type { SourceAccount, WithdrawalRow } from '../../server/withdraw/queries';
import { queueWithdrawal } from '../../server/withdraw/service';
import {
  type HotWallet,
  type PayoutNode,
  type PayoutStepResult,
  createHotWallet,
  runPayoutStep,
} from '../../server/withdraw/worker';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { type TestContext, createTestContext } from './helpers';
import { TON, TOKEN, type TestUser, newUser } from './mint-kit';

/**
 * The payout test files' context, its dev chain through TonClient and a user to sell, set by
 * usePayoutSuite's beforeAll (an importer reads them as live bindings, in its tests and hooks).
 */
export let ctx: TestContext;
export let client: TonClient;
export let user: TestUser;

/** One context per test file (a fresh database and dev chain), closed after it; real timers after each test. */
export function usePayoutSuite(): void {
  beforeAll(async () => {
    ctx = await createTestContext();
    client = await chainClient(ctx);
    user = await newUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
export const unixNow = () => Math.floor(Date.now() / 1000);

/** The app's dev chain through the official TonClient (the app listens on a free port once). */
export async function chainClient(ctx: TestContext): Promise<TonClient> {
  const address = ctx.app.server.listening
    ? `http://127.0.0.1:${portOf(ctx)}`
    : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return new TonClient({ endpoint: `${address}${CHAIN_RPC_PATH}` });
}

function portOf(ctx: TestContext): number {
  const info = ctx.app.server.address();
  if (!info || typeof info === 'string') throw new Error('not listening on a port');
  return info.port;
}

const chainDeps = (ctx: TestContext) => ({ db: ctx.db }) as Pick<Deps, 'db'> as Deps;

export interface TestHotWallet {
  keys: HotWalletKeys;
  wallet: HotWallet;
}

/** A new hot wallet of `version` (v4r2 unless said), not deployed (its first transfer deploys it), holding `funds` on the dev chain. */
export async function newHotWallet(
  ctx: TestContext,
  funds: bigint = 100n * TON,
  version: HotWalletVersion = 'v4r2',
): Promise<TestHotWallet> {
  const keys: HotWalletKeys = { version, keyPair: keyPairFromSeed(randomBytes(32)) };
  const wallet = createHotWallet(keys, 'testnet');
  if (funds > 0n) await fund(ctx, wallet.address, funds);
  return { keys, wallet };
}

export const fund = (ctx: TestContext, address: Address, nanotons: bigint) => faucet(chainDeps(ctx), address, nanotons);

/** A fresh, uninitialised wallet address as a user would paste it (non-bounceable, testnet flag). */
export function newRecipient(): { address: Address; text: string } {
  const address = WalletContractV4.create({
    workchain: 0,
    publicKey: keyPairFromSeed(randomBytes(32)).publicKey,
  }).address;
  return { address, text: address.toString({ urlSafe: true, bounceable: false, testOnly: true }) };
}

export async function queue(
  ctx: TestContext,
  userId: number,
  tonAmount: bigint,
  address: string,
): Promise<WithdrawalRow> {
  return inTransaction(ctx.db, ctx.bus, (tx) =>
    queueWithdrawal(tx, {
      userId,
      sourceAccount: 'balance_token',
      tokenAmount: 10n * TOKEN,
      tonAmount,
      fee: 0n,
      address,
    }),
  );
}

/** A withdrawal of each amount queued for `userId`, each to a fresh recipient, oldest first. */
export async function queueToNew(
  context: TestContext,
  userId: number,
  amounts: bigint[],
): Promise<{ recipients: ReturnType<typeof newRecipient>[]; rows: WithdrawalRow[] }> {
  const recipients = amounts.map(() => newRecipient());
  const rows = [];
  for (const [i, to] of recipients.entries()) rows.push(await queue(context, userId, amounts[i]!, to.text));
  return { recipients, rows };
}

export const balanceOf = async (client: TonClient, address: Address) =>
  (await client.getContractState(address)).balance;

export function worker(ctx: TestContext, wallet: HotWallet, node: PayoutNode) {
  return { deps: { db: ctx.db, bus: ctx.bus }, node, wallet, log: quiet };
}

const STOPS = new Set<PayoutStepResult['kind']>(['idle', 'paused', 'insufficient_balance', 'waiting', 'held', 'busy']);

/** Steps until the worker has nothing to do now (idle, waiting, short of balance) or `max` steps; returns the kinds in order. */
export async function drain(
  w: Parameters<typeof runPayoutStep>[0],
  options: { now?: () => number; max?: number } = {},
): Promise<PayoutStepResult['kind'][]> {
  const kinds: PayoutStepResult['kind'][] = [];
  for (let i = 0; i < (options.max ?? 40); i++) {
    const result = await runPayoutStep(w, (options.now ?? unixNow)());
    kinds.push(result.kind);
    if (STOPS.has(result.kind)) break;
  }
  return kinds;
}

/** TonClient, except that sendFile loses the messages `drop` says (a network that drops them), and records every BOC. */
export function lossyNode(client: TonClient, drop: (attempt: number) => boolean) {
  const sent: string[] = [];
  const node: PayoutNode = {
    getContractState: (address) => client.getContractState(address),
    getTransactions: (address, options) => client.getTransactions(address, options),
    runMethod: (address, name, stack) => client.runMethod(address, name, stack),
    sendFile: async (boc) => {
      sent.push(boc.toString('base64'));
      if (!drop(sent.length)) await client.sendFile(boc);
    },
  };
  return { node, sent };
}

/** A transfer of a seqno hot wallet's own (v4r2, v5r1), signed outside the worker with its keys: it takes the seqno. */
export async function ownSeqnoTransfer(
  client: TonClient,
  hot: TestHotWallet,
  to: Address,
  value: bigint,
): Promise<void> {
  const { wallet } = hot;
  if (wallet.version === 'highload-v3') throw new Error('a highload wallet has no seqno');
  const state = await client.getContractState(wallet.address);
  const active = state.state === 'active';
  const seqno = active && state.data ? wallet.seqnoOf(Cell.fromBoc(state.data)[0]!) : 0;
  const body = wallet.transferBody({
    seqno,
    validUntil: unixNow() + 60,
    messages: [internal({ to, value, bounce: false })],
    sendMode: SendMode.PAY_GAS_SEPARATELY,
  });
  const message = external({ to: wallet.address, init: active ? null : wallet.init, body });
  await client.sendFile(beginCell().store(storeMessage(message)).endCell().toBoc());
}

/** A transfer of the hot wallet's own, signed outside the worker (takes the seqno). */
export async function ownTransfer(
  client: TonClient,
  keyPair: KeyPair,
  to: Address,
  value: bigint,
  options: { body?: string; bounce?: boolean } = {},
): Promise<void> {
  const wallet = WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey });
  const seqno = await client.open(wallet).getSeqno();
  const deployed = await client.isContractDeployed(wallet.address);
  const body = wallet.createTransfer({
    seqno,
    secretKey: keyPair.secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [
      internal({
        to,
        value,
        bounce: options.bounce ?? false,
        ...(options.body === undefined ? {} : { body: options.body }),
      }),
    ],
    timeout: unixNow() + 60,
  });
  const message = external({ to: wallet.address, init: deployed ? null : wallet.init, body });
  await client.sendFile(beginCell().store(storeMessage(message)).endCell().toBoc());
}

export async function withdrawal(ctx: TestContext, id: number): Promise<WithdrawalRow> {
  const [row] = await ctx.db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1', [id]);
  if (!row) throw new Error(`withdrawal ${id} not found`);
  return row;
}

/** The bounce watcher's cursor forgotten (another process that lost it reads the wallet's history again). */
export async function forgetBounceCursor(context: TestContext, wallet: HotWallet): Promise<void> {
  await context.db.query('DELETE FROM payout_bounce_cursor WHERE wallet_address = $1', [wallet.address.toRawString()]);
}

export async function batchesOf(ctx: TestContext, wallet: HotWallet) {
  return ctx.db.query<{
    id: number;
    seqno: bigint;
    status: string;
    signed_boc: string;
    message_hash: string;
    previous_hashes: string[];
    tx_hash: string | null;
    attempts: number;
    last_error: string | null;
  }>(
    `SELECT id, seqno, status, signed_boc, message_hash, previous_hashes, tx_hash, attempts, last_error
       FROM payout_batches WHERE wallet_address = $1 ORDER BY id`,
    [wallet.address.toRawString()],
  );
}

/**
 * TonClient, except that once `freeze()` is called the hot wallet is answered as it was then (a node on a
 * lagging liteserver): its state (seqno, balance, last transaction) always, and its transactions too
 * unless `history: 'fresh'` (a node whose account reads lag while its transaction reads do not). `thaw()`
 * ends it.
 */
export function staleNode(
  client: TonClient,
  wallet: Address,
  options: { history: 'stale' | 'fresh' } = { history: 'stale' },
) {
  let frozen: { state: Awaited<ReturnType<TonClient['getContractState']>>; lt: bigint } | null = null;
  const isWallet = (address: Address) => address.equals(wallet);
  const node: PayoutNode = {
    getContractState: async (address) =>
      frozen && isWallet(address) ? frozen.state : client.getContractState(address),
    getTransactions: async (address, opts) => {
      const transactions = await client.getTransactions(address, opts);
      if (!frozen || !isWallet(address) || options.history === 'fresh') return transactions;
      const { lt } = frozen;
      return transactions.filter((t) => t.lt <= lt);
    },
    sendFile: (boc) => client.sendFile(boc),
    runMethod: (address, name, stack) => client.runMethod(address, name, stack),
  };
  return {
    node,
    async freeze() {
      const state = await client.getContractState(wallet);
      frozen = { state, lt: BigInt(state.lastTransaction?.lt ?? '0') };
    },
    thaw() {
      frozen = null;
    },
  };
}

/** A sale as POST /withdraw/create makes it: `tokens` granted, then debited from `account` with the payout queued, in one transaction. */
export async function sold(
  ctx: TestContext,
  userId: number,
  tonAmount: bigint,
  address: string,
  options: { tokens?: bigint; account?: SourceAccount } = {},
): Promise<WithdrawalRow> {
  const { tokens = 10n * TOKEN, account = 'task_balance' } = options;
  const ref = { reason: 'sandbox_grant', refType: 'test', refId: 1 } as const;
  await inTransaction(ctx.db, ctx.bus, (tx) => changeBalance(tx, { userId, account, delta: tokens, ...ref }));
  return inTransaction(ctx.db, ctx.bus, async (tx) => {
    const row = await queueWithdrawal(tx, {
      userId,
      sourceAccount: account,
      tokenAmount: tokens,
      tonAmount,
      fee: 0n,
      address,
    });
    await changeBalance(tx, {
      userId,
      account,
      delta: -tokens,
      reason: 'withdrawal',
      refType: 'withdrawal',
      refId: row.id,
    });
    return row;
  });
}

/** An active wallet on the dev chain whose account refuses every transfer (a contract that throws): it bounces a bounceable one. */
export async function refusingContract(
  ctx: TestContext,
  client: TonClient,
): Promise<{ address: Address; text: string; keys: HotWalletKeys }> {
  const owner = await newHotWallet(ctx, TON);
  await ownTransfer(client, owner.keys.keyPair, newRecipient().address, TON / 10n); // deploys it
  await refuseTransfers(chainDeps(ctx), owner.wallet.address);
  const address = owner.wallet.address;
  return { address, text: address.toString({ urlSafe: true, bounceable: false, testOnly: true }), keys: owner.keys };
}
