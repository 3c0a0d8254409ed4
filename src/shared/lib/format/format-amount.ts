/**
 * Display rule for amounts (SPEC §5):
 * - truncate toward zero to `decimals` digits, never round (1.999 → '1.99');
 * - trailing zeros are trimmed, but at least 2 decimals stay (0.1 → '0.10', 5 → '5.00',
 *   1.23400 with 4 → '1.234'); with `fixed` every one of the `decimals` digits stays ('1.234000');
 * - the integer part is grouped in threes with a plain space ('1 234 567.89');
 * - the sign stays on negatives, except when the truncated value is zero (-0.001 → '0.00');
 * - input that is not a finite decimal number shows as '—'.
 * The work is done on the decimal text, so no float artifacts (0.29 stays 0.29) and exponent
 * notation is expanded (1e-7 → '0.00').
 */
const MIN_DECIMALS = 2;
const NOT_A_NUMBER = '—';
const MAX_INTEGER_DIGITS = 1000;
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

export function formatAmount(value: number | string, decimals: 2 | 4 | 6, options: { fixed?: boolean } = {}): string {
  const parts = toDecimalParts(value, decimals);
  if (!parts) return NOT_A_NUMBER;

  const shown = parts.fraction.slice(0, decimals);
  // `fixed`: always `decimals` digits, so a live number keeps its width (0.000000 → 0.000115).
  const fraction = options.fixed ? shown.padEnd(decimals, '0') : shown.replace(/0+$/, '').padEnd(MIN_DECIMALS, '0');
  const integer = parts.integer.replace(/\B(?=(\d{3})+$)/g, ' ');
  const isZero = /^0*$/.test(parts.integer) && /^0*$/.test(fraction);
  return `${parts.negative && !isZero ? '-' : ''}${integer}.${fraction}`;
}

interface DecimalParts {
  negative: boolean;
  /** Digits without leading zeros, '0' at least. */
  integer: string;
  /** Digits after the point, at least the first `decimals` of them when present. */
  fraction: string;
}

function toDecimalParts(value: number | string, decimals: number): DecimalParts | null {
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

  let integer: string;
  let fraction: string;
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
