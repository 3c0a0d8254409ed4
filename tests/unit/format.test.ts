import { describe, expect, it } from 'vitest';
import {
  DECIMALS,
  formatAmount,
  formatCount,
  formatPercent,
  formatPrice,
  formatTokens,
  formatTon,
  shortenAddress,
} from '@/shared/lib/format';

/** Written with a visible '_' for the no-break space the formatter puts between thousands and before a unit. */
const shown = (text: string) => text.replace(/\u00A0/g, '_');

describe('formatAmount', () => {
  it.each([
    [1234567.891, 2, '1_234_567.89'],
    [0.1, 4, '0.1000'],
    [5, 2, '5.00'],
    [5, 6, '5.000000'],
    [0, 2, '0.00'],
    [1.23456789, 4, '1.2345'],
    [1.23456789, 6, '1.234567'],
    [1.2340001, 4, '1.2340'],
    [999.999, 2, '999.99'],
    [1000, 2, '1_000.00'],
    [100, 2, '100.00'],
    [123456, 2, '123_456.00'],
    [1234567890123, 2, '1_234_567_890_123.00'],
  ] as const)('%s with %s decimals → %s', (value, decimals, expected) => {
    expect(shown(formatAmount(value, decimals))).toBe(expected);
  });

  it('shows every decimal of the unit, so one figure keeps one width', () => {
    expect(formatAmount(0.01, DECIMALS.ton)).toBe('0.0100');
    expect(formatAmount('0.0101', DECIMALS.ton)).toBe('0.0101');
    expect(formatAmount('100', DECIMALS.ton)).toBe('100.0000');
    expect(formatAmount('0.046', DECIMALS.ton)).toBe('0.0460');
    expect(formatAmount('90.262358072', DECIMALS.ton)).toBe('90.2623');
  });

  it('groups thousands with a no-break space, never a breakable one', () => {
    const text = formatAmount(1_000_000, DECIMALS.token);
    expect(text).toBe('1\u00A0000\u00A0000.00');
    expect(text).not.toMatch(/ /);
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
    expect(formatAmount(0.1 + 0.2, 6)).toBe('0.300000');
    expect(formatAmount(8.2, 4)).toBe('8.2000');
  });

  it('expands exponent notation', () => {
    expect(formatAmount(1e-7, 2)).toBe('0.00');
    expect(formatAmount(1e-7, 6)).toBe('0.000000');
    expect(formatAmount(1.5e-5, 6)).toBe('0.000015');
    expect(shown(formatAmount(1e21, 2))).toBe('1_000_000_000_000_000_000_000.00');
    expect(shown(formatAmount('2.5e3', 2))).toBe('2_500.00');
    expect(formatAmount('1E-2', 4)).toBe('0.0100');
    expect(formatAmount('1e-1000000000', 2)).toBe('0.00');
  });

  it('keeps the sign on negatives, but not on a zero result', () => {
    expect(shown(formatAmount(-1234.567, 2))).toBe('-1_234.56');
    expect(formatAmount(-0.5, 4)).toBe('-0.5000');
    expect(formatAmount(-0.001, 2)).toBe('0.00');
    expect(formatAmount(-0, 2)).toBe('0.00');
    expect(formatAmount('-7', 2)).toBe('-7.00');
  });

  it('reads decimal strings exactly, beyond float precision', () => {
    expect(shown(formatAmount('1234567.891', 2))).toBe('1_234_567.89');
    expect(shown(formatAmount('123456789012345678.123456789', 6))).toBe('123_456_789_012_345_678.123456');
    expect(formatAmount('0.000000001', 6)).toBe('0.000000');
    expect(formatAmount(' 42.1 ', 2)).toBe('42.10');
    expect(formatAmount('+3', 2)).toBe('3.00');
    expect(formatAmount('.5', 2)).toBe('0.50');
    expect(formatAmount('7.', 2)).toBe('7.00');
    expect(formatAmount('000123.40', 4)).toBe('123.4000');
  });

  it("shows '—' for what is not a finite number", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, '', 'abc', '1,5', '1.2.3', '.', 'e5', '1e999999']) {
      expect(formatAmount(bad, 2)).toBe('—');
    }
  });
});

describe('amounts with their unit', () => {
  it('give each unit its decimals and join the unit with a no-break space', () => {
    expect(shown(formatTokens('1000000'))).toBe('1_000_000.00_TKN');
    expect(shown(formatTon('0.01'))).toBe('0.0100_TON');
    expect(shown(formatPrice('0.0123456789'))).toBe('0.012345_TON');
    expect(formatPercent(5)).toBe('5.00%');
    expect(formatPercent('12.345')).toBe('12.34%');
  });

  it("keep '—' for what is not a number, unit and all", () => {
    expect(shown(formatTon(Number.NaN))).toBe('—_TON');
  });
});

describe('shortenAddress', () => {
  const address = 'UQAbcdefghijklmnopqrstuvwxyz0123456789ABCDEFabcd';

  it('keeps 3 leading and 4 trailing characters around an ellipsis', () => {
    expect(shortenAddress(address)).toBe('UQA…abcd');
  });

  it('returns short strings unchanged', () => {
    expect(shortenAddress('')).toBe('');
    expect(shortenAddress('UQAabcd')).toBe('UQAabcd');
    expect(shortenAddress('UQA1abcd')).toBe('UQA1abcd');
    expect(shortenAddress('UQA12abcd')).toBe('UQA…abcd');
  });
});

describe('formatCount', () => {
  it('shows whole counts with no-break spaces between thousands, like amounts', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(shown(formatCount(12_345))).toBe('12_345');
    expect(shown(formatCount(1_234_567.9))).toBe('1_234_567');
    expect(shown(formatCount(-4_200))).toBe('-4_200');
    expect(formatCount(Number.NaN)).toBe('—');
  });
});
