import { describe, expect, it } from 'vitest';
import { chartPriceLabel, tickLabelsClearOfTag } from '@/shared/ui/chart-bars';

describe("the chart's price labels", () => {
  it('truncate to 6 decimals, zero-padded, like every price (docs/product.md §5)', () => {
    expect(chartPriceLabel(0.0105, 'en')).toBe('0.010500');
    expect(chartPriceLabel(0.011025, 'en')).toBe('0.011025');
    expect(chartPriceLabel(0.010199999, 'en')).toBe('0.010199');
    expect(chartPriceLabel(1234.5, 'en')).toBe('1\u00A0234.500000');
  });

  it('take the user’s decimal mark: a comma in Russian', () => {
    expect(chartPriceLabel(0.0105, 'ru')).toBe('0,010500');
    expect(chartPriceLabel(1234.5, 'ru')).toBe('1\u00A0234,500000');
  });

  it('read the scale’s float steps at nanoton precision, so float noise is not cut into a wrong digit', () => {
    // 0.0102 and 0.01 reached as sums of steps are 0.010199999999999999 and 0.009999999999999998.
    expect(chartPriceLabel(0.0101 + 0.0001, 'en')).toBe('0.010200');
    expect(0.0101 + 0.0001).toBeLessThan(0.0102);
    expect(chartPriceLabel(0.0093 + 0.0007, 'en')).toBe('0.010000');
    expect(0.0093 + 0.0007).toBeLessThan(0.01);
    expect(chartPriceLabel(0.3 - 0.1, 'en')).toBe('0.200000');
  });
});

describe("the price axis's tick labels beside the last price's tag", () => {
  // 100 px per 0.0001 TON: 0.0106 at y 0, 0.0100 at y 600.
  const yOf = (price: number) => Math.round((0.0106 - price) * 1_000_000);

  it('leave out only the labels the tag would cover: nearer than 16 px, on either side', () => {
    const ticks = [0.0106, 0.0104, 0.0102, 0.01];
    // The tag at 0.010395 (y 205): 0.0104 (y 200) is 5 px away and goes; the others stay.
    expect(tickLabelsClearOfTag(ticks, yOf(0.010395), yOf, 'en')).toEqual(['0.010600', '', '0.010200', '0.010000']);
    // At 0.0105 (y 100) the tag is clear of every label.
    expect(tickLabelsClearOfTag(ticks, yOf(0.0105), yOf, 'en')).toEqual([
      '0.010600',
      '0.010400',
      '0.010200',
      '0.010000',
    ]);
    // 16 px is clear; 15.9 px is not.
    expect(tickLabelsClearOfTag([0.0104], 216, yOf, 'en')).toEqual(['0.010400']);
    expect(tickLabelsClearOfTag([0.0104], 184.1, yOf, 'en')).toEqual(['']);
  });

  it('are all shown with no tag (no data) or a price off the axis', () => {
    expect(tickLabelsClearOfTag([0.0104], null, yOf, 'en')).toEqual(['0.010400']);
    expect(tickLabelsClearOfTag([0.0104], 200, () => null, 'en')).toEqual(['0.010400']);
  });
});
