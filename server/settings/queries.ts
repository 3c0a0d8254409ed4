/** Global settings stored in the database, so every server process sees the same value. */
import type { Queryable } from '../db/index';

export interface Settings {
  /** Maintenance mode on/off (operator API, sandbox launcher). */
  maintenance: boolean;
  /** Collective bonus, percent per day, added to every stake's reward (docs/product.md §5). */
  collective_bonus: number;
  /** Selling tokens: percent of the TON amount kept as a fee. */
  withdraw_fee_percent: number;
  /** Selling tokens: TON (decimal text) kept per sale for the network, on top of the percent. */
  withdraw_network_fee: string;
  /** Selling tokens: the least TON (decimal text) a sale may bring; smaller sales are refused. */
  withdraw_min_receive: string;
  /** Payouts held by an operator: no new transfer is signed (an open one is still sent and confirmed). */
  payouts_paused: boolean;
}

/** A setting's value (jsonb) as a scalar subquery another statement can embed. */
export function settingSql(key: keyof Settings): string {
  // The key is one of Settings' names (letters and _), never user input.
  if (!/^[a-z_]+$/.test(key)) throw new Error(`bad setting key ${key}`);
  return `(SELECT value FROM settings WHERE key = '${key}')`;
}

export async function getSetting<K extends keyof Settings>(q: Queryable, key: K): Promise<Settings[K]> {
  const [row] = await q.query<{ value: Settings[K] }>('SELECT value FROM settings WHERE key = $1', [key]);
  if (!row) throw new Error(`Setting ${key} is missing: migrations not applied?`);
  return row.value;
}

/** A setting's value, its row locked FOR UPDATE until the transaction ends (one writer decides at a time). */
export async function lockSetting<K extends keyof Settings>(q: Queryable, key: K): Promise<Settings[K]> {
  const [row] = await q.query<{ value: Settings[K] }>('SELECT value FROM settings WHERE key = $1 FOR UPDATE', [key]);
  if (!row) throw new Error(`Setting ${key} is missing: migrations not applied?`);
  return row.value;
}

export async function setSetting<K extends keyof Settings>(q: Queryable, key: K, value: Settings[K]): Promise<void> {
  await q.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  );
}

/** Every key of Settings, once (the type refuses a key left out). */
const SETTING_KEYS = Object.keys({
  maintenance: true,
  collective_bonus: true,
  withdraw_fee_percent: true,
  withdraw_network_fee: true,
  withdraw_min_receive: true,
  payouts_paused: true,
} satisfies Record<keyof Settings, true>) as (keyof Settings)[];

/** Every setting, as stored (the operator's listing). */
export async function allSettings(q: Queryable): Promise<Settings> {
  const values = await Promise.all(SETTING_KEYS.map((key) => getSetting(q, key)));
  return Object.fromEntries(SETTING_KEYS.map((key, i) => [key, values[i]])) as unknown as Settings;
}
