import { allSettled, createEvent, createStore, fork } from 'effector';
import { Provider } from 'effector-react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyModal } from '@/shared/ui/lazy-page';

/*
 * The overlays outside the first screen (farm activation, farm link, join community, info sheet,
 * disconnect wallet) are lazyModal views: mounted and fetched only once their model opens them.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

function Dialog({ title }: { title: string }) {
  return <div role="dialog">{title}</div>;
}

describe('lazyModal', () => {
  let root: Root;
  let container: HTMLElement;

  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

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
      root.render(
        <Provider value={scope}>
          <Modal title="Your link" />
        </Provider>,
      ),
    );
    expect(load).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe('');

    await act(() => allSettled(opened, { scope, params: 'link' }));
    expect(load).toHaveBeenCalledTimes(1);
    // Opened before its code is there: nothing yet (no skeleton for an overlay).
    expect(container.innerHTML).toBe('');
    await act(async () => resolve(Dialog));
    expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Your link');

    await act(() => allSettled(closed, { scope }));
    expect(container.innerHTML).toBe('');
    await act(() => allSettled(opened, { scope, params: 'again' }));
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
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
      root.render(
        <Provider value={scope}>
          <Modal title="Ready" />
        </Provider>,
      ),
    );
    // Already loaded: drawn on the first render, nothing fetched again.
    expect(container.textContent).toBe('Ready');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
