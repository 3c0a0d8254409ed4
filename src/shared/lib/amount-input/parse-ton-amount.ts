/** Digits, then an optional decimal point or comma (keyboards in many locales type ',') and up to 9 decimals. */
const TON_AMOUNT_TEXT = /^(\d{0,12})(?:[.,](\d{0,9}))?$/;

/**
 * The amount field's text as the wire's decimal TON text (docs/foundations.md §7): '1.5' and '1,5' both read
 * '1.5', '.5' reads '0.5'; spaces are ignored. Anything that is not a positive number with at most 9
 * decimals (a nanoton) is null. No floats: the text is what the server prices, digit for digit.
 */
export function parseTonAmount(text: string): string | null {
  const match = TON_AMOUNT_TEXT.exec(text.replace(/\s/g, ''));
  if (!match) return null;
  const [, integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return null;
  const whole = integer.replace(/^0+(?=\d)/, '') || '0';
  const decimals = fraction.replace(/0+$/, '');
  if (/^0*$/.test(whole + decimals)) return null;
  return decimals ? `${whole}.${decimals}` : whole;
}
