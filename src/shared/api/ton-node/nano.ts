const NANO_PER_TON = 1_000_000_000n;

/**
 * Nanotons → TON for display (SPEC §7: balance in nano units divided by 1e9). The division is exact
 * in bigint/decimal-string arithmetic; only the final `Number(...)` rounds, once, to the nearest double
 * (`Number(nano) / 1e9` would round twice above 2^53 nano). A double holds 15 significant digits, so all
 * 9 decimals survive below 1 000 000 TON and the 6 the app shows below 10^9 TON; beyond, the relative
 * error stays ≤ 2^-53. Throws a TypeError on anything but an integer string or bigint.
 */
export function nanoToTon(nano: string | bigint): number {
  if (typeof nano === 'string' && !/^-?\d+$/.test(nano)) {
    throw new TypeError(`Not a nanoton amount: "${nano}"`);
  }
  const value = BigInt(nano);
  const abs = value < 0n ? -value : value;
  const whole = abs / NANO_PER_TON;
  const fraction = (abs % NANO_PER_TON).toString().padStart(9, '0');
  return Number(`${value < 0n ? '-' : ''}${whole}.${fraction}`);
}
