/** A count (users, stakes): whole, with spaces between thousands like amounts ('12 345'); '—' if not a number. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ' ');
  return whole < 0 ? `-${digits}` : digits;
}
