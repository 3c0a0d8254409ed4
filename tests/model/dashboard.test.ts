import { allSettled } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { mintUpdated } from '@/entities/mint';
import { userModel } from '@/entities/user';
import { priceModel } from '@/pages/dashboard';
import { tokensValueTon } from '@/pages/dashboard/lib/total-value';
// The parts' store lives with the lazily loaded parts list (out of the entry bundle).
import {
  $holdings,
  $holdingsSettled,
  $totalValueTon,
  readHoldingsFx,
  totalValueShown,
} from '@/pages/dashboard/model/holdings';
import { $accessToken, appSocket, type Holdings, type Mint } from '@/shared/api';
import { timings } from '@/shared/config';
import { formatAmount, formatTon } from '@/shared/lib/format';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope } from './scope';

const price = (text: string) => ({ price: text, price_change_24h: 1.5, price_change_30d: -2 });
const holdingsOf = (parts: Partial<Holdings>): Holdings => ({
  balance_token: '0',
  referral_balance: '0',
  task_balance: '0',
  staked: '0',
  minting: '0',
  ...parts,
});

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

  it('the dashboard shows it once both the holdings and the price are known', async () => {
    const fetchPrice = vi.fn(async () => price('0.012'));
    const { scope } = createTestScope({
      handlers: [
        [priceModel.loadPriceFx, fetchPrice],
        [readHoldingsFx, async () => holdingsOf({ balance_token: '2500.5' })],
      ],
    });
    expect(scope.getState($totalValueTon)).toBeNull();

    await allSettled(priceModel.priceRequested, { scope });
    expect(fetchPrice).toHaveBeenCalledTimes(1);
    expect(scope.getState(priceModel.$priceLoaded)).toBe(true);
    expect(scope.getState($totalValueTon)).toBeNull();

    await allSettled(totalValueShown, { scope });
    expect(scope.getState($totalValueTon)).toBe('30.0060');
  });

  it('a failed price load (null) keeps the price it had', async () => {
    let answer: ReturnType<typeof price> | null = price('0.02');
    const { scope } = createTestScope({ handlers: [[priceModel.loadPriceFx, async () => answer]] });
    await allSettled(priceModel.priceRequested, { scope });
    answer = null;
    await allSettled(priceModel.priceRequested, { scope });
    expect(scope.getState(priceModel.$currentPrice)?.price).toBe('0.02');
  });
});

describe('total value = everything the user owns × the current price', () => {
  const owned = holdingsOf({
    balance_token: '0.0101',
    referral_balance: '99',
    task_balance: '30',
    staked: '1117.19',
    minting: '501',
  });

  async function dashboardWithEveryHolding(read = vi.fn(async () => owned)) {
    const { scope } = createTestScope({
      values: [[$accessToken, 'access']],
      handlers: [
        [priceModel.loadPriceFx, async () => price('0.01')],
        [readHoldingsFx, read],
      ],
    });
    await allSettled(priceModel.priceRequested, { scope });
    // Until the server has said what the user owns, a figure would leave parts out: none is shown.
    expect(scope.getState($totalValueTon)).toBeNull();
    expect(scope.getState($holdingsSettled)).toBe(false);
    await allSettled(totalValueShown, { scope });
    return { scope, read };
  }

  it('sums the balances, the staked tokens and the active mints, and lists each part in TKN and TON', async () => {
    const { scope } = await dashboardWithEveryHolding();
    // 0.0101 + 99 + 30 + 1117.19 staked + 501 in active mints = 1747.2001 TKN; × 0.01 = 17.472001 TON,
    // shown as its parts as shown: 0.0001 + 0.99 + 0.3 + 11.1719 + 5.01 = 17.4720.
    expect(scope.getState($totalValueTon)).toBe('17.4720');
    expect(scope.getState($holdings)).toEqual([
      { kind: 'main', tokens: '0.0101', ton: '0.000101' },
      { kind: 'referral', tokens: '99', ton: '0.99' },
      { kind: 'task', tokens: '30', ton: '0.3' },
      { kind: 'staked', tokens: '1117.19', ton: '11.1719' },
      { kind: 'minting', tokens: '501', ton: '5.01' },
    ]);
  });

  it('follows a price tick at once, and reads the holdings again after a burst of balance and mint pushes', async () => {
    const { scope, read } = await dashboardWithEveryHolding();
    // A price_update tick on the app socket.
    vi.stubGlobal('WebSocket', FakeWebSocket);
    try {
      await allSettled(appSocket.connectRequested, { scope });
      FakeWebSocket.last.open();
      FakeWebSocket.last.receive(
        JSON.stringify({
          event: 'price_update',
          data: { price: '0.02', price_change_24h: 1, price_change_30d: 1, time: 1 },
        }),
      );
      await allSettled(scope);
    } finally {
      await allSettled(appSocket.disconnectRequested, { scope });
      vi.unstubAllGlobals();
    }
    expect(scope.getState($totalValueTon)).toBe('34.9440');
    expect(scope.getState($holdings)?.find((part) => part.kind === 'staked')?.ton).toBe('22.3438');
    expect(read).toHaveBeenCalledTimes(1);

    // The pending mint is paid: a balance push and a mint push arrive together; one read follows.
    read.mockImplementation(async () => ({ ...owned, balance_token: '10.0101', minting: '1501' }));
    vi.useFakeTimers();
    try {
      // allSettled waits for the debounce's timer too: started, not awaited, until the clock moves.
      const pushes = Promise.all([
        allSettled(userModel.balanceUpdated, {
          scope,
          params: {
            balance_token: '10.0101',
            task_balance: '30',
            referral_balance: '99',
            hold_bonus: 0,
            investment_bonus: 0,
          },
        }),
        allSettled(mintUpdated, { scope, params: { id: 3, status: 'active', amount_token: '1000' } as Mint }),
      ]);
      await vi.advanceTimersByTimeAsync(timings.holdingsRefetchMs - 1);
      expect(read).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await pushes;
    } finally {
      vi.useRealTimers();
    }
    expect(read).toHaveBeenCalledTimes(2);
    // (10.0101 + 99 + 30 + 1117.19 + 1501) × 0.02 = 55.144002; its parts as shown sum to 55.1440.
    expect(scope.getState($totalValueTon)).toBe('55.1440');
  });

  it('a failed read (5xx: null) keeps the figure it had', async () => {
    const { scope, read } = await dashboardWithEveryHolding();
    read.mockImplementation(async () => null as never);
    await allSettled(totalValueShown, { scope });
    expect(scope.getState($totalValueTon)).toBe('17.4720');
  });

  it('is the sum of its parts as shown, so the parts on screen add up to it (en and ru)', async () => {
    // Each part's last digits are cut when shown: 0.000099 + 0.000099 + 0.010099 = 0.010297 TON, which
    // alone would show 0.0102 beside parts showing 0.0000 + 0.0000 + 0.0100.
    const { scope } = await dashboardWithEveryHolding(
      vi.fn(async () => holdingsOf({ balance_token: '0.0099', referral_balance: '0.0099', task_balance: '1.0099' })),
    );
    const total = scope.getState($totalValueTon)!;
    const parts = scope.getState($holdings)!.map((part) => part.ton);
    expect(total).toBe('0.0100');
    for (const locale of ['en', 'ru'] as const) {
      const shownParts = parts.map((ton) => formatAmount(ton, 'ton', locale));
      const read = (text: string) => Number(text.replace(/\u00A0/g, '').replace(',', '.'));
      const sum = shownParts.reduce((acc, text) => acc + Math.round(read(text) * 10_000), 0) / 10_000;
      expect(formatAmount(String(sum), 'ton', locale)).toBe(formatAmount(total, 'ton', locale));
    }
    expect(formatTon(total, 'ru')).toBe('0,0100\u00A0TON');
  });
});
