/**
 * The operator console's first screen (contract overview, GET /api/admin/overview): users, TON paid in for
 * mints and paid out to sellers (today since midnight UTC, and the last 7 days), the hot wallet, the payout
 * worker, the treasury watcher, maintenance, and what waits for an operator. Read at each call, not cached:
 * an operator acts on it.
 */
import type { Overview } from '@contract';
import type { Deps } from '../deps';
import { formatUnits } from '../lib/money';
import { getMaintenance } from '../maintenance/service';
import { reviewsWaiting } from '../tasks/service';
import { treasuryWatch } from '../watcher/service';
import { payoutWorkerState } from '../withdraw/service';
import { periodRow } from './queries';

/** The hot wallet as the composition root hands it over (app.ts: withdraw/worker's reader over the node). */
export interface HotWalletView {
  address: string;
  /** Nanotons now; null when it cannot be read. */
  balance(): Promise<bigint | null>;
}

export async function operatorOverview(
  deps: Pick<Deps, 'db' | 'config'>,
  hotWallet: HotWalletView | null,
): Promise<Overview> {
  const [periods, worker, treasury, maintenance, reviews, balance] = await Promise.all([
    periodRow(deps.db),
    payoutWorkerState(deps),
    treasuryWatch(deps),
    getMaintenance(deps.db),
    reviewsWaiting(deps),
    hotWallet ? hotWallet.balance() : Promise.resolve(null),
  ]);
  return {
    users: { total: periods.users, new_today: periods.users_today },
    mint_received: { today: formatUnits(periods.mint_received_today), week: formatUnits(periods.mint_received_week) },
    paid_to_sellers: { today: formatUnits(periods.paid_today), week: formatUnits(periods.paid_week) },
    hot_wallet: {
      address: hotWallet?.address ?? null,
      balance: balance === null ? null : formatUnits(balance),
      queued: formatUnits(worker.queuedNanotons),
    },
    payouts: worker.payouts,
    watcher_lag_seconds: treasury.secondsSinceRead,
    maintenance: maintenance.enabled,
    reviews_waiting: reviews,
    treasury_waiting: treasury.waiting,
  };
}
