/**
 * The launch's calls without a token, sent before the app's models exist (docs/performance.md
 * "What the client does at launch"): the entry's first import (src/app/early.ts) calls this. Only
 * modules without units are imported here, so nothing of the app is created (or evaluated beyond these
 * few modules) before the requests leave. The models take the answers when they ask for the same calls
 * (shared/api/transport.ts).
 */
import { launchCalls, sendEarly } from '../api/transport';
import { refCodeOf } from '../lib/start-param';
import { getLaunchParams } from '../telegram/launch-params';

/** In Telegram, with signed launch data: the maintenance status and the sign-in, now. */
export function sendLaunchCallsEarly(): void {
  const params = getLaunchParams();
  if (params.platform === 'unknown' || !params.initData) return;
  // The identity the launch model signs in with (src/app/model/launch.ts): the same ref code rule.
  for (const request of launchCalls(params.initData, refCodeOf(params.startParam))) sendEarly(request);
}
