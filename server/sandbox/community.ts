/** The sandbox community gate: the launcher's "Community member" flag of the test user. */
import type { Db } from '../db/index';
import type { CommunityChecker } from '../deps';
import { sandboxMembership } from './queries';

/** No launcher row → not a member. Asked every time (no Bot API to spare). */
export function sandboxCommunityChecker(db: Db): CommunityChecker {
  return {
    recheckIntervalMs: 0,
    isMember: async (telegramId) => (await sandboxMembership(db, telegramId)) ?? false,
  };
}
