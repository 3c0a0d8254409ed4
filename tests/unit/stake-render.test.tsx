import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StakeList, stakesRequested, stakeModel } from '@/entities/stake';
import { type Stake } from '@/shared/api';
import { stake as stakeFixture, T0 } from '../model/stake-fixture';

/*
 * "A tick re-renders only the numbers", checked on the real components: the card and the live
 * number are wrapped in call counters where they are defined, so the list renders the counted ones.
 */
const renders = vi.hoisted(() => ({ card: 0, number: 0, list: 0 }));

vi.mock('@/entities/stake/ui/stake-card', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/entities/stake/ui/stake-card')>();
  return {
    ...original,
    StakeCard: (props: Parameters<typeof original.StakeCard>[0]) => {
      renders.card += 1;
      return original.StakeCard(props);
    },
  };
});
vi.mock('@/entities/stake/ui/live-earned', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/entities/stake/ui/live-earned')>();
  return {
    ...original,
    LiveEarned: (props: Parameters<typeof original.LiveEarned>[0]) => {
      renders.number += 1;
      return original.LiveEarned(props);
    },
  };
});

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const stake = (id: number): Stake => stakeFixture({ id, staking_id: `STK0000${id}` });

describe('stake cards under the 1 s ticker', () => {
  let root: Root;
  let container: HTMLElement;

  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers();
    vi.setSystemTime(T0 * 1000);
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('re-renders the numbers on each tick, never the cards', async () => {
    const scope = fork({
      handlers: [
        [stakeModel.readStakesFx, async () => ({ data: [1, 2, 3].map(stake), total: 3, page: 1, limit: 300 })],
      ],
    });
    const List = () => {
      renders.list += 1;
      return <StakeList />;
    };
    await act(async () => {
      root.render(
        <Provider value={scope}>
          <List />
        </Provider>,
      );
      void allSettled(stakesRequested, { scope });
      await vi.advanceTimersByTimeAsync(0);
    });
    const numbers = () => [...container.querySelectorAll('[data-testid="stake-earned"]')].map((el) => el.textContent);
    expect(container.querySelectorAll('[data-testid="stake-card"]')).toHaveLength(3);
    // Six decimals from the start (docs/product.md §5, one count per kind): the number keeps its width.
    expect(numbers()).toEqual(['0.000000', '0.000000', '0.000000']);
    expect(container.textContent).toContain('per second');

    renders.card = 0;
    renders.number = 0;
    renders.list = 0;
    const seen = [numbers()];
    for (let tick = 1; tick <= 3; tick++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      seen.push(numbers());
    }

    expect(renders).toEqual({ card: 0, number: 9, list: 0 });
    // 20 tokens a day is 0.000231… a second: the shown number grows every second.
    expect(seen.map((texts) => texts[0])).toEqual(['0.000000', '0.000231', '0.000462', '0.000694']);
  });
});
