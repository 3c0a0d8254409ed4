import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketMessage } from '@contract';
import { inTransaction } from '../../server/events/transaction';
import { InsufficientFundsError, changeBalance } from '../../server/ledger/service';
import { balances, ledgerSums } from '../../server/ledger/queries';
import { createTestContext, newTelegramId, register, type TestContext } from './helpers';
import { expectConcurrentChangesSumExactly, expectConcurrentDebitsExact, ledgerChange } from './race-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const TOKEN = 1_000_000_000n;

async function newUser(): Promise<number> {
  const telegramId = newTelegramId();
  await register(ctx.app, { id: telegramId });
  const [row] = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE telegram_id = $1', [telegramId]);
  return row!.id;
}

const change = (userId: number, delta: bigint, account: 'balance_token' | 'task_balance' = 'balance_token') =>
  ledgerChange(ctx, userId, delta, account);

describe('changeBalance', () => {
  it('writes the balance and a ledger entry with the balance after it', async () => {
    const userId = await newUser();
    const row = await change(userId, 150n * TOKEN);
    expect(row.balance_token).toBe(150n * TOKEN);

    const entries = await ctx.db.query<Record<string, unknown>>('SELECT * FROM ledger WHERE user_id = $1', [userId]);
    expect(entries).toEqual([
      expect.objectContaining({
        account: 'balance_token',
        delta: 150n * TOKEN,
        balance_after: 150n * TOKEN,
        reason: 'sandbox_grant',
        ref_type: 'test',
        ref_id: '1',
      }),
    ]);
  });

  it('keeps every balance equal to the sum of its ledger entries', async () => {
    const userId = await newUser();
    for (const delta of [10n, 25n, -7n, 3n, -31n]) await change(userId, delta * TOKEN);
    await change(userId, 5n * TOKEN, 'task_balance');
    const sums = await ledgerSums(ctx.db, userId);
    const current = await balances(ctx.db, userId);
    expect(sums).toEqual({ balance_token: 0n, task_balance: 5n * TOKEN, referral_balance: 0n });
    expect(current).toMatchObject({ balance_token: 0n, task_balance: 5n * TOKEN, referral_balance: 0n });
  });

  it('refuses an overdraw and leaves balance and ledger untouched', async () => {
    const userId = await newUser();
    await change(userId, 10n * TOKEN);
    await expect(change(userId, -11n * TOKEN)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect((await balances(ctx.db, userId))?.balance_token).toBe(10n * TOKEN);
    expect(await ctx.db.query('SELECT 1 FROM ledger WHERE user_id = $1', [userId])).toHaveLength(1);
  });

  it('lets 50 concurrent debits of 1 token from a 20-token balance succeed exactly 20 times', async () => {
    await expectConcurrentDebitsExact([ctx]);
  });

  it('sums 100 concurrent credits and debits on one balance exactly', async () => {
    await expectConcurrentChangesSumExactly([ctx]);
  });

  it('publishes user:balance only after the transaction commits, and nothing when it rolls back', async () => {
    const userId = await newUser();
    const received: SocketMessage[] = [];
    const unsubscribe = ctx.bus.subscribeUser(userId, (message) => received.push(message));
    try {
      await expect(
        inTransaction(ctx.db, ctx.bus, async (tx) => {
          await changeBalance(tx, { userId, account: 'balance_token', delta: 5n * TOKEN, reason: 'sandbox_grant' });
          expect(received).toHaveLength(0); // not yet: still inside the transaction
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(received).toHaveLength(0);
      expect((await balances(ctx.db, userId))?.balance_token).toBe(0n);

      await change(userId, 2_500_000_000n);
      expect(received).toEqual([
        {
          event: 'user:balance',
          data: { balance_token: '2.5', task_balance: '0', referral_balance: '0', hold_bonus: 0, investment_bonus: 0 },
        },
      ]);
    } finally {
      unsubscribe();
    }
  });

  it('says "User not found" for a missing user and refuses a zero change', async () => {
    await expect(change(999_999, TOKEN)).rejects.toThrow('User not found');
    const userId = await newUser();
    await expect(change(userId, 0n)).rejects.toThrow(/zero/);
  });

  it('the database itself refuses a negative balance written around the ledger', async () => {
    const userId = await newUser();
    await expect(ctx.db.query('UPDATE users SET balance_token = -1 WHERE id = $1', [userId])).rejects.toThrow(/check/i);
  });
});
