/**
 * community: the user is a member of the community chat now — asked of the community checker (Bot API
 * getChatMember in production: creator, administrator, member, or restricted with is_member; the
 * launcher's flag in the sandbox), not the gate's stored flag, so a user who left fails.
 */
import type { CommunityChecker } from '../../deps';
import { ConflictError } from '../../lib/errors';

export async function checkCommunity(checker: CommunityChecker, telegramId: number): Promise<void> {
  if (!(await checker.isMember(telegramId))) throw new ConflictError('taskNotAMember');
}
