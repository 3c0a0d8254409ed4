/** visit: the app opened the link when the task started; a check passes once min_seconds have passed since. */

import { ConflictError } from '../../lib/errors';

export function checkVisit(startedAt: Date, minSeconds: number | null, nowMs: number): void {
  const left = Math.ceil((startedAt.getTime() + (minSeconds ?? 0) * 1000 - nowMs) / 1000);
  if (left > 0) throw new ConflictError({ code: 'taskVisitWait', params: { seconds: String(left) } });
}
