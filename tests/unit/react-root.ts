import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** A React root on a fresh container for each test of the describe block that calls it, unmounted after. */
export function mountedRoot(): { readonly root: Root; readonly container: HTMLElement } {
  const mounted = {} as { root: Root; container: HTMLElement };
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    mounted.container = document.createElement('div');
    document.body.append(mounted.container);
    mounted.root = createRoot(mounted.container);
  });
  afterEach(() => {
    act(() => mounted.root.unmount());
    mounted.container.remove();
  });
  return mounted;
}
