/**
 * The hot wallet's kind never changes by itself (server/withdraw/worker/kind-guard.ts, docs/deploy.md):
 * the default moved from v4r2 to v5r1, so a deployment whose payouts left from its v4r2 wallet and that
 * never set HOT_WALLET_VERSION is refused by the payout job rather than paying from another address; a
 * batch still open on the old wallet refuses any switch.
 */
import { randomBytes } from 'node:crypto';
import { keyPairFromSeed } from '@ton/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotWalletKeys } from '../../server/deps';
import { createBackgroundJobs } from '../../server/jobs';
import { confirmBatch, insertBatch } from '../../server/withdraw/queries';
import { createHotWallet } from '../../server/withdraw/worker';
import { HotWalletKindRefused, hotWalletKindRefusal } from '../../server/withdraw/worker/kind-guard';
import { createTestContext, type TestContext } from './helpers';
import { TON, newUser, type TestUser } from './mint-kit';
import { newRecipient, queue, withdrawal } from './payout-kit';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await newUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const keyPair = keyPairFromSeed(randomBytes(32));
const v4: HotWalletKeys = { version: 'v4r2', keyPair };
const v5: HotWalletKeys = { version: 'v5r1', keyPair };
const walletOf = (keys: HotWalletKeys) => createHotWallet(keys, ctx.config.tonNetwork);

async function batchOf(keys: HotWalletKeys, seqno: number) {
  const row = await insertBatch(ctx.db, {
    walletAddress: walletOf(keys).address.toRawString(),
    seqno,
    validUntil: 1,
    signedBoc: 'te6cc',
    messageHash: randomBytes(32).toString('base64'),
    start: { lt: 0n, hash: null },
  });
  if (!row) throw new Error('batch not stored');
  return row;
}

describe('the hot wallet kind guard', () => {
  it('no batch yet: any kind starts', async () => {
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v5), false)).toBeNull();
  });

  it('a batch open on the v4r2 wallet refuses its v5r1 sibling, set or defaulted; the v4r2 itself runs', async () => {
    const open = await batchOf(v4, 7);
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v5), false)).toMatch(/is still open/);
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v5), true)).toMatch(/is still open/);
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v4), false)).toBeNull();
    await confirmBatch(ctx.db, open.id, 'tx');
  });

  it('the last batch from v4r2 and HOT_WALLET_VERSION unset: the default v5r1 is refused; set, it is a deliberate move', async () => {
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v5), false)).toMatch(/set HOT_WALLET_VERSION/);
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v5), true)).toBeNull();
    expect(await hotWalletKindRefusal(ctx.db, walletOf(v4), false)).toBeNull();
  });

  it('the payout job refuses the silent switch in production: nothing signed, the withdrawal stays queued', async () => {
    const w = await queue(ctx, user.userId, TON, newRecipient().text);
    const errors: string[] = [];
    const log = {
      info: () => undefined,
      warn: () => undefined,
      error: (_: unknown, m?: string) => errors.push(m ?? ''),
    };
    const jobs = createBackgroundJobs({
      config: { ...ctx.config, mode: 'production', hotWalletVersionSet: false },
      db: ctx.db,
      bus: ctx.bus,
      log,
      hotWallet: v5,
      payoutNode: {
        getContractState: () => Promise.reject(new Error('the guard refuses before any node call')),
        getTransactions: () => Promise.reject(new Error('no node call')),
        sendFile: () => Promise.reject(new Error('no node call')),
        runMethod: () => Promise.reject(new Error('no node call')),
      },
    });
    try {
      // A failed run each time (PayoutsNotRunning), the reason logged once.
      await expect(jobs.payouts!.runOnce()).rejects.toBeInstanceOf(HotWalletKindRefused);
      await expect(jobs.payouts!.runOnce()).rejects.toBeInstanceOf(HotWalletKindRefused);
    } finally {
      await jobs.stop();
    }
    expect(errors.filter((m) => /set HOT_WALLET_VERSION/.test(m))).toHaveLength(1);
    expect(await withdrawal(ctx, w.id)).toMatchObject({ status: 'queued', batch_id: null });
  });
});
