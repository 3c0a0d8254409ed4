/** Digits on the wire after the point at most (a nanoton, a token's smallest unit). */
export const MAX_AMOUNT_DECIMALS = 9;

/** What an amount field's text says, before any balance or limit is looked at. */
export type AmountInput =
  | { kind: 'empty' }
  | { kind: 'not_a_number' }
  | { kind: 'negative' }
  | { kind: 'too_many_decimals' }
  | { kind: 'zero' }
  /** The amount as the wire's decimal text ('1.5'): no sign, no exponent, no trailing zeros. */
  | { kind: 'amount'; amount: string };

/** An optional minus, digits, then an optional point or comma (many keyboards type ',') and digits. */
const AMOUNT_TEXT = /^(-?)(\d*)(?:[.,](\d*))?$/;

/**
 * Reads an amount field the way the mint form does: '1.5' and '1,5' both read '1.5', '.5' reads
 * '0.5', spaces are ignored; no floats, so the text is what the server receives digit for digit.
 * Says which rule the text breaks, so the form can say it in a sentence.
 */
export function readAmountInput(text: string): AmountInput {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return { kind: 'empty' };
  const match = AMOUNT_TEXT.exec(compact);
  if (!match) return { kind: 'not_a_number' };
  const [, sign = '', integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return { kind: 'not_a_number' };
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  if (/^0*$/.test(whole + decimals)) return { kind: 'zero' };
  if (sign === '-') return { kind: 'negative' };
  if (decimals.length > MAX_AMOUNT_DECIMALS) return { kind: 'too_many_decimals' };
  return { kind: 'amount', amount: decimals ? `${whole}.${decimals}` : whole };
}
