import { describe, expect, it } from 'vitest';
import {
  decimalMark,
  formatAmount,
  formatChange,
  formatCount,
  formatPercent,
  formatPrice,
  formatTokens,
  formatTon,
  shortenAddress,
  sumShown,
} from '@/shared/lib/format';

/** A kind with that many decimals. */
const KIND_OF = { 2: 'token', 4: 'ton', 6: 'price' } as const;

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
    expect(shown(formatAmount(value, KIND_OF[decimals], 'en'))).toBe(expected);
  });

  it('shows every decimal of the unit, so one figure keeps one width', () => {
    expect(formatAmount(0.01, 'ton', 'en')).toBe('0.0100');
    expect(formatAmount('0.0101', 'ton', 'en')).toBe('0.0101');
    expect(formatAmount('100', 'ton', 'en')).toBe('100.0000');
    expect(formatAmount('0.046', 'ton', 'en')).toBe('0.0460');
    expect(formatAmount('90.262358072', 'ton', 'en')).toBe('90.2623');
  });

  it('groups thousands with a no-break space, never a breakable one', () => {
    const text = formatAmount(1_000_000, 'token', 'en');
    expect(text).toBe('1\u00A0000\u00A0000.00');
    expect(text).not.toMatch(/ /);
  });

  it('truncates, never rounds', () => {
    expect(formatAmount(1.999, 'token', 'en')).toBe('1.99');
    expect(formatAmount(0.99999999, 'price', 'en')).toBe('0.999999');
    expect(formatAmount(2.5555, 'token', 'en')).toBe('2.55');
  });

  it('has no float artifacts', () => {
    expect(formatAmount(0.29, 'token', 'en')).toBe('0.29');
    expect(formatAmount(1.005, 'token', 'en')).toBe('1.00');
    expect(formatAmount(4.35, 'token', 'en')).toBe('4.35');
    expect(formatAmount(0.1 + 0.2, 'price', 'en')).toBe('0.300000');
    expect(formatAmount(8.2, 'ton', 'en')).toBe('8.2000');
  });

  it('expands exponent notation', () => {
    expect(formatAmount(1e-7, 'token', 'en')).toBe('0.00');
    expect(formatAmount(1e-7, 'price', 'en')).toBe('0.000000');
    expect(formatAmount(1.5e-5, 'price', 'en')).toBe('0.000015');
    expect(shown(formatAmount(1e21, 'token', 'en'))).toBe('1_000_000_000_000_000_000_000.00');
    expect(shown(formatAmount('2.5e3', 'token', 'en'))).toBe('2_500.00');
    expect(formatAmount('1E-2', 'ton', 'en')).toBe('0.0100');
    expect(formatAmount('1e-1000000000', 'token', 'en')).toBe('0.00');
  });

  it('keeps the sign on negatives, but not on a zero result', () => {
    expect(shown(formatAmount(-1234.567, 'token', 'en'))).toBe('-1_234.56');
    expect(formatAmount(-0.5, 'ton', 'en')).toBe('-0.5000');
    expect(formatAmount(-0.001, 'token', 'en')).toBe('0.00');
    expect(formatAmount(-0, 'token', 'en')).toBe('0.00');
    expect(formatAmount('-7', 'token', 'en')).toBe('-7.00');
  });

  it('reads decimal strings exactly, beyond float precision', () => {
    expect(shown(formatAmount('1234567.891', 'token', 'en'))).toBe('1_234_567.89');
    expect(shown(formatAmount('123456789012345678.123456789', 'price', 'en'))).toBe('123_456_789_012_345_678.123456');
    expect(formatAmount('0.000000001', 'price', 'en')).toBe('0.000000');
    expect(formatAmount(' 42.1 ', 'token', 'en')).toBe('42.10');
    expect(formatAmount('+3', 'token', 'en')).toBe('3.00');
    expect(formatAmount('.5', 'token', 'en')).toBe('0.50');
    expect(formatAmount('7.', 'token', 'en')).toBe('7.00');
    expect(formatAmount('000123.40', 'ton', 'en')).toBe('123.4000');
  });

  it("shows '—' for what is not a finite number", () => {
    for (const bad of [Number.NaN, Infinity, -Infinity, '', 'abc', '1,5', '1.2.3', '.', 'e5', '1e999999']) {
      expect(formatAmount(bad, 'token', 'en')).toBe('—');
    }
  });
});

describe('amounts with their unit', () => {
  it('give each unit its decimals and join the unit with a no-break space', () => {
    expect(shown(formatTokens('1000000', 'en'))).toBe('1_000_000.00_TKN');
    expect(shown(formatTon('0.01', 'en'))).toBe('0.0100_TON');
    expect(shown(formatPrice('0.0123456789', 'en'))).toBe('0.012345_TON');
    expect(formatPercent(5, 'en')).toBe('5.00%');
    expect(formatPercent('12.345', 'en')).toBe('12.34%');
  });

  it("keep '—' for what is not a number, unit and all", () => {
    expect(shown(formatTon(Number.NaN, 'en'))).toBe('—_TON');
    expect(shown(formatPercent('abc', 'ru'))).toBe('—_%');
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

describe('the language decides the decimal mark, never the digits', () => {
  it('writes a point in English and a comma in Russian, thousands by a no-break space in both', () => {
    expect(decimalMark('en')).toBe('.');
    expect(decimalMark('ru')).toBe(',');
    expect(shown(formatTokens('8042.279', 'en'))).toBe('8_042.27_TKN');
    expect(shown(formatTokens('8042.279', 'ru'))).toBe('8_042,27_TKN');
    expect(shown(formatTon('1.866093224', 'en'))).toBe('1.8660_TON');
    expect(shown(formatTon('1.866093224', 'ru'))).toBe('1,8660_TON');
  });

  it.each([
    ['token', '1234567.891', '1_234_567.89', '1_234_567,89'],
    ['ton', '1234567.891', '1_234_567.8910', '1_234_567,8910'],
    ['price', '0.0123456789', '0.012345', '0,012345'],
    ['reward', '0.000231999', '0.000231', '0,000231'],
    ['percent', '12.345', '12.34', '12,34'],
  ] as const)('gives %s its decimals (%s → %s, %s), truncated', (kind, value, en, ru) => {
    expect(shown(formatAmount(value, kind, 'en'))).toBe(en);
    expect(shown(formatAmount(value, kind, 'ru'))).toBe(ru);
  });

  it('truncates in Russian as in English, never rounds', () => {
    expect(formatAmount('1.999', 'token', 'ru')).toBe('1,99');
    expect(formatAmount('0.99999999', 'price', 'ru')).toBe('0,999999');
    expect(formatAmount(0.1 + 0.2, 'ton', 'ru')).toBe('0,3000');
  });

  it('groups big numbers alike, past float precision', () => {
    expect(shown(formatTokens('123456789012345678.129', 'ru'))).toBe('123_456_789_012_345_678,12_TKN');
    expect(shown(formatTon('100000', 'en'))).toBe('100_000.0000_TON');
    expect(formatTokens('1000000', 'ru')).not.toMatch(/ /);
  });

  it('puts a no-break space before % in Russian only', () => {
    expect(formatPercent(5, 'en')).toBe('5.00%');
    expect(shown(formatPercent(5, 'ru'))).toBe('5,00_%');
    expect(shown(formatPercent('1234.5', 'ru'))).toBe('1_234,50_%');
  });

  it('keeps a plain minus on negatives that are not changes', () => {
    expect(shown(formatAmount('-1234.567', 'token', 'ru'))).toBe('-1_234,56');
    expect(formatAmount('-0.001', 'token', 'ru')).toBe('0,00');
  });
});

describe("the programme's round figures (trim)", () => {
  it('drop the zeros after the point: limits read "from 1 to 100 000 TON"', () => {
    expect(shown(formatTon('1', 'en', { trim: true }))).toBe('1_TON');
    expect(shown(formatTon('100000', 'en', { trim: true }))).toBe('100_000_TON');
    expect(shown(formatTon('100000.000', 'ru', { trim: true }))).toBe('100_000_TON');
    expect(formatAmount('0.5', 'ton', 'ru', { trim: true })).toBe('0,5');
    expect(formatPercent('5', 'en', { trim: true })).toBe('5%');
    expect(shown(formatPercent('2.5', 'ru', { trim: true }))).toBe('2,5_%');
  });

  it('are still truncated to the kind', () => {
    expect(formatAmount('1.23456789', 'ton', 'en', { trim: true })).toBe('1.2345');
    expect(formatAmount('0.00001', 'ton', 'en', { trim: true })).toBe('0');
  });
});

describe('changes carry their sign', () => {
  it.each([
    [25, '+25.00%', '+25,00_%'],
    [1.5, '+1.50%', '+1,50_%'],
    [12.3456, '+12.34%', '+12,34_%'],
    [-2.259, '\u22122.25%', '\u22122,25_%'],
    [-0.001, '0.00%', '0,00_%'],
    [0.004, '0.00%', '0,00_%'],
    [0, '0.00%', '0,00_%'],
    [1234.5, '+1_234.50%', '+1_234,50_%'],
  ] as const)('%s → %s / %s', (value, en, ru) => {
    expect(shown(formatChange(value, 'en'))).toBe(en);
    expect(shown(formatChange(value, 'ru'))).toBe(ru);
  });

  it("shows '—' for a change that is not a number", () => {
    expect(formatChange(Number.NaN, 'en')).toBe('—%');
  });
});

describe('a minimum is rounded up (up), so the figure shown is enough to enter', () => {
  it.each([
    ['12.349', '12.35', '12,35'],
    ['12.34', '12.34', '12,34'],
    ['12.340000001', '12.35', '12,35'],
    ['0.000000001', '0.01', '0,01'],
    ['99.999', '100.00', '100,00'],
    ['1234567.891', '1_234_567.90', '1_234_567,90'],
  ] as const)('%s TKN → %s / %s', (value, en, ru) => {
    expect(shown(formatAmount(value, 'token', 'en', { up: true }))).toBe(en);
    expect(shown(formatAmount(value, 'token', 'ru', { up: true }))).toBe(ru);
  });

  it('is never below the value and within one last place of it', () => {
    for (const value of ['0.001', '5.555555555', '7', '1e-7', '314.159265']) {
      const up = Number(formatAmount(value, 'token', 'en', { up: true }).replace(/\s/g, ''));
      expect(up).toBeGreaterThanOrEqual(Number(value));
      expect(up - Number(value)).toBeLessThan(0.01);
    }
  });

  it('leaves what is not a positive number as without it', () => {
    expect(formatAmount('-1.239', 'token', 'en', { up: true })).toBe('-1.23');
    expect(formatAmount('x', 'token', 'en', { up: true })).toBe('—');
  });
});

describe('sumShown: a total is the sum of its parts as shown', () => {
  it('sums the truncated parts, so the shown parts add up to the shown total', () => {
    const parts = ['0.00009', '0.00009', '1.23456'];
    // Exact: 1.23474 → 1.2347; shown parts 0.0000 + 0.0000 + 1.2345 = 1.2345.
    expect(sumShown(parts, 'ton')).toBe('1.2345');
    expect(formatTon(sumShown(parts, 'ton')!, 'ru')).toBe(formatTon('1.2345', 'ru'));
    expect(sumShown(['1.235', '1.235'], 'token')).toBe('2.46');
    expect(sumShown([], 'ton')).toBe('0.0000');
  });

  it('is exact past float precision and keeps a negative sum', () => {
    expect(sumShown(['123456789012345678.999', '0.011'], 'token')).toBe('123456789012345679.00');
    expect(sumShown(['-1.5', '0.25'], 'token')).toBe('-1.25');
  });

  it('is null when a part is not a number', () => {
    expect(sumShown(['1', 'abc'], 'ton')).toBeNull();
  });
});
