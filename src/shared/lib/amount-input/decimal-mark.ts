import { decimalMark, type FormatLocale } from '../format';

/**
 * An amount field's text in the user's language (docs/decisions.md "Formats", amount fields): the decimal
 * key's mark, whichever it is, becomes the language's ('1.5' → '1,5' in Russian, '1,5' → '1.5' in
 * English). A phone's decimal keypad types its region's mark, not the app's language's, so both marks
 * are the decimal key; the field then shows the number as the figures around it are written, so what is
 * read ('1,500' typed in English shows as '1.500', one and a half) is what the user sees before sending.
 * A pasted '1,000.50' becomes '1.000.50', which no reader takes: a clear error, never a silent misreading.
 */
export const inLocaleMark = (text: string, locale: FormatLocale): string => text.replace(/[.,]/g, decimalMark(locale));
