/**
 * Global settings (maintenance, collective bonus) as other domains read and write them: the settings
 * table is reached through this file only.
 */
import type { Db } from '../db/index';
import { formatUnits } from '../lib/money';
import { type Settings, allSettings, setSetting } from './queries';

export { type Settings, allSettings, getSetting, lockSetting, setSetting, settingSql } from './queries';

/**
 * The settings an operator changes (contract settingsSet, its schema checks each rule): the sale's fee
 * percent, and its network fee and minimum in nanotons. The collective bonus is the settlement run's.
 */
export interface SettingsChange {
  withdraw_fee_percent?: number | undefined;
  withdraw_network_fee?: bigint | undefined;
  withdraw_min_receive?: bigint | undefined;
}

/**
 * Changes what `change` names in one transaction, and answers every setting as stored. Amounts are stored as
 * the decimal TON text the defaults are (the sale reads them back with parseUnits, withdraw/service.ts).
 */
export async function changeSettings(db: Db, change: SettingsChange): Promise<Settings> {
  return db.tx(async (q) => {
    if (change.withdraw_fee_percent !== undefined) {
      await setSetting(q, 'withdraw_fee_percent', change.withdraw_fee_percent);
    }
    if (change.withdraw_network_fee !== undefined) {
      await setSetting(q, 'withdraw_network_fee', formatUnits(change.withdraw_network_fee));
    }
    if (change.withdraw_min_receive !== undefined) {
      await setSetting(q, 'withdraw_min_receive', formatUnits(change.withdraw_min_receive));
    }
    return allSettings(q);
  });
}
