import { MAINTENANCE_OFF_DETAIL, MAINTENANCE_ON_DETAIL, type MaintenanceStatus } from '@/shared/api/contract';
import type { Db } from '../db/index';
import { getSetting, setSetting } from '../settings/service';

export interface MaintenanceState {
  enabled: boolean;
  detail: string;
}

const state = (enabled: boolean): MaintenanceState => ({
  enabled,
  detail: enabled ? MAINTENANCE_ON_DETAIL : MAINTENANCE_OFF_DETAIL,
});

export async function getMaintenance(db: Db): Promise<MaintenanceState> {
  return state(await getSetting(db, 'maintenance'));
}

/** The client polls GET /maintenance/ every 10 s (SPEC §9), so no push is needed. */
export async function setMaintenance(db: Db, enabled: boolean): Promise<MaintenanceState> {
  await setSetting(db, 'maintenance', enabled);
  return state(enabled);
}

export function publicStatus(maintenance: MaintenanceState): MaintenanceStatus {
  return { detail: maintenance.detail };
}
