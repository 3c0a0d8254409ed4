/**
 * The operator call settingsGet (GET /api/admin/settings) and `npm run operator -- settings`: every global
 * setting as stored, behind the admin token (docs/contract.md "Adding a call", its worked example).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperator } from '../../server/operator';
import { getSetting, setSetting } from '../../server/settings/service';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let address: string;
beforeAll(async () => {
  ctx = await createTestContext();
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

const adminHeaders = () => ({ authorization: `Bearer ${ctx.config.adminToken}` });

describe('GET /api/admin/settings', () => {
  it('answers every setting as stored, and follows a change', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/admin/settings', headers: adminHeaders() });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      maintenance: false,
      collective_bonus: await getSetting(ctx.db, 'collective_bonus'),
      withdraw_fee_percent: await getSetting(ctx.db, 'withdraw_fee_percent'),
      withdraw_network_fee: await getSetting(ctx.db, 'withdraw_network_fee'),
      withdraw_min_receive: await getSetting(ctx.db, 'withdraw_min_receive'),
      payouts_paused: false,
    });

    const held = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: adminHeaders(),
      payload: { paused: true },
    });
    expect(held.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/admin/settings', headers: adminHeaders() });
    expect(after.json()).toMatchObject({ payouts_paused: true });
    await setSetting(ctx.db, 'payouts_paused', false);
  });

  it('is the operator API: 401 without the admin token, and a user token is not it', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/admin/settings' });
    expect(none.statusCode).toBe(401);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('npm run operator -- settings prints one line per setting', async () => {
    const lines: string[] = [];
    await runOperator(['settings'], {
      apiUrl: address,
      adminToken: ctx.config.adminToken,
      print: (line) => lines.push(line),
    });
    expect(lines).toEqual([
      'maintenance: off',
      `collective_bonus: ${await getSetting(ctx.db, 'collective_bonus')} % a day`,
      `withdraw_fee_percent: ${await getSetting(ctx.db, 'withdraw_fee_percent')} %`,
      `withdraw_network_fee: ${await getSetting(ctx.db, 'withdraw_network_fee')} TON`,
      `withdraw_min_receive: ${await getSetting(ctx.db, 'withdraw_min_receive')} TON`,
      'payouts_paused: no',
    ]);
    await expect(
      runOperator(['settings', 'extra'], { apiUrl: address, adminToken: ctx.config.adminToken }),
    ).rejects.toThrow(/Usage/);
  });
});
