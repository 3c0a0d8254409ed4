/**
 * The hex form of a transaction hash the API gives in base64 (the explorer link takes hex); a hash that
 * is already hex is kept; null for text that is neither.
 */
export function txHashHex(hash: string): string | null {
  if (/^[0-9a-f]{64}$/i.test(hash)) return hash.toLowerCase();
  try {
    const binary = atob(hash.replace(/-/g, '+').replace(/_/g, '/'));
    if (binary.length !== 32) return null;
    return Array.from(binary, (char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}
