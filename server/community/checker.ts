/**
 * The community gate (SPEC §6): is this Telegram user a member of the product's community chat?
 */
import type { Db } from '../db/index';
import { COMMUNITY_RECHECK_INTERVAL_MS } from '../constants';
import { sandboxMembership } from '../sandbox/queries';

export interface CommunityChecker {
  isMember(telegramId: number): Promise<boolean>;
  /** How long a negative answer stands before asking again (0 = ask every time). */
  readonly recheckIntervalMs: number;
}

/** Production: Bot API getChatMember. The bot must be an administrator of the chat to see its members. */
export function telegramCommunityChecker(options: {
  botToken: string;
  chatId: string;
  fetch?: typeof fetch;
  onError?: (error: unknown) => void;
}): CommunityChecker {
  const doFetch = options.fetch ?? fetch;
  return {
    recheckIntervalMs: COMMUNITY_RECHECK_INTERVAL_MS,
    async isMember(telegramId) {
      try {
        const url = new URL(`https://api.telegram.org/bot${options.botToken}/getChatMember`);
        url.searchParams.set('chat_id', options.chatId);
        url.searchParams.set('user_id', String(telegramId));
        const response = await doFetch(url, { signal: AbortSignal.timeout(5_000) });
        const body = (await response.json()) as { ok?: boolean; result?: { status?: string; is_member?: boolean } };
        if (!body.ok || !body.result) return false;
        const { status, is_member: isMember } = body.result;
        return (
          status === 'member' || status === 'administrator' || status === 'creator' || (status === 'restricted' && isMember === true)
        );
      } catch (error) {
        // Unreachable Bot API: treat as "not yet"; the next check after the interval asks again.
        options.onError?.(error);
        return false;
      }
    },
  };
}

/** Sandbox: the launcher's "Community member" flag of the test user (no row → not a member). */
export function sandboxCommunityChecker(db: Db): CommunityChecker {
  return {
    recheckIntervalMs: 0,
    isMember: async (telegramId) => (await sandboxMembership(db, telegramId)) ?? false,
  };
}
