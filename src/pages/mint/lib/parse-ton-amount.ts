/** Digits, then an optional decimal point or comma (keyboards in many locales type ',') and up to 9 decimals. */
const TON_AMOUNT_TEXT = /^(\d{0,12})(?:[.,](\d{0,9}))?$/;

/**
 * The amount field's text as TON: '1.5' and '1,5' both read 1.5; spaces are ignored. Anything that
 * is not a positive number with at most 9 decimals (a nanoton) is null.
 */
export function parseTonAmount(text: string): number | null {
  const match = TON_AMOUNT_TEXT.exec(text.replace(/\s/g, ''));
  if (!match) return null;
  const [, integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return null;
  const value = Number(`${integer || '0'}.${fraction || '0'}`);
  return Number.isFinite(value) && value > 0 ? value : null;
}
