import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, showToast, toastDismissed } from '@/shared/ui/toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

// allSettled resolves only when every timer of the scope is done, so launches made while a toast
// timer runs are not awaited; state updates are synchronous and timers advance by hand.
const texts = (scope: ReturnType<typeof fork>) => scope.getState($toasts).map((t) => t.text);

describe('toasts', () => {
  it('shows a toast and removes it after the default 15 s', async () => {
    const scope = fork();
    const settled = allSettled(showToast, { scope, params: { text: 'New mint created' } });

    expect(scope.getState($toasts)).toEqual([{ id: 1, text: 'New mint created', kind: 'info' }]);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(texts(scope)).toEqual(['New mint created']);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(scope.getState($toasts)).toEqual([]);
  });

  it('dismisses each toast on its own timer', async () => {
    const scope = fork();
    void allSettled(showToast, {
      scope,
      params: { text: 'Error: the request timed out!', kind: 'error', durationMs: 3_000 },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    void allSettled(showToast, { scope, params: { text: 'Transaction is being processed' } });

    expect(scope.getState($toasts)).toEqual([
      { id: 1, text: 'Error: the request timed out!', kind: 'error' },
      { id: 2, text: 'Transaction is being processed', kind: 'info' },
    ]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(texts(scope)).toEqual(['Transaction is being processed']);
    await vi.advanceTimersByTimeAsync(12_999);
    expect(texts(scope)).toEqual(['Transaction is being processed']);
    await vi.advanceTimersByTimeAsync(1);
    await allSettled(scope);
    expect(texts(scope)).toEqual([]);
  });

  it('a click dismisses early and the late timer leaves newer toasts alone', async () => {
    const scope = fork();
    void allSettled(showToast, { scope, params: { text: 'a', durationMs: 3_000 } });
    void allSettled(toastDismissed, { scope, params: 1 });
    expect(texts(scope)).toEqual([]);

    void allSettled(showToast, { scope, params: { text: 'b', durationMs: 5_000 } });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(texts(scope)).toEqual(['b']);
    await vi.advanceTimersByTimeAsync(2_000);
    await allSettled(scope);
    expect(texts(scope)).toEqual([]);
  });

  it('keeps toasts of separate scopes apart', async () => {
    const a = fork();
    const b = fork();
    const shown = allSettled(showToast, { scope: a, params: { text: 'only in a', durationMs: 100 } });
    expect(texts(a)).toEqual(['only in a']);
    expect(texts(b)).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    await shown;
  });
});
