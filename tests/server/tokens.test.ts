/**
 * Access tokens (server/http/auth-context.ts): a token verified once is remembered until it expires, so
 * an authenticated call costs no HMAC; the memory never outlives the token nor accepts other bytes; a
 * token must name its session (`sid`). And the set of revoked sessions every process keeps for them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { TokenKeys } from '../../server/http/auth-context';
import { RevokedSessions } from '../../server/http/revoked-sessions';

const SESSION = '2b0c6a57-3c1e-4d8e-9f57-1f2d3c4b5a69';

afterEach(() => {
  vi.useRealTimers();
});

describe('TokenKeys', () => {
  it('accepts its own token again from memory, and refuses it as expired once its time is up', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T12:00:00Z') });
    const keys = new TokenKeys('secret-of-at-least-32-characters-long', 60);
    const token = await keys.sign({ userId: 7, telegramId: 700, sessionId: SESSION });
    const expiresAt = Date.parse('2026-11-23T12:01:00Z') / 1000;
    expect(await keys.verify(token)).toEqual({ userId: 7, telegramId: 700, expiresAt, sessionId: SESSION });
    vi.setSystemTime(new Date('2026-11-23T12:00:59Z'));
    expect(await keys.verify(token)).toEqual({ userId: 7, telegramId: 700, expiresAt, sessionId: SESSION });
    vi.setSystemTime(new Date('2026-11-23T12:01:00Z'));
    await expect(keys.verify(token)).rejects.toThrow('Token expired');
  });

  it('refuses a token changed by one character, and one signed by another key, after the genuine one was accepted', async () => {
    const keys = new TokenKeys('secret-of-at-least-32-characters-long', 600);
    const token = await keys.sign({ userId: 7, telegramId: 700, sessionId: SESSION });
    await keys.verify(token);
    // The signature's first character (all six bits count there).
    const at = token.lastIndexOf('.') + 1;
    const changed = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    await expect(keys.verify(changed)).rejects.toThrow('Not authenticated');
    const forged = await new TokenKeys('another-secret-of-at-least-32-characters', 600).sign({
      userId: 7,
      telegramId: 700,
      sessionId: SESSION,
    });
    await expect(keys.verify(forged)).rejects.toThrow('Not authenticated');
  });

  it('refuses a token of its own key that names no session, or not a session id (it could never be revoked)', async () => {
    const secret = 'secret-of-at-least-32-characters-long';
    const keys = new TokenKeys(secret, 600);
    const signed = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('7')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));
    expect(await keys.verify(await signed({ tg: 700, sid: SESSION }))).toMatchObject({ userId: 7, sessionId: SESSION });
    await expect(keys.verify(await signed({ tg: 700 }))).rejects.toThrow('Not authenticated');
    await expect(keys.verify(await signed({ tg: 700, sid: 'not-a-session' }))).rejects.toThrow('Not authenticated');
    await expect(keys.verify(await signed({ tg: 700, sid: 42 }))).rejects.toThrow('Not authenticated');
  });
});

describe('RevokedSessions', () => {
  it('keeps a session one token lifetime after learning of it; its listeners hear each session once', () => {
    let now = 1_000_000;
    const revoked = new RevokedSessions(900_000, () => now);
    const heard: string[][] = [];
    revoked.onRevoked((ids) => heard.push(ids));
    revoked.add(['a', 'b']);
    now += 600_000;
    revoked.add(['b', 'c']);
    expect(heard).toEqual([['a', 'b'], ['c']]);
    expect(['a', 'b', 'c'].map((id) => revoked.has(id))).toEqual([true, true, true]);
    now += 300_000; // a and b learned 900 s ago: every token of theirs has expired
    revoked.add([]);
    expect(['a', 'b', 'c'].map((id) => revoked.has(id))).toEqual([false, false, true]);
    expect(revoked.size).toBe(1);
  });
});
