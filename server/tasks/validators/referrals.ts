/** referrals: at least `count` friends invited (paying_only: friends who paid a mint in TON), through the referral service. */

import type { Queryable } from '../../db/index';
import { ConflictError } from '../../lib/errors';
import { referralCount } from '../../referral/service';

export async function checkReferrals(
  q: Queryable,
  userId: number,
  settings: { count: number | null; paying_only: boolean },
): Promise<void> {
  const needed = settings.count ?? 1;
  if ((await referralCount(q, userId, settings.paying_only)) >= needed) return;
  throw new ConflictError({ code: 'taskReferralsNeeded', params: { count: String(needed) } });
}
