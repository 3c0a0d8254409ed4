import { describe, expect, it } from 'vitest';
import { moneyInput } from '@contract';
import { MoneyFormatError, formatUnits, parseUnits } from '../../server/lib/money';

describe('parseUnits: decimal text in whole units → base units (9 decimals)', () => {
  it.each([
    ['1', 1_000_000_000n],
    ['0', 0n],
    ['0.1', 100_000_000n],
    ['1.5', 1_500_000_000n],
    ['0.000000001', 1n],
    ['123456789.123456789', 123_456_789_123_456_789n],
    ['1234.500000001', 1_234_500_000_001n],
    ['007.50', 7_500_000_000n],
  ])('parses %s', (input, expected) => {
    expect(parseUnits(input)).toBe(expected);
  });

  it.each([
    ['', /required/],
    ['   ', /required/],
    ['-1', /negative/],
    ['-0.5', /negative/],
    ['1e3', /exponent/],
    ['2.5E-3', /exponent/],
    ['0.0000000001', /at most 9 decimal/],
    ['NaN', /decimal number/],
    ['Infinity', /decimal number/],
    [' 42 ', /decimal number/],
    ['1.', /decimal number/],
    ['.5', /decimal number/],
    ['1,5', /decimal number/],
    ['0x10', /decimal number/],
    ['+1', /decimal number/],
    ['1 000', /decimal number/],
    ['10000000000', /too large/], // 1e10 tokens = 1e19 base units > BIGINT
    ['99999999999999999999', /too large/],
  ])('rejects %j', (input, message) => {
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
    expect(formatUnits(123_456_789_123_456_789n)).toBe('123456789.123456789');
  });

  it('round-trips every amount, including those a float would change', () => {
    for (const text of [
      '0.1',
      '0.3',
      '19.99',
      '1234.567891234',
      '0.000000007',
      '123456789.123456789',
      '9223372036.854775807',
    ]) {
      expect(formatUnits(parseUnits(text))).toBe(text);
    }
  });
});

describe('the contract reads request amounts as text only', () => {
  it('turns decimal text into base units', () => {
    expect(moneyInput.parse('2.5')).toBe(2_500_000_000n);
  });

  it.each([[1.5], [100], [null], [['1']], ['1e3'], ['-1'], [''], ['1.0000000001']])('refuses %j', (value) => {
    expect(moneyInput.safeParse(value).success).toBe(false);
  });
});
