import { allSettled, createEffect, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createQuery } from '@/shared/lib/query';

describe('createQuery', () => {
  const readFx = createEffect(async (_: void): Promise<number[] | null> => [3, 1, 2]);
  const query = createQuery({ effect: readFx, initial: [] as number[], reduce: (answer) => [...answer].sort() });

  it('idle, then loaded with what the answer made', async () => {
    const scope = fork();
    expect(scope.getState(query.$status)).toBe('idle');
    await allSettled(query.start, { scope });
    expect(scope.getState(query.$data)).toEqual([1, 2, 3]);
    expect(scope.getState(query.$status)).toBe('loaded');
    expect(scope.getState(query.$loaded)).toBe(true);
  });

  it('a null answer or a failure keeps what is shown and says the read failed; the next answer clears it', async () => {
    const scope = fork({ values: [[query.$data, [7]]], handlers: [[readFx, async () => null]] });
    await allSettled(query.start, { scope });
    expect(scope.getState(query.$data)).toEqual([7]);
    expect(scope.getState(query.$status)).toBe('failed');
    expect(scope.getState(query.$settled)).toBe(true);
    expect(scope.getState(query.$loaded)).toBe(false);

    const failing = fork({ handlers: [[readFx, async () => Promise.reject(new Error('offline'))]] });
    await allSettled(query.start, { scope: failing });
    expect(failing.getState(query.$failed)).toBe(true);

    const recovered = fork({ values: [[query.$data, [7]]], handlers: [[readFx, async () => [9]]] });
    await allSettled(query.start, { scope: recovered });
    expect(recovered.getState(query.$data)).toEqual([9]);
    expect(recovered.getState(query.$failed)).toBe(false);
  });
});
