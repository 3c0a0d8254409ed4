/**
 * Amount fields in the user's language (docs/decisions.md "Formats", amount fields): either decimal key
 * shows as the language's mark, and what is read is the wire's dot decimal text.
 */
import { describe, expect, it } from 'vitest';
import { inLocaleMark, parseTonAmount, readAmountInput } from '@/shared/lib/amount-input';

describe('an amount field shows the language’s decimal mark', () => {
  it('turns either key into a comma in Russian and a point in English', () => {
    expect(inLocaleMark('55.5', 'ru')).toBe('55,5');
    expect(inLocaleMark('55,5', 'ru')).toBe('55,5');
    expect(inLocaleMark('55,5', 'en')).toBe('55.5');
    expect(inLocaleMark('12.5', 'en')).toBe('12.5');
    expect(inLocaleMark('', 'ru')).toBe('');
  });

  it('makes a pasted grouped number unreadable rather than misread', () => {
    expect(inLocaleMark('1,000.50', 'en')).toBe('1.000.50');
    expect(readAmountInput(inLocaleMark('1,000.50', 'en'))).toEqual({ kind: 'not_a_number' });
    expect(readAmountInput(inLocaleMark('1.000,50', 'ru'))).toEqual({ kind: 'not_a_number' });
  });
});

describe('what the field says is read as the wire’s dot decimal', () => {
  it('in Russian: a comma, spaces between thousands (a no-break one too)', () => {
    expect(readAmountInput('55,5')).toEqual({ kind: 'amount', amount: '55.5' });
    expect(readAmountInput('1 234,50')).toEqual({ kind: 'amount', amount: '1234.5' });
    expect(readAmountInput('1\u00A0234,5')).toEqual({ kind: 'amount', amount: '1234.5' });
    expect(parseTonAmount('100\u00A0000,25')).toBe('100000.25');
  });

  it('in English: a point', () => {
    expect(readAmountInput('1234.5')).toEqual({ kind: 'amount', amount: '1234.5' });
    expect(parseTonAmount('0.5')).toBe('0.5');
  });

  it('a figure copied from the screen reads back as what it shows', () => {
    expect(readAmountInput('8\u00A0042,27')).toEqual({ kind: 'amount', amount: '8042.27' });
    expect(readAmountInput('8\u00A0042.27')).toEqual({ kind: 'amount', amount: '8042.27' });
  });
});
