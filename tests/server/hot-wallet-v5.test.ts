/**
 * A v5r1 hot wallet (HOT_WALLET_VERSION=v5r1) pays through the real wallet contract: the payout worker,
 * unchanged, drives @ton/sandbox — the TON transaction emulator running the contract's code in a real
 * TVM — through a node adapter with the three calls the worker makes (state, transactions, send).
 * The dev chain runs on the same emulator, but its hot wallet is the sandbox treasury (a v4r2), so this is
 * where the worker's v5r1 transfer format, its 255-message capacity and the first transfer's deploy are
 * checked, and so is a bounce: a contract whose code throws refuses a payout, and the worker refunds it.
 */
import { randomBytes } from 'node:crypto';
import { type Address, Cell, type Transaction, beginCell, contractAddress, loadMessage, toNano } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { Blockchain } from '@ton/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances } from '../../server/ledger/queries';
import { BOUNCED_PAYOUT, type PayoutNode, createHotWallet } from '../../server/withdraw/worker';
import { createTestContext, type TestContext } from './helpers';
import { TON, TOKEN, newUser, type TestUser } from './mint-kit';
import { drain, forgetBounceCursor, newRecipient, queue, sold, withdrawal, worker } from './payout-kit';

/** @ton/sandbox behind the calls the worker uses, shaped as @ton/ton's TonClient answers them. */
function emulatorNode(chain: Blockchain): PayoutNode & { sent: number; history(address: Address): Transaction[] } {
  const history = new Map<string, Transaction[]>();
  const record = (transactions: Transaction[]) => {
    for (const transaction of transactions) {
      const key = transaction.address.toString(16).padStart(64, '0');
      history.set(key, [transaction, ...(history.get(key) ?? [])]);
    }
  };
  const node = {
    sent: 0,
    history: (address: Address) => history.get(address.hash.toString('hex')) ?? [],
    async getContractState(address: Address) {
      const account = await chain.getContract(address);
      const state = account.accountState;
      const active = state?.type === 'active' ? state.state : null;
      const lastHash = Buffer.from(account.lastTransactionHash.toString(16).padStart(64, '0'), 'hex').toString(
        'base64',
      );
      return {
        balance: account.balance,
        state: active ? 'active' : state?.type === 'frozen' ? 'frozen' : 'uninitialized',
        code: active?.code?.toBoc() ?? null,
        data: active?.data?.toBoc() ?? null,
        lastTransaction:
          account.lastTransactionLt === 0n ? null : { lt: account.lastTransactionLt.toString(), hash: lastHash },
        blockId: { workchain: 0, shard: '-9223372036854775808', seqno: 0 },
        timestampt: Math.floor(Date.now() / 1000),
      };
    },
    async getTransactions(address: Address, options: { limit: number; lt?: string; inclusive?: boolean }) {
      const all = history.get(address.hash.toString('hex')) ?? [];
      const start =
        options.lt === undefined
          ? 0
          : all.findIndex((t) => t.lt.toString() === options.lt) + (options.inclusive ? 0 : 1);
      return all.slice(Math.max(0, start), Math.max(0, start) + options.limit);
    },
    async sendFile(boc: Buffer) {
      node.sent++;
      const message = loadMessage(Cell.fromBoc(boc)[0]!.beginParse());
      record((await chain.sendMessage(message)).transactions);
    },
  };
  return node as unknown as PayoutNode & { sent: number; history(address: Address): Transaction[] };
}

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await newUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a v5r1 hot wallet on the real contract code (@ton/sandbox)', () => {
  it('deploys with its first transfer, pays 6 withdrawals in one transfer exactly once, then a second transfer with the next seqno', async () => {
    const chain = await Blockchain.create();
    const node = emulatorNode(chain);
    const hot = createHotWallet({ version: 'v5r1', keyPair: keyPairFromSeed(randomBytes(32)) }, 'mainnet');
    expect(hot.maxMessages).toBe(255);
    // The hot wallet's address gets TON before it is deployed, as a fresh production wallet would.
    const funder = await chain.treasury('funder');
    await funder.send({ to: hot.address, value: toNano('100'), bounce: false });
    expect((await node.getContractState(hot.address)).state).toBe('uninitialized');

    const recipients = Array.from({ length: 6 }, () => newRecipient());
    const amounts = recipients.map((_, i) => TON + BigInt(i) * 1_000_007n);
    const queued = [];
    for (const [i, to] of recipients.entries()) queued.push(await queue(ctx, user.userId, amounts[i]!, to.text));

    const run = worker(ctx, hot, node);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect(node.sent).toBe(1);
    expect((await node.getContractState(hot.address)).state).toBe('active');
    for (const [i, to] of recipients.entries()) {
      // An uninitialised recipient got a non-bounceable message of exactly the amount.
      expect((await chain.getContract(to.address)).balance).toBe(amounts[i]);
      expect(await withdrawal(ctx, queued[i]!.id)).toMatchObject({ status: 'completed', tx_hash: expect.any(String) });
    }
    expect(new Set(await Promise.all(queued.map(async (w) => (await withdrawal(ctx, w.id)).tx_hash))).size).toBe(1);

    // The next transfer uses seqno 1; nothing paid before is paid again.
    const later = newRecipient();
    const next = await queue(ctx, user.userId, 2n * TON, later.text);
    expect(await drain(run)).toEqual(['signed', 'sent', 'confirmed', 'idle']);
    expect((await chain.runGetMethod(hot.address, 'seqno')).stackReader.readNumber()).toBe(2);
    expect((await chain.getContract(later.address)).balance).toBe(2n * TON);
    expect((await withdrawal(ctx, next.id)).status).toBe('completed');
    for (const [i, to] of recipients.entries()) expect((await chain.getContract(to.address)).balance).toBe(amounts[i]);
  });

  it('a payout a contract refuses (its code throws) bounces back; the worker fails the withdrawal and returns its tokens once', async () => {
    const chain = await Blockchain.create();
    const node = emulatorNode(chain);
    const hot = createHotWallet({ version: 'v5r1', keyPair: keyPairFromSeed(randomBytes(32)) }, 'testnet');
    const funder = await chain.treasury('funder');
    await funder.send({ to: hot.address, value: toNano('10'), bounce: false });
    // A contract that accepts a message with an empty body (its deploy) and throws 100 on any other:
    // DROP (the selector), SEMPTY (the body), 100 THROWIFNOT.
    const init = { code: beginCell().storeBuffer(Buffer.from('30c700f2e064', 'hex')).endCell(), data: Cell.EMPTY };
    const refusing = contractAddress(0, init);
    await funder.send({ to: refusing, value: toNano('1'), init, bounce: false });
    expect((await node.getContractState(refusing)).state).toBe('active');

    const seller = await newUser(ctx);
    const w = await sold(ctx, seller.userId, 2n * TON, refusing.toString({ bounceable: false, testOnly: true }));
    const debited = await balances(ctx.db, seller.userId);
    expect(await drain(worker(ctx, hot, node))).toEqual(['signed', 'sent', 'confirmed', 'bounced', 'idle']);

    // What the real TVM did: the recipient's compute phase exited 100 and bounced; the hot wallet got it back.
    const refusal = node.history(refusing)[0];
    expect(refusal?.description).toMatchObject({
      type: 'generic',
      aborted: true,
      computePhase: { exitCode: 100 },
      bouncePhase: { type: 'ok' },
    });
    const back = node.history(hot.address)[0];
    expect(back?.inMessage?.info).toMatchObject({ type: 'internal', bounced: true });
    expect(await withdrawal(ctx, w.id)).toMatchObject({
      status: 'failed',
      error: BOUNCED_PAYOUT,
      bounced_tx_hash: back!.hash().toString('base64'),
    });
    expect((await balances(ctx.db, seller.userId))?.task_balance).toBe(debited!.task_balance + 10n * TOKEN);
    // read again from the start: nothing more
    await forgetBounceCursor(ctx, hot);
    expect(await drain(worker(ctx, hot, node))).toEqual(['idle']);
    expect((await balances(ctx.db, seller.userId))?.task_balance).toBe(debited!.task_balance + 10n * TOKEN);
  });
});
