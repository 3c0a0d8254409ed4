/**
 * The community gate (docs/product.md §6): is this Telegram user a member of the product's community chat?
 */
import { DEFAULT_BOT_API_URL } from '../config';
import { COMMUNITY_RECHECK_INTERVAL_MS } from '../constants';
import type { CommunityChecker } from '../deps';

export type { CommunityChecker } from '../deps';

/** Production: Bot API getChatMember. The bot must be an administrator of the chat to see its members. */
export function telegramCommunityChecker(options: {
  botToken: string;
  /** The Bot API's origin (BOT_API_URL; default https://api.telegram.org). */
  baseUrl?: string;
  chatId: string;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}): CommunityChecker {
  const doFetch = options.fetch ?? fetch;
  return {
    recheckIntervalMs: COMMUNITY_RECHECK_INTERVAL_MS,
    async isMember(telegramId) {
      try {
        const url = new URL(`${options.baseUrl ?? DEFAULT_BOT_API_URL}/bot${options.botToken}/getChatMember`);
        url.searchParams.set('chat_id', options.chatId);
        url.searchParams.set('user_id', String(telegramId));
        const response = await doFetch(url, { signal: AbortSignal.timeout(5_000) });
        const body = (await response.json()) as { ok?: boolean; result?: { status?: string; is_member?: boolean } };
        if (!body.ok || !body.result) return false;
        const { status, is_member: isMember } = body.result;
        return (
          status === 'member' ||
          status === 'administrator' ||
          status === 'creator' ||
          (status === 'restricted' && isMember === true)
        );
      } catch (error) {
        // Unreachable Bot API: treat as "not yet"; the next check after the interval asks again.
        options.onError?.(error);
        return false;
      }
    },
  };
}
