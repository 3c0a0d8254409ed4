/**
 * The dev chain through its JSON-RPC endpoint, as the client's balance poll, the treasury watcher and
 * @ton/ton's TonClient use it: real keys, real wallet v4r2 messages run on the TVM, exact balances (what
 * each transaction's fees say it cost, the fees being the config's).
 */
import {
  Address,
  Cell,
  type CommonMessageInfoRelaxedInternal,
  type MessageRelaxed,
  SendMode,
  beginCell,
  comment,
  contractAddress,
  external,
  internal,
  loadTransaction,
  storeMessage,
  toNano,
} from '@ton/core';
import { type KeyPair, keyPairFromSeed, sign } from '@ton/crypto';
import { TonClient, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { FAUCET_ADDRESS, LT_PER_BLOCK, SANDBOX_TREASURY_FUNDING } from '../../server/sandbox/chain/constants';
import { CHAIN_RPC_PATH } from '../../server/sandbox/chain/routes';
import {
  ChainError,
  type ToncenterTransaction,
  faucet,
  getAccount,
  REFUSED_EXIT_CODE,
  listTransactions,
  refuseTransfers,
  sendBoc,
} from '../../server/sandbox/chain/service';
import {
  sandboxTreasuryAddress,
  sandboxTreasuryKeyPair,
  sandboxTreasuryWallet,
} from '../../server/sandbox/chain/treasury';
import type { Deps } from '../../server/deps';
import { type TestContext, createTestContext, sandboxConfig } from './helpers';

let ctx: TestContext;
let deps: Deps;
beforeAll(async () => {
  ctx = await createTestContext();
  // The service functions need only config and db.
  deps = { config: ctx.config, db: ctx.db } as Deps;
});
afterAll(async () => {
  await ctx?.close();
});

const TON = 1_000_000_000n;

interface RpcReply {
  status: number;
  body: {
    ok: boolean;
    result?: unknown;
    error?: string;
    code?: number;
    id?: unknown;
    jsonrpc?: string;
  };
}

async function rpc(method: string, params: Record<string, unknown> = {}, id: string | number = 1): Promise<RpcReply> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: CHAIN_RPC_PATH,
    payload: { id, jsonrpc: '2.0', method, params },
  });
  return { status: response.statusCode, body: response.json() };
}

async function result<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
  const reply = await rpc(method, params);
  if (!reply.body.ok) throw new Error(`${method} failed: ${reply.status} ${reply.body.error}`);
  expect(reply.status).toBe(200);
  return reply.body.result as T;
}

const balanceOf = async (address: Address) =>
  BigInt(await result<string>('getAddressBalance', { address: address.toString() }));
const transactionsOf = (address: Address, extra: Record<string, unknown> = {}) =>
  result<ToncenterTransaction[]>('getTransactions', { address: address.toString(), ...extra });
/** The account's newest transaction, parsed from its `data` (the Transaction cell). */
async function lastTransaction(address: Address) {
  const [tx] = await transactionsOf(address, { limit: 1 });
  if (!tx) throw new Error(`no transaction on ${address.toString()}`);
  return { tx, parsed: loadTransaction(Cell.fromBase64(tx.data).beginParse()), fee: BigInt(tx.fee) };
}
/** The storage fees an account paid in its transactions. */
async function storagePaid(address: Address): Promise<bigint> {
  const all = await transactionsOf(address, { limit: 100 });
  return all.reduce((sum, tx) => sum + BigInt(tx.storage_fee), 0n);
}
const seqnoOf = async (address: Address) => {
  const run = await result<{ exit_code: number; stack: [string, string][] }>('runGetMethod', {
    address: address.toString(),
    method: 'seqno',
    stack: [],
  });
  expect(run.exit_code).toBe(0);
  return Number(BigInt(run.stack[0]?.[1] ?? 'NaN'));
};

let nextSeed = 1;
interface TestWallet {
  keyPair: KeyPair;
  contract: WalletContractV4;
  address: Address;
}
/** A fresh wallet with a deterministic key, so every test has accounts of its own. */
function newWallet(): TestWallet {
  const keyPair = keyPairFromSeed(Buffer.alloc(32, nextSeed++));
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keyPair.publicKey });
  return { keyPair, contract, address: contract.address };
}

interface TransferOptions {
  seqno: number;
  messages: MessageRelaxed[];
  sendMode?: number;
  timeout?: number;
  /** Attach the state init (the first transfer of a wallet deploys it). */
  deploy?: boolean;
  secretKey?: Buffer;
}

function transferBody(wallet: TestWallet, options: TransferOptions): Cell {
  return wallet.contract.createTransfer({
    seqno: options.seqno,
    secretKey: options.secretKey ?? wallet.keyPair.secretKey,
    messages: options.messages,
    sendMode: options.sendMode ?? SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  });
}

function externalBoc(wallet: TestWallet, body: Cell, deploy: boolean): { boc: string; hash: string } {
  const message = external({ to: wallet.address, ...(deploy ? { init: wallet.contract.init } : {}), body });
  const cell = beginCell().store(storeMessage(message)).endCell();
  return { boc: cell.toBoc().toString('base64'), hash: cell.hash().toString('base64') };
}

const transferBoc = (wallet: TestWallet, options: TransferOptions) =>
  externalBoc(wallet, transferBody(wallet, options), options.deploy ?? false);

/** A funded, deployed wallet (seqno 1 afterwards). */
async function deployedWallet(funds = 10n * TON): Promise<TestWallet> {
  const wallet = newWallet();
  await faucet(deps, wallet.address, funds);
  const { boc } = transferBoc(wallet, { seqno: 0, messages: [], deploy: true });
  await result('sendBoc', { boc });
  return wallet;
}

/** Everything an outsider can see of an account, to prove a refused message changed nothing. */
async function snapshot(...addresses: Address[]) {
  return Promise.all(
    addresses.map(async (address) => ({
      info: { ...(await info(address)), sync_utime: 0 },
      transactions: await transactionsOf(address, { limit: 100 }),
    })),
  );
}

function info(address: Address) {
  return result<Record<string, string>>('getAddressInformation', { address: address.toString() });
}

async function balanceFromTransactions(address: Address): Promise<bigint> {
  const [row] = await ctx.db.query<{ total: bigint }>(
    'SELECT COALESCE(SUM(balance_delta), 0)::bigint AS total FROM chain_transactions WHERE account = $1',
    [address.toRawString()],
  );
  return row?.total ?? 0n;
}

describe('faucet and account reads', () => {
  it('credits an unknown address, which stays uninitialized with the balance', async () => {
    const wallet = newWallet();
    expect(await getAccount(ctx.db, wallet.address)).toEqual({
      address: wallet.address.toRawString(),
      balance: 0n,
      state: 'uninitialized',
      code: null,
      data: null,
      lastLt: 0n,
      lastHash: null,
    });
    expect(await balanceOf(wallet.address)).toBe(0n);

    const paid = await faucet(deps, wallet.address, 5n * TON, 'welcome');
    // Raw and friendly forms name the same account.
    expect(await result('getAddressBalance', { address: wallet.address.toRawString() })).toBe('5000000000');
    const state = await result<Record<string, unknown>>('getAddressInformation', {
      address: wallet.address.toString(),
    });
    expect(state).toMatchObject({
      '@type': 'raw.fullAccountState',
      balance: '5000000000',
      state: 'uninitialized',
      code: '',
      data: '',
      frozen_hash: '',
      last_transaction_id: { '@type': 'internal.transactionId', lt: paid.lt.toString(), hash: paid.hash },
      block_id: { '@type': 'ton.blockIdExt', workchain: -1 },
    });
    expect(typeof state.sync_utime).toBe('number');

    const [tx] = await transactionsOf(wallet.address);
    expect(tx?.transaction_id).toEqual({ '@type': 'internal.transactionId', lt: paid.lt.toString(), hash: paid.hash });
    expect(tx?.in_msg).toMatchObject({
      source: FAUCET_ADDRESS.toString(),
      destination: wallet.address.toString(),
      value: '5000000000',
      message: 'welcome',
      msg_data: { '@type': 'msg.dataText', text: Buffer.from('welcome').toString('base64') },
    });
    expect(tx?.out_msgs).toEqual([]);
    expect(await balanceFromTransactions(wallet.address)).toBe(5n * TON);
  });

  it('refuses a non-positive faucet amount', async () => {
    await expect(faucet(deps, newWallet().address, 0n)).rejects.toBeInstanceOf(ChainError);
  });
});

describe('transfers', () => {
  it('deploys the wallet with the first transfer and moves value with its comment', async () => {
    const alice = newWallet();
    const bob = newWallet();
    await faucet(deps, alice.address, 10n * TON);
    const undeployed = await rpc('runGetMethod', { address: alice.address.toString(), method: 'seqno', stack: [] });
    expect(undeployed.body.result).toMatchObject({ exit_code: -13, stack: [] });

    const value = toNano('1.5');
    const body = transferBody(alice, {
      seqno: 0,
      messages: [internal({ to: bob.address, value, body: 'mint 42', bounce: false })],
    });
    const estimate = await result<{ source_fees: Record<string, number> }>('estimateFee', {
      address: alice.address.toString(),
      body: body.toBoc().toString('base64'),
      init_code: alice.contract.init.code.toBoc().toString('base64'),
      init_data: alice.contract.init.data.toBoc().toString('base64'),
      ignore_chksig: false,
    });
    const { boc, hash } = externalBoc(alice, body, true);
    const sent = await rpc('sendBoc', { boc });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ ok: true, result: { '@type': 'ok', hash }, id: 1, jsonrpc: '2.0' });

    // Exact balances: the value moves whole, the sender pays its transaction's fees, which estimateFee
    // announced (storage aside: it grows with the seconds between the two). The fees are the config's:
    // gas at its price, the import and the forwarding at theirs.
    const { in_fwd_fee, storage_fee, gas_fee, fwd_fee } = estimate.source_fees;
    const estimatedFees = [in_fwd_fee, gas_fee, fwd_fee].reduce((sum, fee) => sum + BigInt(fee ?? NaN), 0n);
    expect(storage_fee).toBeGreaterThanOrEqual(0);
    const deployed = await lastTransaction(alice.address);
    expect(estimatedFees).toBe(deployed.fee - BigInt(deployed.tx.storage_fee));
    expect(gas_fee).toBeGreaterThan(0);
    expect(fwd_fee).toBeGreaterThan(0);
    expect(in_fwd_fee).toBeGreaterThan(0);
    expect(await balanceOf(alice.address)).toBe(10n * TON - value - deployed.fee);
    expect(await balanceOf(bob.address)).toBe(value);
    expect(await seqnoOf(alice.address)).toBe(1);

    const aliceInfo = await info(alice.address);
    expect(aliceInfo.state).toBe('active');
    expect(Cell.fromBase64(aliceInfo.code ?? '').hash()).toEqual(alice.contract.init.code.hash());
    const data = Cell.fromBase64(aliceInfo.data ?? '').beginParse();
    expect(data.loadUint(32)).toBe(1);
    expect(data.loadUint(32)).toBe(alice.contract.walletId);
    expect(data.loadBuffer(32)).toEqual(alice.keyPair.publicKey);
    expect((await info(bob.address)).state).toBe('uninitialized');

    // The receiver sees the comment as `message`; the sender's transaction carries it as an out message.
    const [received] = await transactionsOf(bob.address);
    const expectedMessage = {
      '@type': 'raw.message',
      source: alice.address.toString(),
      destination: bob.address.toString(),
      value: value.toString(),
      extra_currencies: [],
      fwd_fee: expect.stringMatching(/^[1-9]\d*$/),
      ihr_fee: '0',
      body_hash: comment('mint 42').hash().toString('base64'),
      msg_data: { '@type': 'msg.dataText', text: Buffer.from('mint 42').toString('base64') },
      message: 'mint 42',
    };
    expect(received?.in_msg).toMatchObject(expectedMessage);
    const [sentTx] = await transactionsOf(alice.address);
    expect(sentTx?.fee).toBe(deployed.fee.toString());
    expect(sentTx?.in_msg).toMatchObject({ source: '', destination: alice.address.toString(), value: '0', hash });
    expect(sentTx?.in_msg?.msg_data).toMatchObject({ '@type': 'msg.dataRaw' });
    expect(sentTx?.in_msg?.msg_data).not.toMatchObject({ init_state: '' });
    expect(sentTx?.out_msgs).toHaveLength(1);
    expect(sentTx?.out_msgs[0]).toEqual(received?.in_msg);
    expect(BigInt(received?.transaction_id.lt ?? 0)).toBeGreaterThan(BigInt(sentTx?.out_msgs[0]?.created_lt ?? 0));

    // `data` is the Transaction cell: its hash is the transaction's, and it links the account's history.
    const history = await transactionsOf(alice.address);
    expect(history).toHaveLength(2);
    for (const tx of history) {
      const cell = Cell.fromBase64(tx.data);
      expect(cell.hash().toString('base64')).toBe(tx.transaction_id.hash);
      expect(loadTransaction(cell.beginParse()).lt.toString()).toBe(tx.transaction_id.lt);
    }
    const parsed = loadTransaction(Cell.fromBase64(history[0]?.data ?? '').beginParse());
    expect(parsed.prevTransactionLt.toString()).toBe(history[1]?.transaction_id.lt);
    expect(parsed.oldStatus).toBe('uninitialized');
    expect(parsed.endStatus).toBe('active');
    expect(parsed.outMessagesCount).toBe(1);
    expect(aliceInfo.last_transaction_id).toEqual(history[0]?.transaction_id);

    expect(await balanceFromTransactions(alice.address)).toBe(await balanceOf(alice.address));
    expect(await balanceFromTransactions(bob.address)).toBe(await balanceOf(bob.address));
  });

  it('takes the forward fee out of the value in send mode 0 and increments the seqno each time', async () => {
    const alice = await deployedWallet();
    const bob = newWallet();
    const before = await balanceOf(alice.address);
    const { boc } = transferBoc(alice, {
      seqno: 1,
      sendMode: SendMode.NONE,
      messages: [internal({ to: bob.address, bounce: false, value: TON, body: 'plain' })],
    });
    await result('sendBoc', { boc });
    // The sender pays the value and its transaction's fees but the forwarding, which the value carries.
    const { parsed, fee } = await lastTransaction(alice.address);
    if (parsed.description.type !== 'generic') throw new Error('not a generic transaction');
    const forwarding = parsed.description.actionPhase?.totalFwdFees ?? 0n;
    expect(forwarding).toBeGreaterThan(0n);
    expect(await balanceOf(alice.address)).toBe(before - TON - (fee - forwarding));
    expect(await balanceOf(bob.address)).toBe(TON - forwarding);
    expect(await seqnoOf(alice.address)).toBe(2);

    const second = transferBoc(alice, {
      seqno: 2,
      messages: [internal({ to: bob.address, bounce: false, value: TON })],
    });
    await result('sendBoc', { boc: second.boc });
    expect(await seqnoOf(alice.address)).toBe(3);
    const [tx] = await transactionsOf(bob.address);
    // No body: a raw empty cell, whose `message` is empty (toncenter's rendering).
    expect(tx?.in_msg).toMatchObject({ msg_data: { '@type': 'msg.dataRaw' }, message: '' });
  });

  it('sends up to four messages at once and skips a failing one under IGNORE_ERRORS', async () => {
    const alice = await deployedWallet(3n * TON);
    const [bob, carol] = [newWallet(), newWallet()];
    const before = await balanceOf(alice.address);
    const { boc } = transferBoc(alice, {
      seqno: 1,
      messages: [
        internal({ to: bob.address, bounce: false, value: 100n * TON, body: 'too much' }),
        internal({ to: carol.address, bounce: false, value: TON, body: 'fine' }),
      ],
    });
    await result('sendBoc', { boc });
    expect(await balanceOf(bob.address)).toBe(0n);
    expect(await balanceOf(carol.address)).toBe(TON);
    expect(await balanceOf(alice.address)).toBe(before - TON - (await lastTransaction(alice.address)).fee);
    const [tx] = await transactionsOf(alice.address);
    expect(tx?.out_msgs.map((message) => message.message)).toEqual(['fine']);
    expect(await seqnoOf(alice.address)).toBe(2);
  });

  it('carries the whole remaining balance in send mode 128', async () => {
    const alice = await deployedWallet(2n * TON);
    const bob = newWallet();
    const before = await balanceOf(alice.address);
    const { boc } = transferBoc(alice, {
      seqno: 1,
      sendMode: SendMode.CARRY_ALL_REMAINING_BALANCE,
      messages: [internal({ to: bob.address, bounce: false, value: 0n, body: 'everything' })],
    });
    await result('sendBoc', { boc });
    expect(await balanceOf(alice.address)).toBe(0n);
    // Everything but the transaction's fees, the forwarding included (toncenter's fee counts it).
    expect(await balanceOf(bob.address)).toBe(before - (await lastTransaction(alice.address)).fee);
  });

  it('credits a wallet sending to itself in a later transaction', async () => {
    const alice = await deployedWallet();
    const before = await balanceOf(alice.address);
    const { boc } = transferBoc(alice, {
      seqno: 1,
      messages: [internal({ to: alice.address, value: TON, body: 'loop' })],
    });
    await result('sendBoc', { boc });
    const [received, sent] = await transactionsOf(alice.address, { limit: 2 });
    expect(received?.in_msg?.message).toBe('loop');
    expect(sent?.out_msgs[0]?.message).toBe('loop');
    const fees = BigInt(sent?.fee ?? NaN) + BigInt(received?.fee ?? NaN);
    expect(await balanceOf(alice.address)).toBe(before - fees);
    expect(await balanceFromTransactions(alice.address)).toBe(before - fees);
  });

  it('applies one of several concurrent messages with the same seqno', async () => {
    const alice = await deployedWallet();
    const bob = newWallet();
    const bocs = [1, 2, 3, 4, 5].map(
      (n) =>
        transferBoc(alice, {
          seqno: 1,
          messages: [internal({ to: bob.address, bounce: false, value: BigInt(n) * TON })],
        }).boc,
    );
    const replies = await Promise.all(bocs.map((boc) => rpc('sendBoc', { boc })));
    expect(replies.filter((reply) => reply.body.ok)).toHaveLength(1);
    for (const reply of replies.filter((reply) => !reply.body.ok)) expect(reply.body.error).toMatch(/wrong seqno/);
    expect(await seqnoOf(alice.address)).toBe(2);
    expect((await transactionsOf(bob.address)).length).toBe(1);
  });

  it('accepts a Buffer in process and returns the external message hash', async () => {
    const alice = await deployedWallet();
    const message = external({
      to: alice.address,
      body: transferBody(alice, { seqno: 1, messages: [internal({ to: newWallet().address, value: TON })] }),
    });
    const cell = beginCell().store(storeMessage(message)).endCell();
    expect(await sendBoc(deps, cell.toBoc())).toEqual({ hash: cell.hash().toString('base64') });
  });
});

describe('bounces', () => {
  it('an account that refuses transfers sends a bounceable one back, bounced, less its costs; a non-bounceable one stays', async () => {
    const alice = await deployedWallet(5n * TON);
    const shop = await deployedWallet(TON);
    const shopCode = (await info(shop.address)).code;
    await refuseTransfers(deps, shop.address);
    const [aliceBefore, shopBefore] = [await balanceOf(alice.address), await balanceOf(shop.address)];
    const { boc } = transferBoc(alice, {
      seqno: 1,
      messages: [
        internal({ to: shop.address, value: 2n * TON, body: 'order 7', bounce: true }),
        internal({ to: shop.address, value: TON / 2n, body: 'tip', bounce: false }),
      ],
    });
    await result('sendBoc', { boc });
    const [received, sent] = await transactionsOf(alice.address, { limit: 2 });

    // The shop kept only the non-bounceable half TON (less what its failing code cost); alice got the 2 TON
    // back less what the refusal and the bounce cost, which the bounce's value says.
    const shopAfter = await balanceOf(shop.address);
    expect(shopAfter).toBeLessThanOrEqual(shopBefore + TON / 2n);
    expect(shopAfter).toBeGreaterThan(shopBefore + TON / 2n - TON / 100n);
    const bounced = BigInt(received?.in_msg?.value ?? NaN);
    expect(bounced).toBeLessThan(2n * TON);
    expect(bounced).toBeGreaterThan(2n * TON - TON / 100n);
    expect(await balanceOf(alice.address)).toBe(
      aliceBefore - 2n * TON - TON / 2n - BigInt(sent?.fee ?? NaN) + bounced - BigInt(received?.fee ?? NaN),
    );
    for (const address of [alice.address, shop.address])
      expect(await balanceFromTransactions(address)).toBe(await balanceOf(address));

    // The shop's transaction: compute failed with the refusal's exit code, aborted, bounce phase ok.
    const parsed = (tx: ToncenterTransaction) => loadTransaction(Cell.fromBase64(tx.data).beginParse());
    const [tip, refused] = (await transactionsOf(shop.address, { limit: 2 })).map(parsed);
    expect(tip?.inMessage?.info).toMatchObject({ bounce: false });
    const description = refused?.description;
    expect(description).toMatchObject({ type: 'generic', aborted: true, bouncePhase: { type: 'ok' } });
    expect(description?.type === 'generic' && description.computePhase).toMatchObject({
      type: 'vm',
      success: false,
      exitCode: REFUSED_EXIT_CODE,
    });
    const out = refused ? [...refused.outMessages.values()] : [];
    expect(out).toHaveLength(1);

    // Alice's newest transaction receives the bounce: from the shop, flagged bounced, 0xFFFFFFFF + the original body.
    const [bounceTx] = (await transactionsOf(alice.address, { limit: 1 })).map(parsed);
    const bounce = bounceTx?.inMessage;
    if (bounce?.info.type !== 'internal') throw new Error('no bounce received');
    expect(bounce.info).toMatchObject({
      bounced: true,
      bounce: false,
      value: { coins: bounced },
    });
    expect(bounce.info.src.equals(shop.address)).toBe(true);
    expect(bounce.info.createdLt).toBe(out[0]?.info.type === 'internal' ? out[0].info.createdLt : -1n);
    const body = bounce.body.beginParse();
    expect(body.loadUint(32)).toBe(0xffffffff);
    expect(body.loadUint(32)).toBe(0);
    expect(body.loadStringTail()).toBe('order 7');
    expect(bounceTx?.prevTransactionLt).toBeGreaterThan(0n);

    // Accepting again: a bounceable transfer is credited.
    await refuseTransfers(deps, shop.address, false);
    await result('sendBoc', {
      boc: transferBoc(alice, { seqno: 2, messages: [internal({ to: shop.address, value: TON, bounce: true })] }).boc,
    });
    expect(await balanceOf(shop.address)).toBe(shopAfter + TON - (await lastTransaction(shop.address)).fee);
    expect((await info(shop.address)).code).toBe(shopCode);
  });
});

describe('refused messages change nothing', () => {
  let alice: TestWallet;
  let bob: TestWallet;
  beforeAll(async () => {
    alice = await deployedWallet(3n * TON);
    bob = newWallet();
    await faucet(deps, bob.address, TON);
  });

  async function expectRefused(boc: string, code: number, error: RegExp) {
    const before = await snapshot(alice.address, bob.address);
    const reply = await rpc('sendBoc', { boc }, 'req-7');
    expect(reply.status).toBe(code);
    expect(reply.body).toMatchObject({ ok: false, code, id: 'req-7', jsonrpc: '2.0' });
    expect(reply.body.error).toMatch(error);
    expect(await snapshot(alice.address, bob.address)).toEqual(before);
  }

  const toBob = (value = TON) => [internal({ to: bob.address, value, body: 'pay' })];
  /** An internal message's header to Bob, for messages built by hand. */
  const internalInfo = (value: bigint) =>
    ({
      type: 'internal' as const,
      ihrDisabled: true,
      bounce: false,
      bounced: false,
      src: alice.address,
      dest: bob.address,
      value: { coins: value },
      ihrFee: 0n,
      forwardFee: 0n,
      createdLt: 0n,
      createdAt: 0,
    }) satisfies CommonMessageInfoRelaxedInternal;

  it('refuses a replay of an applied message', async () => {
    const { boc } = transferBoc(alice, { seqno: 1, messages: toBob() });
    await result('sendBoc', { boc });
    await expectRefused(boc, 500, /already applied/);
  });

  it('refuses a wrong signature (exit code 35)', async () => {
    const seqno = await seqnoOf(alice.address);
    const { boc } = transferBoc(alice, { seqno, messages: toBob(), secretKey: newWallet().keyPair.secretKey });
    await expectRefused(boc, 500, /signature.*exit code 35/);
  });

  it('refuses an expired message (exit code 36)', async () => {
    const seqno = await seqnoOf(alice.address);
    const { boc } = transferBoc(alice, { seqno, messages: toBob(), timeout: Math.floor(Date.now() / 1000) - 1 });
    await expectRefused(boc, 500, /expired.*exit code 36/);
  });

  it('refuses a wrong seqno (exit code 33)', async () => {
    const seqno = await seqnoOf(alice.address);
    await expectRefused(
      transferBoc(alice, { seqno: seqno + 1, messages: toBob() }).boc,
      500,
      /wrong seqno.*exit code 33/,
    );
    // An old seqno in a new message (an identical old message would be a replay, refused as such).
    await expectRefused(transferBoc(alice, { seqno: seqno - 1, messages: toBob(2n * TON) }).boc, 500, /exit code 33/);
  });

  it('refuses a message from a wallet that cannot pay the gas', async () => {
    const poor = newWallet();
    await faucet(deps, poor.address, 1_000n);
    const reply = await rpc('sendBoc', { boc: transferBoc(poor, { seqno: 0, messages: [], deploy: true }).boc });
    expect(reply.body).toMatchObject({ ok: false, code: 500 });
    expect(reply.body.error).toMatch(/External message was not accepted/);
    expect((await getAccount(ctx.db, poor.address)).state).toBe('uninitialized');
  });

  it('refuses garbage, a message that is not external, and a body the wallet cannot read', async () => {
    await expectRefused('not a bag of cells', 400, /deserialize bag of cells/);
    await expectRefused(Buffer.from('garbage').toString('base64'), 400, /deserialize bag of cells/);
    await expectRefused(beginCell().storeUint(7, 3).endCell().toBoc().toString('base64'), 400, /unpack Message/);
    const internalMessage = beginCell()
      .store(storeMessage({ info: { ...internalInfo(TON), src: bob.address }, body: Cell.EMPTY }))
      .endCell();
    await expectRefused(internalMessage.toBoc().toString('base64'), 400, /Only external inbound messages/);
    // The wallet's code reads past the end of the body: the TVM's cell underflow.
    const shortBody = beginCell().storeUint(1, 32).endCell();
    await expectRefused(externalBoc(alice, shortBody, false).boc, 500, /exit code 9\b/);
  });

  it('refuses a message to an account with no code, a mismatched state init and code that throws', async () => {
    const stranger = newWallet();
    await expectRefused(transferBoc(stranger, { seqno: 0, messages: [] }).boc, 500, /not accepted/);
    await faucet(deps, stranger.address, TON);
    await expectRefused(transferBoc(stranger, { seqno: 0, messages: [] }).boc, 500, /not accepted/);

    // Bob's state init sent to the stranger's address.
    const mismatched = external({
      to: stranger.address,
      init: bob.contract.init,
      body: transferBody(stranger, { seqno: 0, messages: [] }),
    });
    const mismatchedBoc = beginCell().store(storeMessage(mismatched)).endCell().toBoc().toString('base64');
    await expectRefused(mismatchedBoc, 500, /not accepted/);

    const code = beginCell().storeUint(0xdeadbeef, 32).endCell();
    const data = alice.contract.init.data;
    const other = contractAddress(0, { code, data });
    await faucet(deps, other, TON);
    const body = transferBody(alice, { seqno: 0, messages: [] });
    const message = external({ to: other, init: { code, data }, body });
    const boc = beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64');
    const reply = await rpc('sendBoc', { boc });
    expect(reply.body).toMatchObject({ ok: false, code: 500 });
    expect((await getAccount(ctx.db, other)).state).toBe('uninitialized');
  });
});

describe('accepted messages whose transfers fail (as on mainnet)', () => {
  it('a transfer the balance cannot pay fails in the action phase: the fees are spent, the seqno and the rest stay', async () => {
    const alice = await deployedWallet(3n * TON);
    const bob = newWallet();
    const balance = await balanceOf(alice.address);
    await result('sendBoc', {
      boc: transferBoc(alice, {
        seqno: 1,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [internal({ to: bob.address, bounce: false, value: balance })],
      }).boc,
    });
    // A failed action phase undoes the compute phase's state (the new seqno) but not its gas.
    expect(await seqnoOf(alice.address)).toBe(1);
    expect(await balanceOf(bob.address)).toBe(0n);
    const { parsed, fee } = await lastTransaction(alice.address);
    expect(parsed.outMessagesCount).toBe(0);
    expect(parsed.description.type === 'generic' && parsed.description.actionPhase?.success).toBe(false);
    expect(fee).toBeGreaterThan(0n);
    expect(await balanceOf(alice.address)).toBe(balance - fee);
  });

  it('an action that is no valid message (a forged source, a cell that is no message) fails the action phase', async () => {
    const alice = await deployedWallet(3n * TON);
    const bob = newWallet();
    const forged: MessageRelaxed = {
      info: {
        type: 'internal',
        ihrDisabled: true,
        bounce: false,
        bounced: false,
        src: bob.address,
        dest: bob.address,
        value: { coins: TON },
        ihrFee: 0n,
        forwardFee: 0n,
        createdLt: 0n,
        createdAt: 0,
      },
      body: Cell.EMPTY,
    };
    await result('sendBoc', {
      boc: transferBoc(alice, { seqno: 1, sendMode: SendMode.PAY_GAS_SEPARATELY, messages: [forged] }).boc,
    });
    // Signed by hand: the action carries a cell that is no message.
    const unsigned = beginCell()
      .storeUint(alice.contract.walletId, 32)
      .storeUint(Math.floor(Date.now() / 1000) + 60, 32)
      .storeUint(1, 32)
      .storeUint(0, 8)
      .storeUint(SendMode.PAY_GAS_SEPARATELY, 8)
      .storeRef(beginCell().storeUint(1, 1).endCell());
    const signature = sign(unsigned.endCell().hash(), alice.keyPair.secretKey);
    const body = beginCell().storeBuffer(signature).storeBuilder(unsigned).endCell();
    await result('sendBoc', { boc: externalBoc(alice, body, false).boc });
    expect(await seqnoOf(alice.address)).toBe(1);
    expect(await balanceOf(bob.address)).toBe(0n);
    for (const tx of await transactionsOf(alice.address, { limit: 2 })) {
      const parsed = loadTransaction(Cell.fromBase64(tx.data).beginParse());
      expect(parsed.outMessagesCount).toBe(0);
      expect(parsed.description.type === 'generic' && parsed.description.actionPhase?.success).toBe(false);
    }
  });
});

describe('any contract runs as its code says: wallet v5r1', () => {
  it('deploys with its first transfer, pays, answers its get methods and refuses a wrong seqno with its own exit code', async () => {
    const keyPair = keyPairFromSeed(Buffer.alloc(32, nextSeed++));
    const v5 = WalletContractV5R1.create({ workchain: 0, publicKey: keyPair.publicKey });
    const bob = newWallet();
    await faucet(deps, v5.address, 5n * TON);
    const transfer = (seqno: number, value: bigint) => {
      const body = v5.createTransfer({
        seqno,
        secretKey: keyPair.secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
        messages: [internal({ to: bob.address, value, bounce: false, body: 'from v5' })],
      });
      const message = external({ to: v5.address, ...(seqno === 0 ? { init: v5.init } : {}), body });
      return beginCell().store(storeMessage(message)).endCell();
    };
    const first = transfer(0, TON);
    await result('sendBoc', { boc: first.toBoc().toString('base64') });
    await result('sendBoc', {
      boc: transfer(1, 2n * TON)
        .toBoc()
        .toString('base64'),
    });
    expect(await balanceOf(bob.address)).toBe(3n * TON - (await storagePaid(bob.address)));
    expect(await seqnoOf(v5.address)).toBe(2);
    const key = await result<{ stack: [string, string][] }>('runGetMethod', {
      address: v5.address.toString(),
      method: 'get_public_key',
      stack: [],
    });
    expect(BigInt(key.stack[0]?.[1] ?? NaN)).toBe(BigInt(`0x${keyPair.publicKey.toString('hex')}`));

    // The deploying transaction is the one its external message made, its hash its cell's.
    const [, deploying] = await transactionsOf(v5.address, { limit: 2 });
    expect(deploying?.in_msg?.hash).toBe(first.hash().toString('base64'));
    const parsed = loadTransaction(Cell.fromBase64(deploying?.data ?? '').beginParse());
    expect([parsed.oldStatus, parsed.endStatus]).toEqual(['uninitialized', 'active']);
    expect(
      Cell.fromBase64(deploying?.data ?? '')
        .hash()
        .toString('base64'),
    ).toBe(deploying?.transaction_id.hash);

    const stale = await rpc('sendBoc', { boc: transfer(7, TON).toBoc().toString('base64') });
    expect(stale.body).toMatchObject({ ok: false, code: 500 });
    expect(stale.body.error).toMatch(/wrong seqno \(exit code 133\)/);
  });
});

describe('getTransactions', () => {
  let account: Address;
  let all: ToncenterTransaction[];
  beforeAll(async () => {
    account = newWallet().address;
    for (let n = 1; n <= 12; n += 1) await faucet(deps, account, BigInt(n), `payment ${n}`);
    all = await transactionsOf(account, { limit: 100 });
  });

  it('lists newest first, 10 by default, up to limit', async () => {
    expect(all.map((tx) => tx.in_msg?.message)).toEqual(Array.from({ length: 12 }, (_, i) => `payment ${12 - i}`));
    const lts = all.map((tx) => BigInt(tx.transaction_id.lt));
    expect([...lts].sort((a, b) => (a > b ? -1 : 1))).toEqual(lts);
    expect(await transactionsOf(account)).toEqual(all.slice(0, 10));
    expect(await transactionsOf(account, { limit: 3 })).toEqual(all.slice(0, 3));
    expect(await transactionsOf(account, { limit: '2' })).toEqual(all.slice(0, 2));
  });

  it('pages from an lt and hash (inclusive), with the hash in base64, base64url or hex', async () => {
    const start = all[3];
    if (!start) throw new Error('missing transaction');
    const { lt, hash } = start.transaction_id;
    expect(await transactionsOf(account, { lt, hash, limit: 4 })).toEqual(all.slice(3, 7));
    const hex = Buffer.from(hash, 'base64').toString('hex');
    expect(await transactionsOf(account, { lt: Number(lt), hash: hex, limit: 4 })).toEqual(all.slice(3, 7));
    const url = hash.replace(/\+/g, '-').replace(/\//g, '_');
    expect(await transactionsOf(account, { lt, hash: url, limit: 100 })).toEqual(all.slice(3));
    // Service API: the same page.
    expect(await listTransactions(ctx.db, account, { limit: 4, lt: BigInt(lt), hash })).toEqual(all.slice(3, 7));
  });

  it('stops before to_lt', async () => {
    const stop = all[5]?.transaction_id.lt;
    expect(await transactionsOf(account, { to_lt: stop, limit: 100 })).toEqual(all.slice(0, 5));
  });

  it('answers ok:false for a transaction that is not the account’s, a lone lt and a bad limit', async () => {
    const foreign = (await transactionsOf(newWallet().address)).length;
    expect(foreign).toBe(0);
    const start = all[0]!.transaction_id;
    const page = (params: Record<string, unknown>) =>
      rpc('getTransactions', { address: account.toString(), ...params });
    const other = await page({ lt: start.lt, hash: Buffer.alloc(32, 1).toString('base64') });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ ok: false, code: 404 });
    for (const params of [{ lt: start.lt }, { limit: 101 }, { limit: 0 }, { lt: start.lt, hash: 'short' }]) {
      expect((await page(params)).body).toMatchObject({ ok: false, code: 422 });
    }
  });
});

describe('runGetMethod and estimateFee', () => {
  let alice: TestWallet;
  beforeAll(async () => {
    alice = await deployedWallet();
  });

  it('answers the wallet get methods in toncenter stack form, 11 for others, -13 without code', async () => {
    const run = (method: string | number, address = alice.address) =>
      result<{ '@type': string; exit_code: number; stack: unknown[]; gas_used: number }>('runGetMethod', {
        address: address.toString(),
        method,
        stack: [],
      });
    expect(await run('seqno')).toMatchObject({ '@type': 'smc.runResult', exit_code: 0, stack: [['num', '0x1']] });
    expect(await run(85143)).toMatchObject({ exit_code: 0, stack: [['num', '0x1']] });
    const publicKey = BigInt(`0x${alice.keyPair.publicKey.toString('hex')}`);
    expect((await run('get_public_key')).stack).toEqual([['num', `0x${publicKey.toString(16)}`]]);
    expect((await run('get_subwallet_id')).stack).toEqual([['num', `0x${alice.contract.walletId.toString(16)}`]]);
    expect(await run('get_jetton_data')).toMatchObject({ exit_code: 11, stack: [] });
    expect(await run('seqno', newWallet().address)).toMatchObject({ exit_code: -13, stack: [] });
  });

  it('passes the stack as the method’s arguments, numbers in decimal or hex as toncenter takes them', async () => {
    const installed = (stack: unknown[]) =>
      result<{ exit_code: number; stack: unknown[] }>('runGetMethod', {
        address: alice.address.toString(),
        method: 'is_plugin_installed',
        stack,
      });
    // is_plugin_installed(wc, addr_hash): no plugins, so false (0).
    expect(
      await installed([
        ['num', '0'],
        ['num', '0x1234'],
      ]),
    ).toMatchObject({ exit_code: 0, stack: [['num', '0x0']] });
    // Without its two arguments the code underflows the stack (TVM exit code 2).
    expect(await installed([])).toMatchObject({ exit_code: 2 });
    const bad = await rpc('runGetMethod', {
      address: alice.address.toString(),
      method: 'seqno',
      stack: [['num', 'x']],
    });
    expect(bad.body).toMatchObject({ ok: false, code: 422 });
  });

  it('estimates exactly what sendBoc then charges, for every transfer in the body', async () => {
    const [bob, carol] = [newWallet(), newWallet()];
    const messages = [
      internal({ to: bob.address, bounce: false, value: TON, body: 'a' }),
      internal({ to: carol.address, bounce: false, value: 2n * TON, body: 'b' }),
    ];
    // An unsigned body, as a client estimates before asking for a signature.
    const unsigned = transferBody(alice, { seqno: 1, messages, secretKey: Buffer.alloc(64) });
    const estimate = await result<{ source_fees: Record<string, number> }>('estimateFee', {
      address: alice.address.toString(),
      body: unsigned.toBoc().toString('base64'),
      ignore_chksig: true,
    });
    const number = expect.any(Number);
    expect(estimate).toEqual({
      '@type': 'query.fees',
      source_fees: { '@type': 'fees', in_fwd_fee: number, storage_fee: number, gas_fee: number, fwd_fee: number },
      destination_fees: [],
    });
    // With the signature checked, the unsigned body is refused.
    const checked = await rpc('estimateFee', {
      address: alice.address.toString(),
      body: unsigned.toBoc().toString('base64'),
      ignore_chksig: false,
    });
    expect(checked.body).toMatchObject({ ok: false, code: 500 });
    expect(checked.body.error).toMatch(/exit code 35/);

    const before = await balanceOf(alice.address);
    await result('sendBoc', { boc: transferBoc(alice, { seqno: 1, messages }).boc });
    const { tx, fee } = await lastTransaction(alice.address);
    const { in_fwd_fee = NaN, gas_fee = NaN, fwd_fee = NaN } = estimate.source_fees;
    // Storage aside (it grows with the seconds between the two), the estimate is what the transaction cost.
    expect(BigInt(in_fwd_fee + gas_fee + fwd_fee)).toBe(fee - BigInt(tx.storage_fee));
    expect(before - (await balanceOf(alice.address))).toBe(3n * TON + fee);
  });

  it('needs the state init to estimate for an undeployed wallet', async () => {
    const fresh = newWallet();
    const body = transferBody(fresh, { seqno: 0, messages: [] }).toBoc().toString('base64');
    const missing = await rpc('estimateFee', { address: fresh.address.toString(), body });
    expect(missing.body).toMatchObject({ ok: false, code: 500 });
    const withInit = await result<{ source_fees: { fwd_fee: number } }>('estimateFee', {
      address: fresh.address.toString(),
      body,
      init_code: fresh.contract.init.code.toBoc().toString('base64'),
      init_data: fresh.contract.init.data.toBoc().toString('base64'),
    });
    expect(withInit.source_fees.fwd_fee).toBe(0);
  });
});

describe('getMasterchainInfo', () => {
  const BLOCK_ID = {
    '@type': 'ton.blockIdExt',
    workchain: -1,
    shard: expect.any(String),
    seqno: expect.any(Number),
    root_hash: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
    file_hash: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
  };

  interface BlockId {
    seqno: number;
    root_hash: string;
  }
  interface MasterchainInfo {
    last: BlockId;
    init: BlockId;
    state_root_hash: string;
  }

  it('answers toncenter v2 blocks.masterchainInfo: the last block, which every write moves, and block 0', async () => {
    const before = await result<MasterchainInfo>('getMasterchainInfo');
    expect(before).toEqual({
      '@type': 'blocks.masterchainInfo',
      last: { ...BLOCK_ID, shard: '-9223372036854775808' },
      state_root_hash: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/),
      init: { ...BLOCK_ID, seqno: 0, shard: '0' },
    });
    const { lt } = await faucet(deps, newWallet().address, TON);
    const after = await result<MasterchainInfo>('getMasterchainInfo');
    expect(after.last.seqno).toBeGreaterThan(before.last.seqno);
    // A transaction's lt tells its block (constants.ts LT_PER_BLOCK): the faucet's is the last one.
    expect(BigInt(after.last.seqno)).toBe(lt / LT_PER_BLOCK);
    expect(after.last.root_hash).not.toBe(before.last.root_hash);
    expect(after.state_root_hash).not.toBe(before.state_root_hash);
    expect(after.init).toEqual(before.init);
  });
});

describe('the JSON-RPC envelope', () => {
  it('answers an unknown method with 404 and echoes the id', async () => {
    const reply = await rpc('getBlockHeader', {}, 'abc');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ ok: false, code: 404, id: 'abc', jsonrpc: '2.0' });
    expect(reply.body.error).toMatch(/Unknown method 'getBlockHeader'/);
    expect((await rpc('constructor')).status).toBe(404);
    expect((await rpc('__proto__')).status).toBe(404);
  });

  it('answers bad params with 422 and an unparsable address with 416', async () => {
    const missing = await rpc('getAddressBalance', {}, 9);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ ok: false, code: 422, id: 9 });
    expect(missing.body.error).toMatch(/params\.address/);
    const wrongType = await rpc('sendBoc', { boc: 42 });
    expect(wrongType.body).toMatchObject({ ok: false, code: 422 });
    const address = await rpc('getAddressBalance', { address: 'EQ-not-an-address' });
    expect(address.status).toBe(416);
    expect(address.body).toMatchObject({ ok: false, code: 416, error: 'Incorrect address' });
  });

  it('answers a malformed or non-object body in the envelope, never with a stack trace', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: CHAIN_RPC_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"method": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ ok: false, error: 'Malformed JSON body', code: 400, id: null, jsonrpc: '2.0' });
    const notAnObject = await ctx.app.inject({ method: 'POST', url: CHAIN_RPC_PATH, payload: [1, 2] });
    expect(notAnObject.statusCode).toBe(422);
    expect(notAnObject.json()).toMatchObject({ ok: false, code: 422 });
    const noMethod = await ctx.app.inject({ method: 'POST', url: CHAIN_RPC_PATH, payload: { id: 3, params: {} } });
    expect(noMethod.json()).toMatchObject({ ok: false, code: 422, id: 3 });
    expect(noMethod.body).not.toMatch(/at .*\.ts/);
  });

  it('allows any origin, as toncenter does', async () => {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: CHAIN_RPC_PATH,
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Content-Type/);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: CHAIN_RPC_PATH,
      payload: { method: 'getAddressState', params: { address: newWallet().address.toString() } },
    });
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    expect(reply.json()).toEqual({ ok: true, result: 'uninitialized', id: null, jsonrpc: '2.0' });
  });

  it('does not exist in production', async () => {
    const production = await buildApp({
      db: ctx.db,
      logger: false,
      community: { isMember: async () => false, recheckIntervalMs: 30_000 },
      config: sandboxConfig({ mode: 'production', treasuryAddress: undefined }),
    });
    try {
      const reply = await production.inject({
        method: 'POST',
        url: CHAIN_RPC_PATH,
        payload: {
          id: 1,
          jsonrpc: '2.0',
          method: 'getAddressBalance',
          params: { address: newWallet().address.toString() },
        },
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ msg: 'Not found', code: 'notFound' });
    } finally {
      await production.close();
    }
  });
});

describe('sandbox treasury', () => {
  it('is the public sandbox key pair’s wallet, deployed and funded on start, once', async () => {
    const wallet = sandboxTreasuryWallet();
    expect(ctx.config.treasuryAddress).toBe(sandboxTreasuryAddress());
    expect(Address.parse(ctx.config.treasuryAddress ?? '').equals(wallet.address)).toBe(true);
    expect(wallet.publicKey).toEqual(sandboxTreasuryKeyPair().publicKey);

    const treasury = await info(wallet.address);
    expect(treasury.state).toBe('active');
    expect(await seqnoOf(wallet.address)).toBe(1);
    const history = await transactionsOf(wallet.address);
    expect(history).toHaveLength(2);
    expect(BigInt(treasury.balance ?? 0)).toBe(SANDBOX_TREASURY_FUNDING - BigInt(history[0]?.fee ?? NaN));

    // A second start on the same database changes nothing.
    const again = await buildApp({ db: ctx.db, logger: false, config: ctx.config });
    await again.close();
    expect(await transactionsOf(wallet.address)).toEqual(history);
    expect((await info(wallet.address)).balance).toBe(treasury.balance);
  });

  it('receives a payment whose comment the treasury watcher can match', async () => {
    const payer = await deployedWallet();
    const treasury = Address.parse(ctx.config.treasuryAddress ?? '');
    await result('sendBoc', {
      boc: transferBoc(payer, {
        seqno: 1,
        messages: [internal({ to: treasury, value: 3n * TON, body: 'mint:abc123', bounce: true })],
      }).boc,
    });
    const [tx] = await transactionsOf(treasury, { limit: 1 });
    expect(tx?.in_msg).toMatchObject({ value: (3n * TON).toString(), message: 'mint:abc123' });
    expect(Address.parse(tx?.in_msg?.source ?? '').equals(payer.address)).toBe(true);
  });
});

describe('@ton/ton TonClient against the dev chain', () => {
  let server: FastifyInstance;
  let client: TonClient;
  beforeAll(async () => {
    server = await buildApp({ db: ctx.db, logger: false, config: ctx.config });
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    client = new TonClient({ endpoint: `${address}${CHAIN_RPC_PATH}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('deploys, transfers, reads seqno, balance and parsed transactions', async () => {
    const me = newWallet();
    const to = newWallet();
    await faucet(deps, me.address, 5n * TON);
    const wallet = client.open(me.contract);
    expect(await wallet.getSeqno()).toBe(0);
    await wallet.sendTransfer({
      seqno: 0,
      secretKey: me.keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY + SendMode.IGNORE_ERRORS,
      messages: [internal({ to: to.address, bounce: false, value: TON, body: 'via TonClient' })],
    });
    expect(await wallet.getSeqno()).toBe(1);
    // The transfer deployed the wallet; the faucet's credit before it cost nothing.
    const [sent, funded] = await transactionsOf(me.address, { limit: 2 });
    expect(funded?.fee).toBe('0');
    expect(await client.getBalance(me.address)).toBe(5n * TON - TON - BigInt(sent?.fee ?? NaN));
    expect(await client.isContractDeployed(me.address)).toBe(true);
    const state = await client.getContractState(to.address);
    expect(state).toMatchObject({ balance: TON, state: 'uninitialized' });

    const transactions = await client.getTransactions(to.address, { limit: 5 });
    expect(transactions).toHaveLength(1);
    const incoming = transactions[0]?.inMessage;
    expect(incoming?.info.type).toBe('internal');
    expect(incoming?.info.src?.toString()).toBe(me.address.toString());
    expect(incoming?.body.beginParse().skip(32).loadStringTail()).toBe('via TonClient');

    const fee = await client.estimateExternalMessageFee(me.address, {
      body: transferBody(me, { seqno: 1, messages: [internal({ to: to.address, bounce: false, value: TON })] }),
      initCode: null,
      initData: null,
      ignoreSignature: true,
    });
    const parsed = loadTransaction(Cell.fromBase64(sent?.data ?? '').beginParse());
    const gas = parsed.description.type === 'generic' && parsed.description.computePhase;
    expect(gas && gas.type === 'vm' ? gas.gasFees : null).toBe(BigInt(fee.source_fees.gas_fee));
  });

  // Every call a treasury watcher or a payout worker makes, through the unchanged TonClient.
  it('getMasterchainInfo: the last block, which moves with every write', async () => {
    const before = await client.getMasterchainInfo();
    expect(before).toEqual({
      workchain: -1,
      shard: '-9223372036854775808',
      initSeqno: 0,
      latestSeqno: expect.any(Number),
    });
    await faucet(deps, newWallet().address, TON);
    expect((await client.getMasterchainInfo()).latestSeqno).toBeGreaterThan(before.latestSeqno);
  });

  it('getTransactions pages from an lt and hash, inclusive or not, as a watcher reads back', async () => {
    const account = newWallet().address;
    for (let i = 1; i <= 5; i++) await faucet(deps, account, BigInt(i) * TON, `payment ${i}`);
    const first = await client.getTransactions(account, { limit: 2 });
    expect(first.map((tx) => tx.inMessage?.body.beginParse().skip(32).loadStringTail())).toEqual([
      'payment 5',
      'payment 4',
    ]);
    const oldest = first[1]!;
    const hash = oldest.hash().toString('base64');
    // toncenter's own paging includes the transaction it starts from
    const inclusive = await client.getTransactions(account, {
      limit: 2,
      lt: oldest.lt.toString(),
      hash,
      inclusive: true,
    });
    expect(inclusive.map((tx) => tx.lt)).toEqual([oldest.lt, oldest.lt - LT_PER_BLOCK]);
    expect(inclusive[0]?.hash().equals(oldest.hash())).toBe(true);
    // TonClient's default leaves it out
    const exclusive = await client.getTransactions(account, { limit: 2, lt: oldest.lt.toString(), hash });
    expect(exclusive.map((tx) => tx.inMessage?.info.type === 'internal' && tx.inMessage.info.value.coins)).toEqual([
      3n * TON,
      2n * TON,
    ]);
    const all = await client.getTransactions(account, { limit: 100 });
    expect(all).toHaveLength(5);
    const faucetIn = all.at(-1)?.inMessage?.info;
    expect(faucetIn?.type === 'internal' && faucetIn.src.equals(FAUCET_ADDRESS)).toBe(true);
  });

  it('a payout worker: seqno, balance, deployed check, sendFile, and the payment seen by getTransactions', async () => {
    const payer = newWallet();
    const payee = newWallet();
    await faucet(deps, payer.address, 3n * TON);
    const wallet = client.open(payer.contract);
    expect(await client.isContractDeployed(payer.address)).toBe(false);
    expect(await wallet.getSeqno()).toBe(0);
    expect(await wallet.getBalance()).toBe(3n * TON);

    const { boc } = transferBoc(payer, {
      seqno: 0,
      deploy: true,
      messages: [internal({ to: payee.address, value: TON, body: 'payout 1', bounce: false })],
    });
    await client.sendFile(Buffer.from(boc, 'base64'));
    expect(await client.isContractDeployed(payer.address)).toBe(true);
    expect(await wallet.getSeqno()).toBe(1);
    expect(await client.getBalance(payer.address)).toBe(3n * TON - TON - (await lastTransaction(payer.address)).fee);
    // send mode 1 (PAY_GAS_SEPARATELY): the payee gets the whole value
    expect(await client.getBalance(payee.address)).toBe(TON);

    // runMethod with a name, as contracts' wrappers call it
    const key = await client.runMethod(payer.address, 'get_public_key');
    expect(key.stack.readBigNumber()).toBe(BigInt(`0x${payer.keyPair.publicKey.toString('hex')}`));

    const [received] = await client.getTransactions(payee.address, { limit: 1 });
    const incoming = received?.inMessage;
    expect(incoming?.info.type === 'internal' && incoming.info.src.equals(payer.address)).toBe(true);
    expect(incoming?.body.beginParse().skip(32).loadStringTail()).toBe('payout 1');

    // A refused message (here a replay) is an error to the worker, as toncenter's 500 is, and changes nothing
    await expect(client.sendFile(Buffer.from(boc, 'base64'))).rejects.toThrow(/status code 500/);
    expect(await wallet.getSeqno()).toBe(1);
    expect(await client.getBalance(payee.address)).toBe(TON);
  });
});
