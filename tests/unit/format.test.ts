import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, shortenAddress } from '@/shared/lib/format';

describe('formatAmount', () => {
  it.each([
    [1234567.891, 2, '1 234 567.89'],
    [0.1, 4, '0.10'],
    [5, 2, '5.00'],
    [5, 6, '5.00'],
    [0, 2, '0.00'],
    [1.23456789, 4, '1.2345'],
    [1.23456789, 6, '1.234567'],
    [1.2340001, 4, '1.234'],
    [999.999, 2, '999.99'],
    [1000, 2, '1 000.00'],
    [100, 2, '100.00'],
    [123456, 2, '123 456.00'],
    [1234567890123, 2, '1 234 567 890 123.00'],
  ] as const)('%s with %s decimals → %s', (value, decimals, expected) => {
    expect(formatAmount(value, decimals)).toBe(expected);
  });

  it('truncates, never rounds', () => {
    expect(formatAmount(1.999, 2)).toBe('1.99');
    expect(formatAmount(0.99999999, 6)).toBe('0.999999');
    expect(formatAmount(2.5555, 2)).toBe('2.55');
  });

  it('has no float artifacts', () => {
    expect(formatAmount(0.29, 2)).toBe('0.29');
    expect(formatAmount(1.005, 2)).toBe('1.00');
    expect(formatAmount(4.35, 2)).toBe('4.35');
    expect(formatAmount(0.1 + 0.2, 6)).toBe('0.30');
    expect(formatAmount(8.2, 4)).toBe('8.20');
  });

  it('expands exponent notation', () => {
    expect(formatAmount(1e-7, 2)).toBe('0.00');
    expect(formatAmount(1e-7, 6)).toBe('0.00');
    expect(formatAmount(1.5e-5, 6)).toBe('0.000015');
    expect(formatAmount(1e21, 2)).toBe('1 000 000 000 000 000 000 000.00');
    expect(formatAmount('2.5e3', 2)).toBe('2 500.00');
    expect(formatAmount('1E-2', 4)).toBe('0.01');
    expect(formatAmount('1e-1000000000', 2)).toBe('0.00');
  });

  it('keeps the sign on negatives, but not on a zero result', () => {
    expect(formatAmount(-1234.567, 2)).toBe('-1 234.56');
    expect(formatAmount(-0.5, 4)).toBe('-0.50');
    expect(formatAmount(-0.001, 2)).toBe('0.00');
    expect(formatAmount(-0, 2)).toBe('0.00');
    expect(formatAmount('-7', 2)).toBe('-7.00');
  });

  it('reads decimal strings exactly, beyond float precision', () => {
    expect(formatAmount('1234567.891', 2)).toBe('1 234 567.89');
    expect(formatAmount('123456789012345678.123456789', 6)).toBe('123 456 789 012 345 678.123456');
    expect(formatAmount('0.000000001', 6)).toBe('0.00');
    expect(formatAmount(' 42.1 ', 2)).toBe('42.10');
    expect(formatAmount('+3', 2)).toBe('3.00');
    expect(formatAmount('.5', 2)).toBe('0.50');
    expect(formatAmount('7.', 2)).toBe('7.00');
    expect(formatAmount('000123.40', 4)).toBe('123.40');
  });

  it("shows '—' for what is not a finite number", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, '', 'abc', '1,5', '1.2.3', '.', 'e5', '1e999999']) {
      expect(formatAmount(bad, 2)).toBe('—');
    }
  });
});

describe('shortenAddress', () => {
  const address = 'UQAbcdefghijklmnopqrstuvwxyz0123456789ABCDEFabcd';

  it('keeps 3 leading and 4 trailing characters around an ellipsis by default', () => {
    expect(shortenAddress(address)).toBe('UQA…abcd');
  });

  it('takes other lengths (the wallet button uses 4 and 4)', () => {
    expect(shortenAddress(address, 4, 4)).toBe('UQAb…abcd');
    expect(shortenAddress(address, 6, 0)).toBe('UQAbcd…');
  });

  it('returns short strings unchanged', () => {
    expect(shortenAddress('')).toBe('');
    expect(shortenAddress('UQAabcd')).toBe('UQAabcd');
    expect(shortenAddress('UQA1abcd')).toBe('UQA1abcd');
    expect(shortenAddress('UQA12abcd')).toBe('UQA…abcd');
  });
});

describe('formatCount', () => {
  it('shows whole counts with spaces between thousands, like amounts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12_345)).toBe('12 345');
    expect(formatCount(1_234_567.9)).toBe('1 234 567');
    expect(formatCount(-4_200)).toBe('-4 200');
    expect(formatCount(Number.NaN)).toBe('—');
  });
});
