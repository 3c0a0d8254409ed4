/**
 * The sandbox's pages (launcher, dev wallet) show figures with the file the server serves as
 * /sandbox/format.js. It must be the app's own formatter: what the launcher prints for a value is what
 * the app prints for it.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as app from '@/shared/lib/format';
import { FORMAT_SCRIPT_PATH } from '../../server/sandbox/routes';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The served script, loaded as the browser does: an ES module from its text. */
async function servedFormat(): Promise<typeof app> {
  const answer = await ctx.app.inject({ method: 'GET', url: FORMAT_SCRIPT_PATH });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
  return (await import(`data:text/javascript;base64,${Buffer.from(answer.body).toString('base64')}`)) as typeof app;
}

const VALUES = ['0', '0.01', '0.0101', '90.262358072', '100', '1000000', '-1234.5678', '1e-7', '0.046', 'abc'];

describe('the sandbox formats figures with the app’s formatter', () => {
  it('gives the same text as the app for every unit', async () => {
    const served = await servedFormat();
    for (const value of VALUES) {
      for (const locale of ['en', 'ru'] as const) {
        expect(served.formatTokens(value, locale), value).toBe(app.formatTokens(value, locale));
        expect(served.formatTon(value, locale), value).toBe(app.formatTon(value, locale));
        expect(served.formatPrice(value, locale), value).toBe(app.formatPrice(value, locale));
        expect(served.formatPercent(value, locale), value).toBe(app.formatPercent(value, locale));
        expect(served.formatChange(value, locale), value).toBe(app.formatChange(value, locale));
        for (const kind of ['token', 'ton', 'price', 'reward', 'percent'] as const)
          expect(served.formatAmount(value, kind, locale), value).toBe(app.formatAmount(value, kind, locale));
      }
    }
    const address = '0QAOiaFnJ2dYsq3ZRuNPZMXvMzpZJ7pfGOIJQZP2LRHvc8Vh';
    expect(served.shortenAddress(address)).toBe(app.shortenAddress(address));
    expect(served.shortenAddress(address)).toBe(`0QA…${address.slice(-4)}`);
  });

  it('the launcher and the dev wallet load it and keep no formatting of their own', async () => {
    const launcher = (await ctx.app.inject({ method: 'GET', url: '/sandbox/' })).body;
    expect(launcher).toContain(`from '${FORMAT_SCRIPT_PATH}'`);
    const devWallet = await readFile(new URL('../../server/sandbox/dev-wallet.js', import.meta.url), 'utf8');
    expect(devWallet).toContain(`var FORMAT_SCRIPT = '${FORMAT_SCRIPT_PATH}';`);
    expect(devWallet).toContain('import(FORMAT_SCRIPT)');
    // Hand-made formatting: fixed decimals, locale numbers, an address cut by hand.
    const handMade = /toFixed|toLocaleString\(\)\s*\+|Intl\.NumberFormat|\.slice\(0, \d\) \+ '…'/;
    expect(launcher).not.toMatch(handMade);
    expect(devWallet).not.toMatch(handMade);
  });
});
