import { describe, expect, it } from 'vitest';
import { MoneyFormatError, formatUnits, parseUnits, unitsToNumber } from '../../server/lib/money';

describe('parseUnits: whole units on the wire → base units (9 decimals)', () => {
  it.each([
    ['1', 1_000_000_000n],
    ['0', 0n],
    ['0.1', 100_000_000n],
    ['1.5', 1_500_000_000n],
    ['0.000000001', 1n],
    ['123456789.123456789', 123_456_789_123_456_789n],
    ['007.50', 7_500_000_000n],
    ['1e3', 1_000_000_000_000n],
    ['2.5E-3', 2_500_000n],
    [' 42 ', 42_000_000_000n],
  ])('parses text %s', (input, expected) => {
    expect(parseUnits(input)).toBe(expected);
  });

  it.each([
    [0.1, 100_000_000n],
    [100, 100_000_000_000n],
    [0.3, 300_000_000n], // not 299999999: read through the number's shortest decimal text
    [1e-9, 1n],
    [1e9, 1_000_000_000_000_000_000n],
    [-0, 0n],
  ] as Array<[number, bigint]>)('parses number %s', (input, expected) => {
    expect(parseUnits(input)).toBe(expected);
  });

  it.each([
    ['-1', /negative/],
    [-0.5, /negative/],
    ['0.0000000001', /at most 9 decimal/],
    [1e-10, /at most 9 decimal/],
    [Number.NaN, /finite/],
    [Number.POSITIVE_INFINITY, /finite/],
    [Number.NEGATIVE_INFINITY, /finite/],
    ['NaN', /decimal number/],
    ['Infinity', /decimal number/],
    ['', /decimal number/],
    ['1.', /decimal number/],
    ['.5', /decimal number/],
    ['1,5', /decimal number/],
    ['0x10', /decimal number/],
    ['+1', /decimal number/],
    ['1 000', /decimal number/],
    ['10000000000', /too large/], // 1e10 tokens = 1e19 base units > BIGINT
    ['1e400', /too large/],
  ] as Array<[string | number, RegExp]>)('rejects %s', (input, message) => {
    expect(() => parseUnits(input)).toThrow(MoneyFormatError);
    expect(() => parseUnits(input)).toThrow(message);
  });

  it('accepts the largest BIGINT amount and nothing above it', () => {
    expect(parseUnits('9223372036.854775807')).toBe(2n ** 63n - 1n);
    expect(() => parseUnits('9223372036.854775808')).toThrow(/too large/);
  });
});

describe('base units → wire', () => {
  it('formats exact decimal text', () => {
    expect(formatUnits(1_500_000_000n)).toBe('1.5');
    expect(formatUnits(1n)).toBe('0.000000001');
    expect(formatUnits(0n)).toBe('0');
    expect(formatUnits(-2_000_000_000n)).toBe('-2');
  });

  it('gives the JSON number nearest the exact amount', () => {
    expect(unitsToNumber(100_000_000n)).toBe(0.1);
    expect(unitsToNumber(300_000_000n)).toBe(0.3);
    expect(unitsToNumber(123_456_789_123_456_789n)).toBe(123456789.123456789);
    expect(unitsToNumber(0n)).toBe(0);
  });

  it('round-trips every amount a client can send with 9 decimals', () => {
    for (const text of ['0.1', '0.2', '19.99', '1234.567891234', '0.000000007']) {
      expect(unitsToNumber(parseUnits(text))).toBe(Number(text));
      expect(parseUnits(unitsToNumber(parseUnits(text)))).toBe(parseUnits(text));
    }
  });
});
