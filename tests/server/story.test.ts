/**
 * GET /api/story/<ref code>.svg (docs/security.md "Story images"): the image WebApp.shareToStory posts,
 * public because Telegram fetches it without the user's token — so it shows the headline and the
 * referral level, never a balance or a name; in the asked language; bad input is a 422 / 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';
import { newUser } from './mint-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/story/<ref code>.svg', () => {
  it("draws the headline and the user's level in their language, without a token and without balances", async () => {
    const user = await newUser(ctx);
    await ctx.db.query("UPDATE users SET balance_token = 123456789000000, first_name = 'Secret' WHERE id = $1", [
      user.userId,
    ]);
    const en = await ctx.app.inject({ method: 'GET', url: `/api/story/${user.refCode}.svg?lang=en` });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    expect(en.body).toContain('TON Token');
    expect(en.body).toContain('Referral level 1 of 8');
    expect(en.body).not.toContain('Secret');
    expect(en.body).not.toMatch(/123[\s,.]?456/);
    // A code in lower case is the same code; Russian words for a Russian reader.
    const ru = await ctx.app.inject({ method: 'GET', url: `/api/story/${user.refCode.toLowerCase()}.svg?lang=ru` });
    expect(ru.statusCode).toBe(200);
    expect(ru.body).toContain('Реферальный уровень 1 из 8');
  });

  it('refuses what is not a ref code (422) and a code nobody has (404), with a stable code', async () => {
    for (const file of ['ABCD2345.png', 'AB0D2345.svg', '..%2Fetc.svg', 'TOOLONGCODE.svg']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/story/${file}` });
      expect(response.statusCode, file).toBe(422);
      expect(response.json()).toMatchObject({ code: 'validation' });
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/story/ZZZZ2345.svg' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'userNotFound' });
  });
});
