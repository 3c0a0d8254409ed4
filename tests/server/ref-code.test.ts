/**
 * A start parameter never breaks sign-in: POST /api/auth/register takes any ref_code text (in the body,
 * or the start_param signed inside the init data) and links a referrer only by a well-formed code of an
 * existing user (the contract's readRefCode). Anything else — TON Connect's `tonconnect-…` return link,
 * a parameter longer than a code, characters a code never has, a code nobody has — signs the user in
 * with no referrer, and is logged at debug. Malformed init data is still refused.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_INIT_DATA_MSG, registerResponseSchema } from '@contract';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/index';
import { createTestDb, newTelegramId, sandboxConfig, signInitData } from './helpers';

let app: Awaited<ReturnType<typeof buildApp>>;
let db: Db;
const lines: Array<{ level: number; msg: string; ref_code?: string; length?: number }> = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  db = await createTestDb();
  app = await buildApp({ config: sandboxConfig(), db, logger: { level: 'debug', stream } });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const DEBUG = 20;
const ignored = () => lines.filter((line) => line.level === DEBUG && line.msg.startsWith('ref code ignored'));

async function signUp(extra: { ref_code?: string; startParam?: string }) {
  const telegramId = newTelegramId();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      init_data: signInitData(
        { id: telegramId },
        extra.startParam === undefined ? {} : { startParam: extra.startParam },
      ),
      ...(extra.ref_code === undefined ? {} : { ref_code: extra.ref_code }),
    },
  });
  const [row] = await db.query<{ referrer_id: number | null }>('SELECT referrer_id FROM users WHERE telegram_id = $1', [
    telegramId,
  ]);
  return { response, referrerId: row?.referrer_id };
}

let referrer: { id: number; refCode: string };
beforeAll(async () => {
  const { response } = await signUp({});
  const user = registerResponseSchema.parse(response.json()).user;
  referrer = { id: user.id, refCode: user.ref_code };
});

// TON Connect's return link into a Mini App (startapp=tonconnect-…), well over 64 characters.
const tonConnectReturn = `tonconnect-v__2-id__${'c3'.repeat(32)}-r__--7B--22id--22--3A1--7D-ret__back`;

const notReferrals: Array<[string, string]> = [
  ['TON Connect’s return link', tonConnectReturn],
  ['100 characters', 'A'.repeat(100)],
  ['512 characters (Telegram’s longest start parameter)', 'B'.repeat(512)],
  ['Telegram’s own characters a code never has', 'AB_CD-EF'],
  ['look-alikes a code never has', 'AB0C1OIL'],
  ['a space and punctuation', 'AB CD!'],
  ['one character too many', 'ABCD23456'],
  ['a farm link', 'farm_Q7X2ABCDEF'],
];

describe('register with a start parameter that is no ref code', () => {
  for (const [name, code] of notReferrals) {
    it(`${name}: signed in with no referrer, in the body and in the signed start_param alike`, async () => {
      for (const extra of [{ ref_code: code }, { startParam: code }]) {
        const before = ignored().length;
        const { response, referrerId } = await signUp(extra);
        expect(response.statusCode, response.body).toBe(200);
        expect(registerResponseSchema.parse(response.json()).token).toEqual(expect.any(String));
        expect(referrerId).toBeNull();
        expect(ignored().slice(before)).toEqual([
          expect.objectContaining({
            msg: 'ref code ignored: not a ref code',
            ref_code: code.slice(0, 64),
            length: code.length,
          }),
        ]);
      }
    });
  }

  it('a well-formed code nobody has: signed in with no referrer, logged at debug', async () => {
    const before = ignored().length;
    const unknown = referrer.refCode === 'ZZZZ2222' ? 'ZZZZ3333' : 'ZZZZ2222';
    const { response, referrerId } = await signUp({ ref_code: unknown });
    expect(response.statusCode).toBe(200);
    expect(referrerId).toBeNull();
    expect(ignored().slice(before)).toEqual([
      expect.objectContaining({ msg: 'ref code ignored: no user has it', ref_code: unknown }),
    ]);
  });

  it('malformed init data is still refused, whatever the ref code', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { init_data: 'not init data', ref_code: tonConnectReturn },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: INVALID_INIT_DATA_MSG, code: 'invalidInitData' });
    const missing = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { ref_code: 'ABCD2345' } });
    expect(missing.statusCode).toBe(422);
  });
});

describe('register with a ref code', () => {
  it('links the referrer whose code it is: in the body, in the signed start_param, in any case', async () => {
    for (const extra of [
      { ref_code: referrer.refCode },
      { startParam: referrer.refCode },
      { ref_code: referrer.refCode.toLowerCase() },
    ]) {
      const { response, referrerId } = await signUp(extra);
      expect(response.statusCode).toBe(200);
      expect(referrerId).toBe(referrer.id);
    }
  });
});
