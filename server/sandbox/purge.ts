/**
 * The sandbox's purge: a timer started with the app (onReady) and stopped when it closes (index.ts),
 * deleting what nothing reads any more (docs/architecture.md "Sandbox"):
 * - expired bridge messages, which an insert otherwise drops only when the next message comes;
 * - phone-wallet sessions that ended (the app asked to disconnect) once their answer has expired, and
 *   those unused for MOBILE_WALLET_SESSION_IDLE_SECONDS.
 * One process at a time runs it (an advisory lock, server/lib/periodic-job.ts).
 */
import type { Db } from '../db/index';
import { type PeriodicJob, createPeriodicJob } from '../lib/periodic-job';
import { deleteExpiredBridgeMessages } from './bridge/queries';
import { MOBILE_WALLET_MESSAGE_TTL_SECONDS, MOBILE_WALLET_SESSION_IDLE_SECONDS } from './wallet/constants';
import { deleteStaleMobileSessions } from './wallet/queries';

/** How often it runs: a message lives at most 300 s, so an expired one stays at most a minute more. */
export const SANDBOX_PURGE_INTERVAL_MS = 60_000;
/** Advisory lock key (unique among the jobs', server/jobs.ts): one purge at a time across processes. */
export const SANDBOX_PURGE_LOCK_KEY = 7_402_116_030;

export interface SandboxPurged {
  bridgeMessages: number;
  mobileSessions: number;
}

export async function purgeSandbox(db: Db): Promise<SandboxPurged> {
  const bridgeMessages = await deleteExpiredBridgeMessages(db);
  const mobileSessions = await deleteStaleMobileSessions(db, {
    idleSeconds: MOBILE_WALLET_SESSION_IDLE_SECONDS,
    // An ended session's answer to the disconnect may still be read until it expires.
    endedSeconds: MOBILE_WALLET_MESSAGE_TTL_SECONDS,
  });
  return { bridgeMessages, mobileSessions };
}

export function createSandboxPurge(
  db: Db,
  options: { intervalMs: number; onPurged(purged: SandboxPurged): void; onError(error: unknown): void },
): PeriodicJob {
  return createPeriodicJob({
    name: 'sandbox-purge',
    intervalMs: options.intervalMs,
    firstRunDelayMs: options.intervalMs,
    db,
    lockKey: SANDBOX_PURGE_LOCK_KEY,
    run: async () => {
      const purged = await purgeSandbox(db);
      if (purged.bridgeMessages > 0 || purged.mobileSessions > 0) options.onPurged(purged);
    },
    onError: options.onError,
  });
}
