import { allSettled, createEffect, createEvent, createWatch, fork, scopeBind } from 'effector';
import { describe, expect, it } from 'vitest';
import { createQuery, NO_ANSWER } from '@/shared/lib/query';

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

  describe('a change pushed while a read is on its way', () => {
    // A list kept live by pushes, as the slices keep theirs: a push replaces its item.
    const listFx = createEffect(async (_: void): Promise<string[] | null> => []);
    const list = createQuery({ effect: listFx, initial: [] as string[] });
    const pushed = createEvent<string>();
    list.$data.on(pushed, (items, item) => [...items.filter((known) => known[0] !== item[0]), item]);

    /** The server: its state now, and each read answers what it held when the read reached it. */
    const server = (initial: string[]) => {
      let state = initial;
      let reads = 0;
      const pending: Array<() => void> = [];
      let readArrived = () => {};
      return {
        set: (next: string[]) => (state = next),
        reads: () => reads,
        /** Resolves when the next read reaches the server. */
        nextRead: () => new Promise<void>((resolve) => (readArrived = resolve)),
        handler: () => {
          reads += 1;
          const answer = state;
          readArrived();
          return new Promise<string[]>((resolve) => pending.push(() => resolve(answer)));
        },
        answerAll: () => pending.splice(0).forEach((answer) => answer()),
      };
    };

    it('is not lost to that read’s older answer: the query reads again and shows the server’s state', async () => {
      const backend = server(['a:waiting']);
      const scope = fork({ handlers: [[listFx, backend.handler]] });
      const first = allSettled(list.start, { scope });
      // The mint turns active on the server and its push arrives before the read's answer.
      backend.set(['a:active']);
      // (allSettled would wait for the read in flight too.)
      scopeBind(pushed, { scope })('a:active');
      expect(scope.getState(list.$data)).toEqual(['a:active']);
      const reread = backend.nextRead();
      backend.answerAll(); // the first read's answer, 'a:waiting', read before the change
      await reread;
      expect(backend.reads()).toBe(2);
      backend.answerAll();
      await first;
      expect(scope.getState(list.$data)).toEqual(['a:active']);
      expect(backend.reads()).toBe(2);
    });

    it('another read’s answer is no such change: two reads at once end', async () => {
      let reads = 0;
      let secondArrived = () => {};
      const second = new Promise<void>((resolve) => (secondArrived = resolve));
      const scope = fork({
        handlers: [
          [
            listFx,
            async () => {
              reads += 1;
              const read = reads;
              if (read > 10) throw new Error('the reads never end');
              // The first answers while the second is on its way.
              if (read === 1) await second;
              if (read === 2) secondArrived();
              return [`a:${read}`];
            },
          ],
        ],
      });
      await Promise.all([allSettled(list.start, { scope }), allSettled(list.start, { scope })]);
      expect(reads).toBe(2);
      expect(scope.getState(list.$pending)).toBe(false);
    });

    it('reads once when nothing changed meanwhile, and a push between reads reads nothing', async () => {
      const backend = server(['a:active']);
      const scope = fork({ handlers: [[listFx, backend.handler]] });
      const read = allSettled(list.start, { scope });
      backend.answerAll();
      await read;
      expect(backend.reads()).toBe(1);
      await allSettled(pushed, { scope, params: 'b:waiting' });
      expect(scope.getState(list.$data)).toEqual(['a:active', 'b:waiting']);
      expect(backend.reads()).toBe(1);
    });
  });

  describe("farfetched's vocabulary", () => {
    const pageFx = createEffect(async (_: { page: number }): Promise<string[] | null> => []);
    const pages = createQuery({ effect: pageFx, initial: [] as string[] });

    it('$error says why the last read failed, NO_ANSWER for a 5xx, and clears on the next answer', async () => {
      const offline = new Error('offline');
      const thrown = fork({ handlers: [[pageFx, async () => Promise.reject(offline)]] });
      await allSettled(pages.start, { scope: thrown, params: { page: 1 } });
      expect(thrown.getState(pages.$error)).toBe(offline);

      let answer: string[] | null = null;
      const scope = fork({ handlers: [[pageFx, async () => answer]] });
      await allSettled(pages.start, { scope, params: { page: 1 } });
      expect(scope.getState(pages.$error)).toBe(NO_ANSWER);
      expect(scope.getState(pages.$failed)).toBe(true);
      answer = ['x'];
      await allSettled(pages.start, { scope, params: { page: 1 } });
      expect(scope.getState(pages.$error)).toBeNull();
      expect(scope.getState(pages.$failed)).toBe(false);
    });

    it('finished.success / failure / finally carry what was asked', async () => {
      let fail = false;
      const scope = fork({ handlers: [[pageFx, async ({ page }: { page: number }) => (fail ? null : [`p${page}`])]] });
      const seen: string[] = [];
      const watchers = [
        createWatch({
          unit: pages.finished.success,
          scope,
          fn: ({ params, result }) => seen.push(`ok ${params.page} ${result[0]}`),
        }),
        createWatch({ unit: pages.finished.failure, scope, fn: ({ params }) => seen.push(`failed ${params.page}`) }),
        createWatch({ unit: pages.finished.finally, scope, fn: ({ params }) => seen.push(`settled ${params.page}`) }),
      ];
      await allSettled(pages.start, { scope, params: { page: 2 } });
      fail = true;
      await allSettled(pages.start, { scope, params: { page: 3 } });
      watchers.forEach((watcher) => watcher.unsubscribe());
      expect(seen.sort()).toEqual(['failed 3', 'ok 2 p2', 'settled 2', 'settled 3']);
    });

    it('refresh reads again what was last asked; reset forgets everything', async () => {
      const asked: number[] = [];
      const scope = fork({
        handlers: [[pageFx, async ({ page }: { page: number }) => (asked.push(page), [`p${page}`])]],
      });
      await allSettled(pages.start, { scope, params: { page: 4 } });
      await allSettled(pages.refresh, { scope });
      expect(asked).toEqual([4, 4]);

      await allSettled(pages.reset, { scope });
      expect(scope.getState(pages.$data)).toEqual([]);
      expect(scope.getState(pages.$status)).toBe('idle');
      expect(scope.getState(pages.$loaded)).toBe(false);
      expect(scope.getState(pages.$error)).toBeNull();
    });
  });
});
