/**
 * Each event notifies in its own transaction (server/notifications): the row's kind and params, and the
 * text the sender makes of it in English and Russian, with the app's formats (TON 4 decimals, TKN 2,
 * no-break spaces; addresses 3 + 4).
 */
import type { TonClient } from '@ton/ton';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { runSettlement } from '../../server/jobs';
import { renderMessage } from '../../server/notifications/texts';
import { createTestContext, type TestContext } from './helpers';
import { TON, ageStake, createMint, fakeNode, newUser, payMint, stakeMint, type TestUser } from './mint-kit';
import { fakeClock, newSender, outbox, recordingBotApi } from './notification-kit';
import { chainClient, drain, newHotWallet, newRecipient, queue, worker } from './payout-kit';
import { createFarmingLink, fundedUser } from './race-kit';
import { admin, makeTask, taskCall } from './task-kit';

const NBSP = '\u00A0';

let ctx: TestContext;
let client: TonClient;
beforeAll(async () => {
  ctx = await createTestContext();
  client = await chainClient(ctx);
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.db.query('DELETE FROM notifications_pause');
});

/** Sends what is due and answers the texts each of `user`'s chats got, in order. */
async function sentTo(user: TestUser, language: 'en' | 'ru' = 'en'): Promise<string[]> {
  await ctx.db.query('UPDATE users SET language_code = $2 WHERE id = $1', [user.userId, language]);
  const clock = fakeClock();
  const bot = recordingBotApi(clock);
  await newSender({ db: ctx.db, config: ctx.config, botApi: bot.api }, clock, {
    limits: { runBudgetMs: 60_000 },
  }).run();
  const [row] = await ctx.db.query<{ telegram_id: string }>('SELECT telegram_id::text FROM users WHERE id = $1', [
    user.userId,
  ]);
  return bot.sent.filter((m) => m.chat_id === row?.telegram_id).map((m) => m.text);
}

/** The user's rows, without the ones of earlier checks. */
const rowsOf = async (user: TestUser) =>
  (await outbox(ctx.db, user.userId)).map((r) => ({ kind: r.kind, params: r.params }));

describe('payouts', () => {
  it('a completed payout: its TON, the address shortened, the history button; in English and Russian', async () => {
    const user = await newUser(ctx);
    const hot = await newHotWallet(ctx, 2_000n * TON);
    const to = newRecipient();
    const row = await queue(ctx, user.userId, 1_234_567_891_000n, to.text);
    await drain(worker(ctx, hot.wallet, client));
    const rows = await outbox(ctx.db, user.userId);
    expect(rows.map((r) => [r.kind, r.dedupe_key])).toEqual([['payout_completed', `payout_completed:${row.id}`]]);
    expect(rows[0]?.params).toMatchObject({ ton_amount: '1234.567891', address: to.text });
    expect(rows[0]?.params['tx_hash']).toMatch(/^[0-9a-f]{64}$/);

    const short = `${to.text.slice(0, 3)}…${to.text.slice(-4)}`;
    const [en] = await sentTo(user, 'en');
    expect(en).toBe(`Payout sent: 1${NBSP}234.5678${NBSP}TON to <code>${short}</code>.`);
    // Sent once: a second pass in Russian finds nothing new for this row.
    await ctx.db.query('UPDATE notifications SET claimed_at = NULL, sent_at = NULL, attempts = 0 WHERE id = $1', [
      rows[0]!.id,
    ]);
    const [ru] = await sentTo(user, 'ru');
    expect(ru).toBe(`Выплата отправлена: 1${NBSP}234,5678${NBSP}TON на <code>${short}</code>.`);
  });

  it('the explorer link follows the network, and the sandbox has none; the button opens History', () => {
    const params = { ton_amount: '1', address: 'UQAbcdefghijklmnopqrstuvwxyz', tx_hash: 'ab'.repeat(32) };
    const render = (tonNetwork: 'mainnet' | 'testnet', sandbox: boolean) =>
      renderMessage(
        { kind: 'payout_completed', params, telegramId: '1', languageCode: 'en' },
        { publicUrl: 'https://app.example', tonNetwork, sandbox },
      );
    expect(render('mainnet', false).text).toContain(`href="https://tonviewer.com/transaction/${params.tx_hash}"`);
    expect(render('testnet', false).text).toContain(
      `href="https://testnet.tonviewer.com/transaction/${params.tx_hash}"`,
    );
    expect(render('testnet', true).text).not.toContain('tonviewer');
    expect(render('mainnet', false).reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Go to History', web_app: { url: 'https://app.example/history' } }]],
    });
  });

  it('a payout whose transaction rolls back notifies nobody; paid later, it notifies once', async () => {
    const user = await newUser(ctx);
    const hot = await newHotWallet(ctx);
    await queue(ctx, user.userId, TON, newRecipient().text);
    // The batch's confirmation fails after the withdrawal was completed and notified in its transaction.
    await ctx.db.exec(`
      CREATE FUNCTION refuse_confirm() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.status = 'confirmed' THEN RAISE EXCEPTION 'confirmation refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_confirm BEFORE UPDATE ON payout_batches FOR EACH ROW EXECUTE FUNCTION refuse_confirm();
    `);
    try {
      await expect(drain(worker(ctx, hot.wallet, client))).rejects.toThrow(/confirmation refused/);
      expect(await outbox(ctx.db, user.userId)).toEqual([]);
    } finally {
      await ctx.db.exec('DROP TRIGGER refuse_confirm ON payout_batches; DROP FUNCTION refuse_confirm();');
    }
    await drain(worker(ctx, hot.wallet, client));
    await drain(worker(ctx, hot.wallet, client));
    expect((await rowsOf(user)).map((r) => r.kind)).toEqual(['payout_completed']);
  });

  it("an operator's refund: the tokens back, in both languages", async () => {
    const user = await newUser(ctx);
    const row = await queue(ctx, user.userId, TON, newRecipient().text);
    await ctx.db.query("UPDATE withdrawals SET status = 'failed', error = 'x' WHERE id = $1", [row.id]);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${row.id}/refund`,
      headers: admin(ctx),
    });
    expect(refund.statusCode).toBe(200);
    expect(await rowsOf(user)).toEqual([{ kind: 'payout_refunded', params: { token_amount: '10', bounced: false } }]);
    expect(await sentTo(user, 'ru')).toEqual([
      `Продажа возвращена: выплата не прошла. 10,00${NBSP}TKN снова на вашем балансе.`,
    ]);
    await ctx.db.query('UPDATE notifications SET claimed_at = NULL, sent_at = NULL WHERE user_id = $1', [user.userId]);
    // Named as History names it, and no TON said to be received.
    expect(await sentTo(user, 'en')).toEqual([
      `Sale returned: your payout failed. 10.00${NBSP}TKN are back on your balance.`,
    ]);
  });
});

describe('mints', () => {
  it('a paid mint is active: its public id with "#", TON and tokens; in English and Russian', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 2.5);
    await payMint(ctx, mint, fakeNode());
    const rows = await rowsOf(user);
    expect(rows).toEqual([
      {
        kind: 'mint_active',
        params: { mint_id: mint.id, code: mint.mint_id, ton_amount: '2.5', token_amount: expect.any(String) },
      },
    ]);
    const [en] = await sentTo(user, 'en');
    expect(en).toMatch(
      new RegExp(
        `^Payment received: mint <code>#${mint.mint_id}</code> for 2\\.5000${NBSP}TON is active, [\\d${NBSP}]+\\.\\d{2}${NBSP}TKN\\.$`,
      ),
    );
    await ctx.db.query('UPDATE notifications SET claimed_at = NULL, sent_at = NULL WHERE user_id = $1', [user.userId]);
    const [ru] = await sentTo(user, 'ru');
    // The same "#" and code as the app's mint card: no "№", no row counter; in <code>, so no hashtag.
    expect(ru).toMatch(new RegExp(`^Оплата получена: минт <code>#${mint.mint_id}</code> на 2,5000${NBSP}TON активен`));
  });
});

describe('tasks', () => {
  async function pendingPhoto(user: TestUser, taskId: number): Promise<number> {
    await taskCall(ctx, user, 'start', { task_id: taskId });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await taskCall(ctx, user, 'validate', {
      task_id: taskId,
      photo: { content_type: 'image/png', data: png.toString('base64') },
    });
    const queueNow = await ctx.app.inject({ method: 'GET', url: '/api/admin/tasks/reviews', headers: admin(ctx) });
    const item = queueNow
      .json<Array<{ id: number; user: { id: number }; task: { id: number } }>>()
      .find((entry) => entry.user.id === user.userId && entry.task.id === taskId);
    if (!item) throw new Error('proof not in the queue');
    return item.id;
  }

  it('a rejected proof: the task and the reason, escaped; in English and Russian', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo' });
    const proofId = await pendingPhoto(user, taskId);
    const reject = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tasks/reviews/${proofId}/reject`,
      headers: admin(ctx),
      payload: { reason: 'The photo shows <nothing>' },
    });
    expect(reject.statusCode).toBe(200);
    const rows = await rowsOf(user);
    expect(rows).toEqual([
      { kind: 'task_rejected', params: expect.objectContaining({ reason: 'The photo shows <nothing>' }) },
    ]);
    const [en] = await sentTo(user, 'en');
    expect(en).toMatch(
      /^Task “<code>Task \d+<\/code>” was not approved: <code>The photo shows &lt;nothing&gt;<\/code>$/,
    );
    await ctx.db.query('UPDATE notifications SET claimed_at = NULL, sent_at = NULL WHERE user_id = $1', [user.userId]);
    const [ru] = await sentTo(user, 'ru');
    expect(ru).toMatch(
      /^Задание «<code>Задание \d+<\/code>» не принято: <code>The photo shows &lt;nothing&gt;<\/code>$/,
    );
  });

  it('an approved proof: the reward to claim', async () => {
    const user = await newUser(ctx);
    const taskId = await makeTask(ctx, { kind: 'photo', reward: '1234.5' });
    const proofId = await pendingPhoto(user, taskId);
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tasks/reviews/${proofId}/approve`,
      headers: admin(ctx),
    });
    expect(approve.statusCode).toBe(200);
    expect((await rowsOf(user)).map((r) => r.kind)).toEqual(['task_approved']);
    expect(await sentTo(user, 'en')).toEqual([
      expect.stringMatching(new RegExp(`approved: claim your 1${NBSP}234\\.50${NBSP}TKN\\.$`)),
    ]);
  });
});

describe('referrals', () => {
  it("a friend joined, then their first payment's reward (once, not for their second)", async () => {
    const referrer = await newUser(ctx);
    const friend = await newUser(ctx, { refCode: referrer.refCode });
    expect(await rowsOf(referrer)).toEqual([{ kind: 'referral_joined', params: { name: 'Test' } }]);
    await payMint(ctx, await createMint(ctx, friend, 10), fakeNode());
    await payMint(ctx, await createMint(ctx, friend, 10), fakeNode());
    const rows = await rowsOf(referrer);
    expect(rows.map((r) => r.kind)).toEqual(['referral_joined', 'referral_reward']);
    expect(rows[1]?.params).toMatchObject({ name: 'Test', token_amount: expect.stringMatching(/^\d+(\.\d+)?$/) });
    const texts = await sentTo(referrer, 'en');
    expect(texts[0]).toBe('<code>Test</code> joined with your invite link.');
    expect(texts[1]).toMatch(
      new RegExp(`^<code>Test</code> paid a mint: [\\d${NBSP}]+\\.\\d{2}${NBSP}TKN to your referral balance\\.$`),
    );
  });
});

describe('farming links', () => {
  it("someone activated the user's link: the author is told the tokens of that use, once per activator", async () => {
    const author = await fundedUser(ctx, 200n);
    const link = await createFarmingLink(ctx, author);
    const code = link.codes[0]!.activation_code;
    const friend = await newUser(ctx);
    const activate = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/farming/activate',
        headers: friend.headers,
        payload: { activation_code: code },
      });
    expect((await activate()).statusCode).toBe(200);
    // The same activation asked again changes nothing and notifies nothing more.
    await activate();
    expect(await rowsOf(author)).toEqual([{ kind: 'farm_activated', params: { token_amount: '100' } }]);
    expect(await sentTo(author, 'en')).toEqual([`Someone activated your farming link: 100.00${NBSP}TKN.`]);
  });
});

describe('staking', () => {
  it('a finished stake: its public id, what came back, the reward in it; in English and Russian', async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    await payMint(ctx, mint, fakeNode());
    const stake = await stakeMint(ctx, user, mint.id);
    await ageStake(ctx, stake.id, 400);
    await runSettlement({ db: ctx.db, bus: ctx.bus, config: ctx.config }, Math.floor(Date.now() / 1000));
    const rows = (await rowsOf(user)).filter((r) => r.kind === 'stake_completed');
    expect(rows).toEqual([
      {
        kind: 'stake_completed',
        params: {
          stake_id: stake.id,
          code: stake.staking_id,
          token_amount: expect.any(String),
          reward: expect.any(String),
        },
      },
    ]);
    await ctx.db.query("DELETE FROM notifications WHERE user_id = $1 AND kind <> 'stake_completed'", [user.userId]);
    const [en] = await sentTo(user, 'en');
    expect(en).toMatch(new RegExp(`^Stake <code>#${stake.staking_id}</code> finished: `));
    await ctx.db.query('UPDATE notifications SET claimed_at = NULL, sent_at = NULL WHERE user_id = $1', [user.userId]);
    const [ru] = await sentTo(user, 'ru');
    expect(ru).toMatch(new RegExp(`^Стейк <code>#${stake.staking_id}</code> завершён: `));
  });
});

describe('migration 0033: notifications written before carry the row id only', () => {
  it("gives each its mint's or stake's public id, which the text then names", async () => {
    const user = await newUser(ctx);
    const mint = await createMint(ctx, user, 1);
    await payMint(ctx, mint, fakeNode());
    const stake = await stakeMint(ctx, user, mint.id);
    // As migration 0032's build wrote them: no code.
    await ctx.db.query(
      `INSERT INTO notifications (user_id, kind, params, dedupe_key) VALUES
         ($1, 'stake_completed', $2::jsonb, 'old-stake'), ($1, 'mint_active', $3::jsonb, 'old-mint')`,
      [
        user.userId,
        JSON.stringify({ stake_id: stake.id, token_amount: '1', reward: '0' }),
        JSON.stringify({ mint_id: mint.id, ton_amount: '1', token_amount: '1' }),
      ],
    );
    const migration = migrations.find((m) => m.id === '0033_notification_public_ids');
    if (!migration) throw new Error('migration 0033 missing');
    await ctx.db.exec(migration.sql);
    const old = await ctx.db.query<{ dedupe_key: string; code: string }>(
      `SELECT dedupe_key, params->>'code' AS code FROM notifications WHERE dedupe_key LIKE 'old-%' ORDER BY dedupe_key`,
    );
    expect(old).toEqual([
      { dedupe_key: 'old-mint', code: mint.mint_id },
      { dedupe_key: 'old-stake', code: stake.staking_id },
    ]);
    await ctx.db.query("DELETE FROM notifications WHERE user_id = $1 AND dedupe_key NOT LIKE 'old-%'", [user.userId]);
    expect(await sentTo(user, 'en')).toEqual([
      expect.stringMatching(new RegExp(`^Stake <code>#${stake.staking_id}</code> finished`)),
      expect.stringMatching(new RegExp(`^Payment received: mint <code>#${mint.mint_id}</code> `)),
    ]);
  });
});
