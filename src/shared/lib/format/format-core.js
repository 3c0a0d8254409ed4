/**
 * The format policy (docs/decisions.md "Format policy"), the one formatter of every figure the product
 * shows: the app imports it through ./index.ts, the sandbox launcher and dev wallet load this very file
 * as /sandbox/format.js. Plain JavaScript (typed by format-core.d.ts) so the browser can take it as is.
 *
 * - Decimals are fixed per unit, always all of them: TKN 2, TON 4, the price 6, rewards 6,
 *   percentages 2 (DECIMALS). One figure has one width: 0.0100 and 0.0101, never 0.01 and 0.0101.
 * - Truncated toward zero, never rounded (SPEC §5): 1.999 TKN → '1.99'.
 * - A decimal point in both languages; thousands grouped by a no-break space (U+00A0), so
 *   '1 000 000' never breaks across lines; the unit follows after another no-break space.
 * - The sign stays on negatives, except when the truncated value is zero (-0.001 → '0.00').
 * - What is not a finite decimal number shows as '—'.
 * - Addresses and hashes: 3 leading and 4 trailing characters around an ellipsis (SPEC §9).
 * The work is done on the decimal text, so no float artifacts (0.29 stays 0.29) and exponent notation is
 * expanded (1e-7 → '0.00').
 */

export const DECIMALS = Object.freeze({ token: 2, ton: 4, price: 6, reward: 6, percent: 2 });

/** U+00A0: between thousands and before a unit, so a figure never breaks across lines. */
export const NBSP = '\u00A0';

const NOT_A_NUMBER = '—';
const MAX_INTEGER_DIGITS = 1000;
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const groupThousands = (digits) => digits.replace(/\B(?=(\d{3})+$)/g, NBSP);

export function formatAmount(value, decimals) {
  const parts = toDecimalParts(value, decimals);
  if (!parts) return NOT_A_NUMBER;
  const fraction = parts.fraction.slice(0, decimals).padEnd(decimals, '0');
  const isZero = /^0*$/.test(parts.integer + fraction);
  return `${parts.negative && !isZero ? '-' : ''}${groupThousands(parts.integer)}.${fraction}`;
}

/** TKN, 2 decimals: '1 234.50 TKN'. */
export const formatTokens = (value) => formatAmount(value, DECIMALS.token) + NBSP + 'TKN';
/** TON, 4 decimals: '0.0100 TON'. */
export const formatTon = (value) => formatAmount(value, DECIMALS.ton) + NBSP + 'TON';
/** The token's price in TON, 6 decimals: '0.012345 TON'. */
export const formatPrice = (value) => formatAmount(value, DECIMALS.price) + NBSP + 'TON';
/** A percentage, 2 decimals: '5.00%'. */
export const formatPercent = (value) => formatAmount(value, DECIMALS.percent) + '%';

/** A count (users, stakes): whole, thousands grouped like amounts ('12 345'); '—' if not a number. */
export function formatCount(value) {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const whole = Math.trunc(value);
  const digits = groupThousands(String(Math.abs(whole)));
  return whole < 0 ? `-${digits}` : digits;
}

/** 'UQA…wxyz': 3 leading and 4 trailing characters; shorter text is returned as it is. */
export function shortenAddress(address) {
  // Shortening only pays when it removes more than the one character the ellipsis adds.
  if (address.length <= 8) return address;
  return `${address.slice(0, 3)}…${address.slice(-4)}`;
}

/** Sign, digits without leading zeros ('0' at least), and the digits after the point. */
function toDecimalParts(value, decimals) {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  // String(number) is the shortest text that round-trips, so 0.29 stays '0.29'.
  const match = DECIMAL_TEXT.exec(String(value).trim());
  if (!match) return null;
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentText] = match;
  if (integerDigits === '' && fractionDigits === '') return null;

  const digits = integerDigits + fractionDigits;
  // Where the decimal point falls in `digits` once the exponent is applied.
  const point = integerDigits.length + (exponentText ? Number(exponentText) : 0);
  // Far beyond any JSON number: refuse instead of building a huge string of zeros.
  if (point > MAX_INTEGER_DIGITS) return null;

  let integer;
  let fraction;
  if (point <= 0) {
    // Only the first `decimals` fraction digits survive truncation: cap the zero run there.
    integer = '0';
    fraction = ('0'.repeat(Math.min(-point, decimals)) + digits).slice(0, decimals);
  } else if (point >= digits.length) {
    integer = digits + '0'.repeat(point - digits.length);
    fraction = '';
  } else {
    integer = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  return { negative: sign === '-', integer: integer.replace(/^0+(?=\d)/, ''), fraction };
}
