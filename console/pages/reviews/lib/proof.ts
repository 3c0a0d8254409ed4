/**
 * A file's size as an operator reads it, in their language: '812 B', '120 kB', '2.4 MB'; '812 Б', '120 кБ',
 * '2,4 МБ' (1000-based, as the bundle figures; Intl's unit names).
 */
export function formatFileSize(bytes: number | null, locale: string): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  const [value, unit] =
    bytes < 1000
      ? [bytes, 'byte']
      : bytes < 1_000_000
        ? [Math.round(bytes / 1000), 'kilobyte']
        : [Math.floor(bytes / 100_000) / 10, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** A link proof's host, shown beside it (the operator sees where it leads before opening it). */
export function linkHost(link: string): string | null {
  try {
    return new URL(link).host || null;
  } catch {
    return null;
  }
}
