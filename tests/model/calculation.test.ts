import { allSettled, createEffect, createEvent, createStore, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { timings } from '@/shared/config';
import { createCalculation } from '@/shared/lib/calculation';

/** A calculation of a typed amount whose answers the test gives by hand, in any order. */
function setup() {
  const typed = createEvent<string | null>();
  const closed = createEvent();
  const $amount = createStore<string | null>(null).on(typed, (_, amount) => amount);
  const answers: Array<{ amount: string; answer: (price: string | null) => void; refuse: () => void }> = [];
  const priceFx = createEffect(
    (amount: string) =>
      new Promise<string | null>((resolve, reject) =>
        answers.push({ amount, answer: resolve, refuse: () => reject(new Error('down')) }),
      ),
  );
  const calculation = createCalculation({ source: $amount, effect: priceFx, reset: [typed, closed] });
  return { scope: fork(), typed, closed, calculation, answers };
}

describe('createCalculation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('prices what the input says once it stops changing, not an empty input', async () => {
    const { scope, typed, calculation, answers } = setup();
    void allSettled(typed, { scope, params: '1' });
    void allSettled(typed, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs - 1);
    expect(answers).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(answers.map(({ amount }) => amount)).toEqual(['2']);
    expect(scope.getState(calculation.$pending)).toBe(true);
    answers[0]!.answer('price of 2');
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(calculation.$result)).toBe('price of 2');
    expect(scope.getState(calculation.$pending)).toBe(false);

    void allSettled(typed, { scope, params: null });
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    expect(answers).toHaveLength(1);
    expect(scope.getState(calculation.$result)).toBeNull();
  });

  it('drops a stale answer: an older calculation of the same input, or one for what the input no longer says', async () => {
    const { scope, typed, calculation, answers } = setup();
    void allSettled(typed, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    // The same amount priced again at once (a refusal asks for fresh figures): only the newer answer counts.
    void allSettled(calculation.calculate, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(0);
    expect(answers).toHaveLength(2);
    answers[1]!.answer('new');
    answers[0]!.answer('old');
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(calculation.$result)).toBe('new');

    // The user typed on while 2 was being priced: its answer is not shown for 3.
    void allSettled(calculation.calculate, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(0);
    void allSettled(typed, { scope, params: '3' });
    answers[2]!.answer('price of 2');
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(calculation.$result)).toBeNull();
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    answers[3]!.answer('price of 3');
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(calculation.$result)).toBe('price of 3');
  });

  it('a failed or null newest answer keeps what is shown', async () => {
    const { scope, typed, closed, calculation, answers } = setup();
    void allSettled(typed, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    answers[0]!.answer('price of 2');
    await vi.advanceTimersByTimeAsync(0);

    void allSettled(calculation.calculate, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(0);
    answers[1]!.refuse();
    await vi.advanceTimersByTimeAsync(0);
    void allSettled(calculation.calculate, { scope, params: '2' });
    await vi.advanceTimersByTimeAsync(0);
    answers[2]!.answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(scope.getState(calculation.$result)).toBe('price of 2');
    expect(scope.getState(calculation.$pending)).toBe(false);

    await allSettled(closed, { scope });
    expect(scope.getState(calculation.$result)).toBeNull();
  });

  it('takes its input from an event when the input is derived from the result', async () => {
    const queryChanged = createEvent<string | null>();
    const priceFx = createEffect(async (amount: string): Promise<string | null> => `price of ${amount}`);
    const calculation = createCalculation({ source: queryChanged, effect: priceFx, reset: [] });
    const scope = fork();
    void allSettled(queryChanged, { scope, params: '5' });
    await vi.advanceTimersByTimeAsync(timings.calculationDebounceMs);
    expect(scope.getState(calculation.$result)).toBe('price of 5');
  });
});
