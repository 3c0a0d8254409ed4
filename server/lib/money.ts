/**
 * Money is integers (DESIGN.md §3): nanotons for TON, base units for the token, both with 9 decimals.
 * The wire carries JSON numbers in whole units; these are the only two conversions between the worlds.
 */
export const DECIMALS = 9;
const SCALE = 10n ** BigInt(DECIMALS);
const MAX_BIGINT = 2n ** 63n - 1n; // Postgres BIGINT

export class MoneyFormatError extends Error {
  override name = 'MoneyFormatError';
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/**
 * Parses a non-negative decimal amount in whole units ("1.5", 1.5, "2e-3") into base units, exactly.
 * Reads a number through its shortest decimal text, so 0.1 is 100000000, not the binary float.
 * Rejects negatives, NaN, Infinity, more than 9 decimals and values beyond BIGINT.
 */
export function parseUnits(value: string | number): bigint {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new MoneyFormatError('Amount must be a finite number');
  }
  const text = String(value).trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) {
    throw new MoneyFormatError(
      text.startsWith('-') ? 'Amount must not be negative' : 'Amount must be a decimal number',
    );
  }
  const [, intPart = '', fracPart = '', expPart] = match;
  const exponent = expPart === undefined ? 0 : Number(expPart);
  // digits × 10^(exponent − fraction length) × 10^9 base units
  const digits = (intPart + fracPart).replace(/^0+(?=\d)/, '');
  const shift = exponent - fracPart.length + DECIMALS;
  let units: bigint;
  if (shift >= 0) {
    if (digits.length + shift > 40) throw new MoneyFormatError('Amount is too large');
    units = BigInt(digits) * 10n ** BigInt(shift);
  } else {
    const cut = -shift;
    const kept = digits.length > cut ? digits.slice(0, digits.length - cut) : '0';
    const dropped = digits.slice(Math.max(0, digits.length - cut));
    if (/[1-9]/.test(dropped)) {
      throw new MoneyFormatError(`Amount must have at most ${DECIMALS} decimal places`);
    }
    units = BigInt(kept);
  }
  if (units > MAX_BIGINT) throw new MoneyFormatError('Amount is too large');
  return units;
}

/** Base units → exact decimal text in whole units ("1.5", "0.000000001", "-2"). */
export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Base units → the JSON number the client formats (nearest double to the exact decimal). */
export function unitsToNumber(units: bigint): number {
  return Number(formatUnits(units));
}
