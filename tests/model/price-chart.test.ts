import { allSettled, type Scope } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeDirection, mergeCandle, priceChartModel, priceModel, statsModel } from '@/pages/dashboard';
import {
  $accessToken,
  appSocket,
  candleSocket,
  type Candle,
  type CandleInterval,
  type CandleList,
  type CurrentPrice,
  type FinancialStats,
} from '@/shared/api';
import { FakeWebSocket } from '../unit/fake-websocket';
import { createTestScope } from './scope';

/*
 * Issue #13: the live price and its change colours, the candles of the chosen interval with the live
 * candle merged in (same time replaces the last, a new time appends), the candles socket's lifecycle
 * (token, then the interval; a switch sends the new one; closed with the chart), the statistics.
 */

const candle = (time: number, close: string, open = '0.010000'): Candle => ({
  time,
  open,
  high: close > open ? close : open,
  low: close < open ? close : open,
  close,
});
/** Lets pending promises settle without waiting for effects the test resolves by hand. */
const flush = () => vi.advanceTimersByTimeAsync(0);
const list = (interval: CandleInterval, candles: Candle[]): CandleList => ({ interval, candles });

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => {
  // The transports are module singletons: leave them closed for the next test.
  candleSocket.disconnectRequested();
  appSocket.disconnectRequested();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('price change colouring', () => {
  it('is up, down or flat as the change shows with 2 decimals', () => {
    expect(changeDirection(1.5)).toBe('up');
    expect(changeDirection(-2.25)).toBe('down');
    expect(changeDirection(0)).toBe('flat');
    // Shown as 0.00%: neither green nor red.
    expect(changeDirection(0.004)).toBe('flat');
    expect(changeDirection(-0.009)).toBe('flat');
    expect(changeDirection(0.01)).toBe('up');
    expect(changeDirection(Number.NaN)).toBe('flat');
  });

  it('the 24 h and 30 d changes follow the read price, then every price_update tick', async () => {
    const { scope } = createTestScope({
      values: [[$accessToken, 'access']],
      handlers: [
        [
          priceModel.loadPriceFx,
          async (): Promise<CurrentPrice> => ({ price: '0.012', price_change_24h: 1.5, price_change_30d: -2 }),
        ],
      ],
    });
    await allSettled(priceModel.priceRequested, { scope });
    await allSettled(appSocket.connectRequested, { scope });
    FakeWebSocket.last.open();
    expect(scope.getState(priceModel.$priceChanges)).toEqual([
      { period: '24h', change: 1.5, direction: 'up' },
      { period: '30d', change: -2, direction: 'down' },
    ]);

    FakeWebSocket.last.receive(
      JSON.stringify({
        event: 'price_update',
        data: { price: '0.011', price_change_24h: -0.5, price_change_30d: 0, time: 1_800_000_000 },
      }),
    );
    await allSettled(scope);
    expect(scope.getState(priceModel.$currentPrice)).toEqual({
      price: '0.011',
      price_change_24h: -0.5,
      price_change_30d: 0,
    });
    expect(scope.getState(priceModel.$priceChanges)?.map((change) => change.direction)).toEqual(['down', 'flat']);
  });

  it('price_update on the app socket moves the price without a reload; a read overtaken by a tick is dropped', async () => {
    let answer!: (price: CurrentPrice) => void;
    const read = vi.fn(() => new Promise<CurrentPrice>((resolve) => (answer = resolve)));
    const { scope } = createTestScope({
      values: [[$accessToken, 'access']],
      handlers: [[priceModel.loadPriceFx, read]],
    });
    await allSettled(appSocket.connectRequested, { scope });
    FakeWebSocket.last.open();

    const loading = allSettled(priceModel.priceRequested, { scope });
    FakeWebSocket.last.receive(
      JSON.stringify({
        event: 'price_update',
        data: { price: '0.02', price_change_24h: 3, price_change_30d: 4, time: 10 },
      }),
    );
    await flush();
    expect(scope.getState(priceModel.$currentPrice)?.price).toBe('0.02');
    expect(scope.getState(priceModel.$priceLoaded)).toBe(true);

    answer({ price: '0.01', price_change_24h: 0, price_change_30d: 0 });
    await loading;
    expect(scope.getState(priceModel.$currentPrice)?.price).toBe('0.02');

    // The next read, with no tick meanwhile, is taken.
    read.mockImplementationOnce(async () => ({ price: '0.03', price_change_24h: 1, price_change_30d: 1 }));
    await allSettled(priceModel.priceRequested, { scope });
    expect(scope.getState(priceModel.$currentPrice)?.price).toBe('0.03');
    await allSettled(appSocket.disconnectRequested, { scope });
  });
});

describe('the live candle merge rule', () => {
  const loaded = [candle(300, '0.010100'), candle(600, '0.010200')];

  it('same time replaces the last candle, a later time appends, an older one changes nothing', () => {
    expect(mergeCandle(loaded, candle(600, '0.010300'))).toEqual([loaded[0], candle(600, '0.010300')]);
    expect(mergeCandle(loaded, candle(900, '0.010400'))).toEqual([...loaded, candle(900, '0.010400')]);
    expect(mergeCandle(loaded, candle(300, '0.099'))).toBe(loaded);
    expect(mergeCandle([], candle(300, '0.01'))).toEqual([candle(300, '0.01')]);
  });
});

/** A scope with a token, the candles read answered by `answers` (by interval) and the socket faked. */
function chartScope(answers: Partial<Record<CandleInterval, () => Promise<CandleList | null>>>) {
  const readCandles = vi.fn(({ query: { interval } }: { query: { interval: CandleInterval } }) => {
    const answer = answers[interval];
    return answer ? answer() : Promise.resolve(list(interval, []));
  });
  const setup = createTestScope({
    values: [[$accessToken, 'access']],
    handlers: [[priceChartModel.readCandlesFx, readCandles]],
  });
  return { ...setup, readCandles };
}

const live = (interval: CandleInterval, bar: Candle) =>
  JSON.stringify({ event: 'current_candle', data: { interval, candle: bar } });

async function openChart(scope: Scope) {
  await allSettled(priceChartModel.chartOpened, { scope });
  FakeWebSocket.last.open();
  await allSettled(scope);
}

describe('the price chart', () => {
  it('opens: reads the default interval, connects the candles socket and sends the token, then the interval', async () => {
    const { scope, readCandles } = chartScope({ '5m': async () => list('5m', [candle(300, '0.0101')]) });
    expect(scope.getState(priceChartModel.$chartStatus)).toBe('loading');
    await openChart(scope);

    expect(readCandles).toHaveBeenCalledExactlyOnceWith({ query: { interval: '5m' } });
    expect(FakeWebSocket.last.url).toBe('ws://localhost:3000/api/ws/candles');
    expect(FakeWebSocket.last.sent).toEqual(['access', '5m']);
    expect(scope.getState(priceChartModel.$chartStatus)).toBe('ready');
    expect(scope.getState(priceChartModel.$candles)).toEqual([candle(300, '0.0101')]);
    expect(scope.getState(priceChartModel.$dataVersion)).toBe(1);

    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('switching the interval reads its candles and tells the socket; an unknown interval is 5m', async () => {
    const { scope, readCandles } = chartScope({
      '5m': async () => list('5m', [candle(300, '0.0101')]),
      '1h': async () => list('1h', [candle(3_600, '0.0102'), candle(7_200, '0.0103')]),
    });
    await openChart(scope);

    const switching = allSettled(priceChartModel.intervalChosen, { scope, params: '1h' });
    expect(scope.getState(priceChartModel.$interval)).toBe('1h');
    expect(scope.getState(priceChartModel.$chartStatus)).toBe('loading');
    await switching;
    expect(readCandles).toHaveBeenLastCalledWith({ query: { interval: '1h' } });
    expect(FakeWebSocket.last.sent).toEqual(['access', '5m', '1h']);
    expect(scope.getState(priceChartModel.$candles)).toHaveLength(2);
    expect(scope.getState(priceChartModel.$candlesInterval)).toBe('1h');
    expect(scope.getState(priceChartModel.$dataVersion)).toBe(2);

    await allSettled(priceChartModel.intervalChosen, { scope, params: '15m' });
    expect(scope.getState(priceChartModel.$interval)).toBe('5m');
    expect(readCandles).toHaveBeenLastCalledWith({ query: { interval: '5m' } });
    expect(FakeWebSocket.last.sent.at(-1)).toBe('5m');
    expect(scope.getState(priceChartModel.$candlesInterval)).toBe('5m');

    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('a slow answer for the interval left behind is dropped', async () => {
    let answer5m!: (value: CandleList) => void;
    const { scope } = chartScope({
      '5m': () => new Promise((resolve) => (answer5m = resolve)),
      '4h': async () => list('4h', [candle(14_400, '0.02')]),
    });
    void allSettled(priceChartModel.chartOpened, { scope });
    void allSettled(priceChartModel.intervalChosen, { scope, params: '4h' });
    await flush();
    answer5m(list('5m', [candle(300, '0.01'), candle(600, '0.01')]));
    await allSettled(scope);
    expect(scope.getState(priceChartModel.$interval)).toBe('4h');
    expect(scope.getState(priceChartModel.$candles)).toEqual([candle(14_400, '0.02')]);
    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('the live candle of the interval on screen replaces the last candle or appends; others are ignored', async () => {
    const { scope } = chartScope({ '5m': async () => list('5m', [candle(300, '0.0101'), candle(600, '0.0102')]) });
    await openChart(scope);

    FakeWebSocket.last.receive(live('5m', candle(600, '0.0105')));
    await allSettled(scope);
    expect(scope.getState(priceChartModel.$candles)).toEqual([candle(300, '0.0101'), candle(600, '0.0105')]);
    expect(scope.getState(priceChartModel.$lastCandle)).toEqual(candle(600, '0.0105'));

    FakeWebSocket.last.receive(live('5m', candle(900, '0.0106')));
    await allSettled(scope);
    expect(scope.getState(priceChartModel.$candles).map((bar) => bar.time)).toEqual([300, 600, 900]);

    // Another interval's candle (the server had not switched yet) and a late one change nothing.
    FakeWebSocket.last.receive(live('1h', candle(3_600, '0.5')));
    FakeWebSocket.last.receive(live('5m', candle(600, '0.9')));
    await allSettled(scope);
    expect(scope.getState(priceChartModel.$candles).map((bar) => bar.close)).toEqual(['0.0101', '0.0105', '0.0106']);
    // Live candles are updates, not a new data set.
    expect(scope.getState(priceChartModel.$dataVersion)).toBe(1);

    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('a live candle after missed intervals reads the candles again (the list has no gaps)', async () => {
    const { scope, readCandles } = chartScope({ '5m': async () => list('5m', [candle(300, '0.0101')]) });
    await openChart(scope);
    FakeWebSocket.last.receive(live('5m', candle(1_500, '0.0109')));
    await allSettled(scope);
    expect(readCandles).toHaveBeenCalledTimes(2);
    // The live candle is merged into the fresh list.
    expect(scope.getState(priceChartModel.$candles).map((bar) => bar.time)).toEqual([300, 1_500]);
    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('a live candle that arrives while the candles load is merged once they are there', async () => {
    let answer!: (value: CandleList) => void;
    const { scope } = chartScope({ '5m': () => new Promise((resolve) => (answer = resolve)) });
    void allSettled(priceChartModel.chartOpened, { scope });
    FakeWebSocket.last.open();
    FakeWebSocket.last.receive(live('5m', candle(600, '0.0110')));
    await vi.advanceTimersByTimeAsync(0);
    answer(list('5m', [candle(300, '0.0101'), candle(600, '0.0102')]));
    await allSettled(scope);
    expect(scope.getState(priceChartModel.$lastCandle)).toEqual(candle(600, '0.0110'));
    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('empty and failed reads show their states; retry reads again', async () => {
    let fail = true;
    const { scope, readCandles } = chartScope({ '5m': async () => (fail ? null : list('5m', [])) });
    await openChart(scope);
    expect(scope.getState(priceChartModel.$chartStatus)).toBe('failed');
    fail = false;
    await allSettled(priceChartModel.retryClicked, { scope });
    expect(readCandles).toHaveBeenCalledTimes(2);
    expect(scope.getState(priceChartModel.$chartStatus)).toBe('empty');
    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('closing disconnects the socket and drops an answer still on its way; reopening reads afresh', async () => {
    let answer!: (value: CandleList) => void;
    const { scope, readCandles } = chartScope({ '5m': () => new Promise((resolve) => (answer = resolve)) });
    void allSettled(priceChartModel.chartOpened, { scope });
    const socket = FakeWebSocket.last;
    socket.open();
    void allSettled(priceChartModel.chartClosed, { scope });
    await flush();
    expect(socket.closeCalls).toEqual([1000]);
    expect(scope.getState(candleSocket.$connected)).toBe(false);

    answer(list('5m', [candle(300, '0.0101')]));
    await allSettled(scope);
    expect(scope.getState(priceChartModel.$candles)).toEqual([]);
    expect(scope.getState(priceChartModel.$chartStatus)).toBe('loading');
    // Nothing reconnects by itself.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    void allSettled(priceChartModel.chartOpened, { scope });
    await flush();
    expect(readCandles).toHaveBeenCalledTimes(2);
    expect(FakeWebSocket.instances).toHaveLength(2);
    answer(list('5m', [candle(300, '0.0102')]));
    await allSettled(priceChartModel.chartClosed, { scope });
  });

  it('a reconnection sends the token, then the interval chosen meanwhile', async () => {
    const { scope } = chartScope({});
    await openChart(scope);
    FakeWebSocket.last.closeFromServer(1011);
    await allSettled(priceChartModel.intervalChosen, { scope, params: '1d' });
    await vi.advanceTimersByTimeAsync(1_000);
    FakeWebSocket.last.open();
    await allSettled(scope);
    expect(FakeWebSocket.last.sent).toEqual(['access', '1d']);
    await allSettled(priceChartModel.chartClosed, { scope });
  });
});

describe('financial statistics', () => {
  const stats: FinancialStats = {
    total_minted: '1234567.891',
    total_staked: '1000',
    circulating: '234567.891',
    ton_paid_in: '12.3456789',
    ton_paid_out: '1.5',
    users: 12_345,
    active_stakes: 7,
    collective_bonus: 0.25,
    updated_at: 1_800_000_000,
  };

  it('loads, keeps the figures over a failed reload, and shows failed with a retry when it has none', async () => {
    let answer: FinancialStats | null = null;
    const read = vi.fn(async () => answer);
    const { scope } = createTestScope({ handlers: [[statsModel.readStatsFx, read]] });
    expect(scope.getState(statsModel.$statsStatus)).toBe('loading');
    await allSettled(statsModel.statsRequested, { scope });
    expect(scope.getState(statsModel.$statsStatus)).toBe('failed');

    answer = stats;
    await allSettled(statsModel.retryClicked, { scope });
    expect(scope.getState(statsModel.$statsStatus)).toBe('ready');
    expect(scope.getState(statsModel.$stats)).toEqual(stats);

    read.mockRejectedValueOnce(new Error('network'));
    await allSettled(statsModel.statsRequested, { scope });
    expect(scope.getState(statsModel.$statsStatus)).toBe('ready');
    expect(scope.getState(statsModel.$stats)).toEqual(stats);
  });
});
