import { MAINTENANCE_OFF_DETAIL, MAINTENANCE_ON_DETAIL, type MaintenanceStatus } from '@contract';
import { MAINTENANCE_CACHE_TTL_MS } from '../constants';
import type { Db } from '../db/index';
import type { Deps } from '../deps';
import { inTransaction } from '../events/transaction';
import { getSetting, setSetting } from '../settings/service';

export interface MaintenanceState {
  enabled: boolean;
  detail: string;
}

const state = (enabled: boolean): MaintenanceState => ({
  enabled,
  detail: enabled ? MAINTENANCE_ON_DETAIL : MAINTENANCE_OFF_DETAIL,
});

/** The last read of the switch per database (tests run several apps on one database, and several databases). */
const lastRead = new WeakMap<Db, { enabled: boolean; readAt: number }>();
const remember = (db: Db, enabled: boolean) => lastRead.set(db, { enabled, readAt: Date.now() });

export async function getMaintenance(db: Db): Promise<MaintenanceState> {
  const enabled = await getSetting(db, 'maintenance');
  remember(db, enabled);
  return state(enabled);
}

/** For the per-request gate: the switch as read at most MAINTENANCE_CACHE_TTL_MS ago. */
export async function isMaintenanceOn(db: Db): Promise<boolean> {
  const last = lastRead.get(db);
  if (last && Date.now() - last.readAt < MAINTENANCE_CACHE_TTL_MS) return last.enabled;
  return (await getMaintenance(db)).enabled;
}

/** The client polls GET /maintenance/ every 10 s (docs/product.md §9), so no push is needed. */
/** Switches maintenance; the operators' consoles hear it. */
export async function setMaintenance(deps: Pick<Deps, 'db' | 'bus'>, enabled: boolean): Promise<MaintenanceState> {
  await inTransaction(deps.db, deps.bus, async (tx) => {
    await setSetting(tx, 'maintenance', enabled);
    tx.publishToOperators({ event: 'maintenance:state', data: { enabled } });
  });
  remember(deps.db, enabled);
  return state(enabled);
}

export function publicStatus(maintenance: MaintenanceState): MaintenanceStatus {
  return { detail: maintenance.detail };
}
