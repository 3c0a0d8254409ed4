/** A calendar date for unix seconds, in the given locale ('22 Nov 2026' in English). */
export function formatDate(seconds: number, locale = 'en-GB'): string {
  return new Date(seconds * 1000).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
