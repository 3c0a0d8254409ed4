/**
 * The format policy (docs/decisions.md "Formats"), the one formatter of every figure the product shows:
 * the app and the console import it through ./index.ts, the bot's notifications (server/notifications)
 * import this file, the sandbox launcher and dev wallet load this very file as /sandbox/format.js. Plain
 * JavaScript (typed by format-core.d.ts) so the browser can take it as is.
 *
 * - Every figure is shown in a language ('en' | 'ru'), the one its words are in: the decimal mark is
 *   the language's (a point in English, a comma in Russian); thousands are grouped by a no-break space
 *   (U+00A0) in both, so '1 000 000' never breaks across lines; the unit follows after another one.
 *   A Russian percentage takes a no-break space before '%' too ('5,00 %'), as Russian writes it.
 * - Decimals by kind (DECIMALS): TKN 2, TON 4, the price 6, staking rewards 6, percentages 2; an amount
 *   shows all of them, so one figure keeps one width (0.0100 and 0.0101). The programme's own figures
 *   (limits, thresholds, tier percentages: `{ trim: true }`) drop the zeros after the point: 'from 1 to
 *   100 000 TON', '5%'.
 * - Truncated toward zero, never rounded (docs/product.md §5): 1.999 TKN → '1.99'.
 * - Changes carry their sign (`{ sign: true }`, formatChange): '+1.50%', '−2.25%' (U+2212); a change
 *   that shows as zero has none. Other negatives keep a plain '-', except when truncated to zero.
 * - Totals of shown parts are summed from the parts as shown (sumShown), so what is on screen adds up.
 * - What is not a finite decimal number shows as '—'.
 * - Addresses and hashes: 3 leading and 4 trailing characters around an ellipsis (docs/product.md §9).
 * The work is done on the decimal text, so no float artifacts (0.29 stays 0.29) and exponent notation is
 * expanded (1e-7 → '0.00').
 */

export const DECIMALS = Object.freeze({ token: 2, ton: 4, price: 6, reward: 6, percent: 2 });

/** U+00A0: between thousands and before a unit, so a figure never breaks across lines. */
export const NBSP = '\u00A0';

/** U+2212, the sign of a change down (and of an amount going out). */
export const MINUS = '\u2212';

const NOT_A_NUMBER = '—';
const MAX_INTEGER_DIGITS = 1000;
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const groupThousands = (digits) => digits.replace(/\B(?=(\d{3})+$)/g, NBSP);

/** The language's decimal mark: ',' in Russian, '.' otherwise. */
export const decimalMark = (locale) => (locale === 'ru' ? ',' : '.');

/**
 * A figure of `kind` (a DECIMALS key) in `locale`, without a unit: truncated to the kind's decimals,
 * thousands grouped. `trim` drops the zeros after the point (the programme's round figures); `sign`
 * writes '+' or '−' before a change that is not zero as shown; `up` rounds a positive minimum up instead
 * of truncating it (the figure shown is then never below the real one).
 */
export function formatAmount(value, kind, locale, options) {
  const decimals = DECIMALS[kind];
  const parts = options && options.up ? roundedUp(value, decimals) : toDecimalParts(value, decimals);
  if (!parts || decimals === undefined) return NOT_A_NUMBER;
  let fraction = parts.fraction.slice(0, decimals).padEnd(decimals, '0');
  const isZero = /^0*$/.test(parts.integer + fraction);
  if (options && options.trim) fraction = fraction.replace(/0+$/, '');
  const number = groupThousands(parts.integer) + (fraction ? decimalMark(locale) + fraction : '');
  if (isZero) return number;
  if (options && options.sign) return (parts.negative ? MINUS : '+') + number;
  return (parts.negative ? '-' : '') + number;
}

/** TKN, 2 decimals: '1 234.50 TKN', '1 234,50 TKN'. */
export const formatTokens = (value, locale, options) => formatAmount(value, 'token', locale, options) + NBSP + 'TKN';
/** TON, 4 decimals: '0.0100 TON'; a limit (`{ trim: true }`): '100 000 TON'. */
export const formatTon = (value, locale, options) => formatAmount(value, 'ton', locale, options) + NBSP + 'TON';
/** The token's price in TON, 6 decimals: '0.012345 TON'. */
export const formatPrice = (value, locale) => formatAmount(value, 'price', locale) + NBSP + 'TON';
/** A percentage, 2 decimals: '5.00%', '5,00 %'; a tier or a limit (`{ trim: true }`): '5%'. */
export const formatPercent = (value, locale, options) =>
  formatAmount(value, 'percent', locale, options) + (locale === 'ru' ? NBSP : '') + '%';
/** A change in percent, with its sign: '+25.00%', '−3,10 %', '0.00%'. */
export const formatChange = (value, locale) => formatPercent(value, locale, { sign: true });

/** A count (users, stakes): whole, thousands grouped like amounts ('12 345'); '—' if not a number. */
export function formatCount(value) {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const whole = Math.trunc(value);
  const digits = groupThousands(String(Math.abs(whole)));
  return whole < 0 ? `-${digits}` : digits;
}

/**
 * The sum of `values` as each is shown for `kind` (truncated to its decimals), as a wire decimal text
 * ('12.3456'), or null if one is not a number. A total shown beside its parts is this, so the parts on
 * screen add up to it; it is never more than the exact sum, and less by under one last digit per part.
 */
export function sumShown(values, kind) {
  const decimals = DECIMALS[kind];
  let total = 0n;
  for (const value of values) {
    const parts = toDecimalParts(value, decimals);
    if (!parts || decimals === undefined) return null;
    const units = BigInt(parts.integer + parts.fraction.slice(0, decimals).padEnd(decimals, '0'));
    total += parts.negative ? -units : units;
  }
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(decimals + 1, '0');
  const text = `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
  return (negative ? '-' : '') + text;
}

/** 'UQA…wxyz': 3 leading and 4 trailing characters; shorter text is returned as it is. */
export function shortenAddress(address) {
  // Shortening only pays when it removes more than the one character the ellipsis adds.
  if (address.length <= 8) return address;
  return `${address.slice(0, 3)}…${address.slice(-4)}`;
}

/** toDecimalParts, but a positive value with digits past `decimals` goes up by one in the last kept place. */
function roundedUp(value, decimals) {
  // Digits far past the kept ones (a server's figure has 9 decimals at most) are read up to a bound.
  const parts = decimals === undefined ? null : toDecimalParts(value, decimals + 30);
  if (!parts || parts.negative) return toDecimalParts(value, decimals);
  const kept = parts.fraction.slice(0, decimals).padEnd(decimals, '0');
  if (/^0*$/.test(parts.fraction.slice(decimals))) return { ...parts, fraction: kept };
  const scaled = (BigInt(parts.integer + kept) + 1n).toString().padStart(decimals + 1, '0');
  return {
    negative: false,
    integer: scaled.slice(0, scaled.length - decimals),
    fraction: scaled.slice(scaled.length - decimals),
  };
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
