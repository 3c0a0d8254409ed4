/**
 * GET /api/story/<ref code>.png (docs/security.md "Story images"): the image WebApp.shareToStory posts,
 * public because Telegram fetches it without the user's token — so it shows the headline and the
 * referral level, never a balance or a name; a PNG (Telegram takes JPEG, PNG or MP4 for a story) of the
 * story's frame, in the asked language, drawn once per language and level; bad input is a 422 / 404.
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_TIERS } from '../../server/constants';
import { storyPng, storyPngCacheSize, storySvg } from '../../server/referral/story';
import { createTestContext, type TestContext } from './helpers';
import { newUser } from './mint-kit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's pixels as resvg writes them (8-bit RGBA, not interlaced): width, height, rows of RGBA bytes. */
function decodePng(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  expect([png[24], png[25], png[28]]).toEqual([8, 6, 0]);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter]!;
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels };
}

/** How many near-white pixels (the text's ink) lie between two rows (and two columns). */
function inkBetween(image: ReturnType<typeof decodePng>, top: number, bottom: number, left = 0, right = image.width) {
  let ink = 0;
  for (let y = top; y < bottom; y += 1)
    for (let x = left; x < right; x += 1) {
      const at = (y * image.width + x) * 4;
      if (image.pixels[at]! > 230 && image.pixels[at + 1]! > 230 && image.pixels[at + 2]! > 230) ink += 1;
    }
  return ink;
}

describe('GET /api/story/<ref code>.png', () => {
  it("draws the headline and the user's level in their language as a 1080 × 1920 PNG, without a token", async () => {
    const user = await newUser(ctx);
    await ctx.db.query("UPDATE users SET balance_token = 123456789000000, first_name = 'Secret' WHERE id = $1", [
      user.userId,
    ]);
    const en = await ctx.app.inject({ method: 'GET', url: `/api/story/${user.refCode}.png?lang=en` });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('image/png');
    expect(en.headers['cache-control']).toBe('public, max-age=300');
    expect(en.headers['x-content-type-options']).toBe('nosniff');
    const enImage = decodePng(en.rawPayload);
    expect([enImage.width, enImage.height]).toEqual([1080, 1920]);

    // A code in lower case is the same code; Russian words for a Russian reader.
    const ru = await ctx.app.inject({ method: 'GET', url: `/api/story/${user.refCode.toLowerCase()}.png?lang=ru` });
    expect(ru.statusCode).toBe(200);
    const ruImage = decodePng(ru.rawPayload);
    expect([ruImage.width, ruImage.height]).toEqual([1080, 1920]);
    expect(ru.rawPayload.equals(en.rawPayload)).toBe(false);
    // The Cyrillic has its glyphs: the level's pill ("Реферальный уровень 1 из 8", y 1380–1500) holds about
    // as much ink as the English line, where a font without Cyrillic would leave the two digits alone.
    const [enLevel, ruLevel] = [inkBetween(enImage, 1380, 1500), inkBetween(ruImage, 1380, 1500)];
    expect(enLevel).toBeGreaterThan(2_000);
    expect(ruLevel).toBeGreaterThan(enLevel * 0.7);
    // The headline (y 900–1300) too, and nothing of it runs past the frame's sides.
    expect(inkBetween(ruImage, 900, 1300)).toBeGreaterThan(inkBetween(enImage, 900, 1300) * 0.7);
    expect(inkBetween(ruImage, 900, 1300, 0, 40) + inkBetween(ruImage, 900, 1300, 1040)).toBe(0);
  });

  it('says only the headline and the level: no name, no balance', () => {
    const svg = storySvg('en', 1, REFERRAL_TIERS.length);
    expect(svg).toContain('TON Token');
    expect(svg).toContain('Referral level 1 of 8');
    expect(storySvg('ru', 1, REFERRAL_TIERS.length)).toContain('Реферальный уровень 1 из 8');
    // The fonts the PNG is drawn with are the ones it names: no host font is looked for.
    expect(svg).not.toMatch(/font-family="(?!DejaVu Sans")/);
  });

  it('draws each language and level once: many codes and languages keep at most the bounded set', async () => {
    const users = await Promise.all([newUser(ctx), newUser(ctx), newUser(ctx)]);
    for (const user of users)
      for (const lang of ['en', 'ru', 'ru-RU', 'de', 'uk'])
        expect(
          (await ctx.app.inject({ method: 'GET', url: `/api/story/${user.refCode}.png?lang=${lang}` })).statusCode,
        ).toBe(200);
    // Level 1 for all, in two languages.
    expect(storyPngCacheSize()).toBe(2);
    // Past its bound (2 languages × the tiers) the least recently used goes.
    for (let level = 1; level <= 2 * REFERRAL_TIERS.length + 1; level += 1) storyPng('de', level, 99);
    expect(storyPngCacheSize()).toBe(2 * REFERRAL_TIERS.length);
  });

  it('refuses what is not a ref code (422) and a code nobody has (404), with a stable code', async () => {
    for (const file of ['ABCD2345.svg', 'AB0D2345.png', '..%2Fetc.png', 'TOOLONGCODE.png']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/story/${file}` });
      expect(response.statusCode, file).toBe(422);
      expect(response.json()).toMatchObject({ code: 'validation' });
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/story/ZZZZ2345.png' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'userNotFound' });
  });
});
