import { describe, expect, it } from 'vitest';
import { chartPriceLabel } from '@/shared/ui/chart-bars';

describe("the chart's price labels", () => {
  it('truncate to 6 decimals, zero-padded, like every price (SPEC §5)', () => {
    expect(chartPriceLabel(0.0105)).toBe('0.010500');
    expect(chartPriceLabel(0.011025)).toBe('0.011025');
    expect(chartPriceLabel(0.010199999)).toBe('0.010199');
    expect(chartPriceLabel(1234.5)).toBe('1\u00A0234.500000');
  });

  it('read the scale’s float steps at nanoton precision, so float noise is not cut into a wrong digit', () => {
    // 0.0102 and 0.01 reached as sums of steps are 0.010199999999999999 and 0.009999999999999998.
    expect(chartPriceLabel(0.0101 + 0.0001)).toBe('0.010200');
    expect(0.0101 + 0.0001).toBeLessThan(0.0102);
    expect(chartPriceLabel(0.0093 + 0.0007)).toBe('0.010000');
    expect(0.0093 + 0.0007).toBeLessThan(0.01);
    expect(chartPriceLabel(0.3 - 0.1)).toBe('0.200000');
  });
});
