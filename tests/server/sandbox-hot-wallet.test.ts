/**
 * The launcher's hot wallet tools (sandbox): the sandbox's hot wallet (a v5r1 by default, apart from the
 * treasury that receives mints), which pays sales, emptied by a real signed transfer on the dev chain down
 * to what is kept, and topped up from the faucet; neither touches the treasury. Each kind
 * HOT_WALLET_VERSION names is deployed on start and drained by its own contract (a highload wallet with
 * query ids the payout worker never takes).
 */
import { Address } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxHotWallet } from '../../server/sandbox/chain/service';
import { type TestContext, createTestContext, sandboxConfig } from './helpers';

const KINDS = ['v5r1', 'highload-v3', 'v4r2'] as const;

describe.each(KINDS)('the sandbox hot wallet (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: sandboxConfig({ hotWalletVersion: kind }) });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  type HotWallet = { address: string; balance: string };
  const hotWallet = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/sandbox/api/hot-wallet' })).json<HotWallet>();
  const post = (path: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/sandbox/api/hot-wallet/${path}`, payload });
  /** Top-ups recorded as treasury transactions (none: the hot wallet is not the treasury). */
  const recordedTopUps = async () =>
    ctx.db.query("SELECT outcome FROM treasury_transactions WHERE comment = 'sandbox hot wallet top-up'");

  describe('the launcher', () => {
    it('drains to what is kept, again and again (its seqno moves on), and tops up; the treasury sees none of it', async () => {
      expect(ctx.app.hotWallet?.version).toBe(kind);
      const before = await hotWallet();
      expect(before.address).toMatch(/^[0k]Q/);
      expect(Address.parse(before.address).equals(sandboxHotWallet(ctx.config).address)).toBe(true);
      expect(Address.parse(before.address).equals(Address.parse(ctx.config.treasuryAddress!))).toBe(false);
      expect(Number(before.balance)).toBeGreaterThan(1000);

      // What is kept arrives as a faucet payment, which the wallet's code receives: less that transaction's gas.
      const costsLittle = (balance: string, amount: number) =>
        expect(Number(balance)).toSatisfy((n: number) => n <= amount && n > amount - 0.01);
      const drained = (await post('drain', { keep: '1.5' })).json<HotWallet>();
      expect(drained.address).toBe(before.address);
      costsLittle(drained.balance, 1.5);
      expect((await post('drain', {})).json<HotWallet>().balance).toBe('0');
      costsLittle((await post('top-up', { amount: '1000' })).json<HotWallet>().balance, 1000);
      expect(await recordedTopUps()).toEqual([]);
    });

    it('refuses a bad amount (422) and changes nothing', async () => {
      const before = await hotWallet();
      for (const [path, body] of [
        ['top-up', {}],
        ['top-up', { amount: '-1' }],
        ['top-up', { amount: '0' }],
        ['drain', { keep: 'lots' }],
        ['drain', { keep: '1', extra: true }],
      ] as const) {
        expect((await post(path, body)).statusCode, `${path} ${JSON.stringify(body)}`).toBe(422);
      }
      expect(await hotWallet()).toEqual(before);
    });
  });
});
