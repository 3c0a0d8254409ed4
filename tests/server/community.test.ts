/**
 * The production community gate asks the Bot API's getChatMember. Offline, the Bot API is a fake
 * fetch answering in its documented shapes (https://core.telegram.org/bots/api#getchatmember).
 */
import { describe, expect, it, vi } from 'vitest';
import { telegramCommunityChecker } from '../../server/community/checker';
import { COMMUNITY_RECHECK_INTERVAL_MS } from '../../server/constants';

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function checkerAnswering(reply: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: URL | string | Request, _init?: RequestInit) => reply());
  const onError = vi.fn();
  const checker = telegramCommunityChecker({
    botToken: '123456:secret',
    chatId: '@ton_token_community',
    fetch: fetch as unknown as typeof globalThis.fetch,
    onError,
  });
  return { checker, fetch, onError };
}

describe('community gate in production (Bot API getChatMember)', () => {
  it('asks for the chat and the user with the bot token', async () => {
    const { checker, fetch } = checkerAnswering(() => answer({ ok: true, result: { status: 'member' } }));
    await checker.isMember(42);
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe('https://api.telegram.org/bot123456:secret/getChatMember');
    expect(Object.fromEntries(url.searchParams)).toEqual({ chat_id: '@ton_token_community', user_id: '42' });
    expect(fetch.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal);
    expect(checker.recheckIntervalMs).toBe(COMMUNITY_RECHECK_INTERVAL_MS);
  });

  it.each([
    [{ status: 'creator' }, true],
    [{ status: 'administrator' }, true],
    [{ status: 'member' }, true],
    [{ status: 'restricted', is_member: true }, true],
    [{ status: 'restricted', is_member: false }, false],
    [{ status: 'left' }, false],
    [{ status: 'kicked' }, false],
  ])('member status %o → %s', async (result, member) => {
    const { checker } = checkerAnswering(() => answer({ ok: true, result: { user: { id: 42 }, ...result } }));
    expect(await checker.isMember(42)).toBe(member);
  });

  it('an error answer (user never seen, bot not an admin) is "not a member"', async () => {
    const { checker } = checkerAnswering(() =>
      answer({ ok: false, error_code: 400, description: 'Bad Request: member list is inaccessible' }, 400),
    );
    expect(await checker.isMember(42)).toBe(false);
  });

  it('an unreachable Bot API is "not yet", reported, and never thrown', async () => {
    const { checker, onError } = checkerAnswering(() => Promise.reject(new TypeError('fetch failed')));
    await expect(checker.isMember(42)).resolves.toBe(false);
    expect(onError).toHaveBeenCalledWith(expect.any(TypeError));
    const garbled = checkerAnswering(() => new Response('<html>502</html>', { status: 502 }));
    await expect(garbled.checker.isMember(42)).resolves.toBe(false);
    expect(garbled.onError).toHaveBeenCalledTimes(1);
  });
});
