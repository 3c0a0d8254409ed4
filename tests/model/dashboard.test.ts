import { allSettled } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { userModel } from '@/entities/user';
import { dashboardModel, priceModel, tokensValueTon } from '@/pages/dashboard';
import { getCurrentPriceFx, type UserMe } from '@/shared/api';
import { createTestScope } from './scope';

const price = (text: string) => ({ price: text, price_change_24h: 1.5, price_change_30d: -2 });

describe('total value = token balance × current price, in TON, exact on the decimal strings', () => {
  it('multiplies in base units and floors to 9 decimals, with no float drift', () => {
    expect(tokensValueTon('1000', '0.01')).toBe('10');
    // 0.1 × 0.2 is 0.020000000000000004 in floats.
    expect(tokensValueTon('0.1', '0.2')).toBe('0.02');
    expect(tokensValueTon('123456789.123456789', '0.000000001')).toBe('0.123456789');
    // Below one nanoton: floored, never rounded up.
    expect(tokensValueTon('0.000000001', '0.5')).toBe('0');
    // 9 000 000 000 × 0.012345678 + 0.99 × 0.012345678 = 111 111 102.01222222122.
    expect(tokensValueTon('9000000000.99', '0.012345678')).toBe('111111102.012222221');
    expect(tokensValueTon('0', '0.01')).toBe('0');
  });

  it('refuses what is not an amount', () => {
    expect(tokensValueTon('-1', '0.01')).toBeNull();
    expect(tokensValueTon('1e3', '0.01')).toBeNull();
  });

  it('the dashboard shows it once both the user and the price are known', async () => {
    const fetchPrice = vi.fn(async () => price('0.012'));
    const { scope } = createTestScope({ handlers: [[getCurrentPriceFx, fetchPrice]] });
    expect(scope.getState(dashboardModel.$totalValueTon)).toBeNull();

    await allSettled(priceModel.priceRequested, { scope });
    expect(fetchPrice).toHaveBeenCalledTimes(1);
    expect(scope.getState(priceModel.$priceLoaded)).toBe(true);
    expect(scope.getState(dashboardModel.$totalValueTon)).toBeNull();

    await allSettled(userModel.userLoaded, { scope, params: { balance_token: '2500.5', ref: { level: 0 } } as UserMe });
    expect(scope.getState(dashboardModel.$totalValueTon)).toBe('30.006');
  });

  it('a failed price load (null) keeps the price it had', async () => {
    let answer: ReturnType<typeof price> | null = price('0.02');
    const { scope } = createTestScope({ handlers: [[getCurrentPriceFx, async () => answer]] });
    await allSettled(priceModel.priceRequested, { scope });
    answer = null;
    await allSettled(priceModel.priceRequested, { scope });
    expect(scope.getState(priceModel.$currentPrice)?.price).toBe('0.02');
  });
});
