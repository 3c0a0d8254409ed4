/**
 * The launch's calls without a token, sent by index.html's launch script (./boot.ts) before the entry
 * arrived (docs/performance.md "What the client does at launch"): the entry's first import
 * (src/app/early.ts) hands their answers to the transport, for the models to take when they ask for the
 * same calls (shared/api/transport.ts). Without them (the script did not run) the models send their own.
 */
import { adoptEarly } from '../api/transport';
import { bootState } from './boot-state';
// The first look's classes, in the app's stylesheet (the first paint waits for it): ./first-look.css.
import './first-look.css';

export { firstLookEnded } from './first-look';

/** Takes over the calls index.html's launch script sent, once. */
export function takeLaunchCalls(): void {
  const boot = bootState();
  adoptEarly(boot.calls);
  boot.calls = [];
}
