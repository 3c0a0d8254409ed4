/**
 * Money on the wire (docs/foundations.md §7): every TON and token amount, balance, reward, fee and price is a
 * decimal string in whole units, at most 9 decimals, no sign, no exponent ("1234.500000001").
 * TON is counted in nanotons and the token in base units, both 10^-9 of a whole unit, so one exact
 * conversion serves both. No zod here: the client imports these too.
 */
export const MONEY_DECIMALS = 9;

/** The only form an amount takes on the wire. */
export const MONEY_TEXT_PATTERN = /^\d{1,20}(?:\.\d{1,9})?$/;

import { fillText, VALIDATION_MESSAGES as V } from './errors';

const SCALE = 10n ** BigInt(MONEY_DECIMALS);
/** Postgres BIGINT: the largest amount in base units the database holds. */
export const MAX_UNITS = 2n ** 63n - 1n;

export class MoneyFormatError extends Error {
  override name = 'MoneyFormatError';
}

/** Why a text is not a wire amount, in words a user can act on; null when it is one. */
export function moneyTextProblem(text: string): string | null {
  if (text.trim() === '') return V.amountRequired;
  if (text.startsWith('-')) return V.amountNegative;
  if (/e/i.test(text)) return V.amountExponent;
  if (/^\d+\.\d{10,}$/.test(text)) return fillText(V.amountDecimals, { max: MONEY_DECIMALS });
  if (!MONEY_TEXT_PATTERN.test(text)) return V.amountFormat;
  return null;
}

/** Exact decimal text in whole units → base units ("1.5" → 1500000000n). Throws MoneyFormatError. */
export function parseUnits(text: string): bigint {
  const problem = moneyTextProblem(text);
  if (problem) throw new MoneyFormatError(problem);
  const [whole = '0', fraction = ''] = text.split('.');
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  if (units > MAX_UNITS) throw new MoneyFormatError(V.amountTooLarge);
  return units;
}

/** Base units → exact decimal text in whole units (1500000000n → "1.5", 1n → "0.000000001"). */
export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % SCALE).toString().padStart(MONEY_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / SCALE}${fraction ? `.${fraction}` : ''}`;
}
