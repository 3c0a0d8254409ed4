import { formatCount } from '@/shared/lib/format';

/** A file's size as an operator reads it: '812 B', '120 kB', '2.4 MB' (1000-based, as the bundle figures). */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  if (bytes < 1000) return `${formatCount(bytes)}\u00A0B`;
  if (bytes < 1_000_000) return `${formatCount(Math.round(bytes / 1000))}\u00A0kB`;
  return `${(Math.floor(bytes / 100_000) / 10).toFixed(1)}\u00A0MB`;
}

/** A link proof's host, shown beside it (the operator sees where it leads before opening it). */
export function linkHost(link: string): string | null {
  try {
    return new URL(link).host || null;
  } catch {
    return null;
  }
}
