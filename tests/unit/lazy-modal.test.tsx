import { allSettled, createEvent, createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModal } from '@/shared/ui/lazy-page';
import { mountedRoot } from './react-root';

/*
 * The overlays outside the first screen (farm activation, farm link, join community, info sheet,
 * disconnect wallet) are lazyModal views: mounted and fetched only once their model opens them.
 */
function Dialog({ title }: { title: string }) {
  return <div role="dialog">{title}</div>;
}

describe('lazyModal', () => {
  const mounted = mountedRoot();

  it('loads nothing and draws nothing while closed; loads its code and draws it when opened, and again after closing', async () => {
    const opened = createEvent<string>();
    const closed = createEvent();
    const $shown = createStore<string | null>(null)
      .on(opened, (_, title) => title)
      .reset(closed);
    let resolve!: (view: typeof Dialog) => void;
    const load = vi.fn(() => new Promise<typeof Dialog>((done) => (resolve = done)));
    const Modal = lazyModal($shown, load);
    const scope = fork();

    await act(async () =>
      mounted.root.render(
        <Provider value={scope}>
          <Modal title="Your link" />
        </Provider>,
      ),
    );
    expect(load).not.toHaveBeenCalled();
    expect(mounted.container.innerHTML).toBe('');

    await act(() => allSettled(opened, { scope, params: 'link' }));
    expect(load).toHaveBeenCalledTimes(1);
    // Opened before its code is there: nothing yet (no skeleton for an overlay).
    expect(mounted.container.innerHTML).toBe('');
    await act(async () => resolve(Dialog));
    expect(mounted.container.querySelector('[role="dialog"]')?.textContent).toBe('Your link');

    await act(() => allSettled(closed, { scope }));
    expect(mounted.container.innerHTML).toBe('');
    await act(() => allSettled(opened, { scope, params: 'again' }));
    expect(mounted.container.querySelector('[role="dialog"]')).not.toBeNull();
    // The chunk is fetched once.
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('can be fetched ahead (the idle prefetch) without opening', async () => {
    const $open = createStore(false);
    const load = vi.fn(async () => Dialog);
    const Modal = lazyModal($open, load);
    await Modal.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const scope = fork({ values: [[$open, true]] });
    await act(async () =>
      mounted.root.render(
        <Provider value={scope}>
          <Modal title="Ready" />
        </Provider>,
      ),
    );
    // Already loaded: drawn on the first render, nothing fetched again.
    expect(mounted.container.textContent).toBe('Ready');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
