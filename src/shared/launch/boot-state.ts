/**
 * What index.html's inline launch script (./boot.ts) hands the app's entry, on `window`: the two
 * bundles share nothing else. The early calls it sent (their answers, for the models to take once,
 * shared/api/transport.ts) and whether the app's own first screen has replaced the first look
 * (./first-look.ts), so a late answer never paints over the app.
 */
export interface BootCall {
  /** shared/api/launch-calls.ts `callKey` of the request. */
  key: string;
  sentAt: number;
  /** The answer's data; rejects on an HTTP error or a dropped connection. */
  answer: Promise<unknown>;
}

export interface BootState {
  calls: BootCall[];
  appScreenShown: boolean;
}

const GLOBAL = '__tonTokenLaunch';

export function bootState(): BootState {
  const holder = window as unknown as Record<typeof GLOBAL, BootState | undefined>;
  holder[GLOBAL] ??= { calls: [], appScreenShown: false };
  return holder[GLOBAL];
}
