import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { Icon } from '../icon';
import { MessageScreen } from '../page';
import { PageSkeleton } from './page-skeleton';

/** A view whose code is a chunk of its own, loaded when first shown (or prefetched when idle). */
export type LazyView<Props extends object> = ComponentType<Props> & { preload: () => Promise<void> };

const OVERLAY_RETRY_MS = 5_000;

/** Every lazy view's loader, for the prefetch once the first screen is up (./prefetch.ts). */
export const lazyViewLoaders = new Set<() => Promise<void>>();

/**
 * The one way a screen loads on demand, so the entry bundle holds only the first screen
 * (docs/performance.md "Bundle"; scripts/bench-bundle.ts keeps it under budget):
 *
 *   export const mintPage = { route: mintRoute, view: lazyPage(() => import('./ui/pages').then((m) => m.MintPage)) };
 *
 * Only the view is deferred: the page's model (its route, `chainLoad`, its events) stays in the
 * page's index and so in the entry, so nothing is missed while the code loads. `fallback` shows
 * meanwhile: the page skeleton, or `null` for an overlay (sheet, modal) that shows nothing until
 * asked. A chunk that fails to load (offline) shows a retry screen for a page; an overlay tries
 * again by itself every few seconds.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { fallback = <PageSkeleton /> }: { fallback?: ReactNode } = {},
): LazyView<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;
  const fetchView = () => {
    loading ??= load().then(
      (view) => (loaded = view),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const preload = () => fetchView().then(() => undefined);
  lazyViewLoaders.add(preload);

  function LazyPageView(props: Props) {
    // The component itself is the state: a function in useState must be wrapped, or React calls it.
    const [View, setView] = useState<{ view: ComponentType<Props> | null }>(() => ({ view: loaded }));
    const [failed, setFailed] = useState(false);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (View.view) return;
      let mounted = true;
      fetchView().then(
        (view) => mounted && setView({ view }),
        () => mounted && setFailed(true),
      );
      return () => {
        mounted = false;
      };
    }, [View.view, attempt]);
    // An overlay has no retry button: it tries again by itself a little later.
    useEffect(() => {
      if (!failed || fallback !== null) return;
      const timer = setTimeout(() => {
        setFailed(false);
        setAttempt((count) => count + 1);
      }, OVERLAY_RETRY_MS);
      return () => clearTimeout(timer);
    }, [failed]);

    if (View.view) return <View.view {...props} />;
    if (failed && fallback !== null) {
      return (
        <LoadFailed
          onRetry={() => {
            setFailed(false);
            setAttempt((count) => count + 1);
          }}
        />
      );
    }
    return fallback;
  }
  return Object.assign(LazyPageView, { preload });
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <MessageScreen
      icon={<Icon name="offline" size={36} />}
      title={t('page.loadFailed')}
      text={t('launch.failedText')}
      action={{ label: t('launch.tryAgain'), onClick: onRetry }}
    />
  );
}
