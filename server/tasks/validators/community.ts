/**
 * community: the user is a member of the community chat now — asked of the community checker (Bot API
 * getChatMember in production: creator, administrator, member, or restricted with is_member; the
 * launcher's flag in the sandbox), not the gate's stored flag, so a user who left fails.
 */
import { SERVER_MESSAGES } from '@/shared/api/contract';
import type { CommunityChecker } from '../../deps';
import { DomainError } from '../../lib/errors';

export async function checkCommunity(checker: CommunityChecker, telegramId: number): Promise<void> {
  if (!(await checker.isMember(telegramId))) throw new DomainError(409, SERVER_MESSAGES.taskNotAMember);
}
