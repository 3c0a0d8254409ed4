import type { Store } from 'effector';
import { useUnit } from 'effector-react';
import type { ComponentType } from 'react';
import { lazyPage, type LazyView } from './lazy-page';

/**
 * An overlay (modal, sheet) whose code is a chunk of its own, mounted only while its model says it
 * is open (`$open` holds anything truthy: `true`, the link shown, the activation asked about…):
 *
 *   export const FarmLinkModal = lazyModal($shownLink, () => import('./ui/farm-link-modal').then((m) => m.FarmLinkModal));
 *
 * Closed, it renders nothing and loads nothing (the idle prefetch fetches its chunk once the first
 * screen is up, so it opens at once). Opened before its chunk is there, it shows nothing until the
 * chunk arrives, and tries again by itself if the chunk cannot load (lazyPage's overlay behaviour).
 * The view itself still reads its model: it may close (or render null) on its own terms.
 */
export function lazyModal<Props extends object>(
  $open: Store<unknown>,
  load: () => Promise<ComponentType<Props>>,
): LazyView<Props> {
  const View = lazyPage(load, { fallback: null });
  function LazyModal(props: Props) {
    const open = useUnit($open);
    return open ? <View {...props} /> : null;
  }
  return Object.assign(LazyModal, { preload: View.preload });
}
