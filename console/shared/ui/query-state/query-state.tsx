import type { ReactNode } from 'react';
import { Button } from '@shared/ui/button';
import { EmptyState } from '@shared/ui/empty-state';
import { SkeletonCard } from '@shared/ui/skeleton';

export type QueryStateStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * A screen's data in its three states before the content: loading (skeleton cards), failed (the
 * message and Try again), empty (the message). Once something is shown, a reload keeps it on screen.
 */
export function QueryState({
  status,
  hasData,
  empty,
  texts,
  onRetry,
  children,
  testId,
}: {
  status: QueryStateStatus;
  /** Something was read (an empty list counts as read). */
  hasData: boolean;
  /** What was read is empty. */
  empty: boolean;
  texts: { loading: string; failed: string; retry: string; empty: string };
  onRetry: () => void;
  children: ReactNode;
  testId?: string;
}) {
  if (!hasData && status === 'failed') {
    return (
      <EmptyState
        title={texts.failed}
        testId={testId && `${testId}-failed`}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {texts.retry}
          </Button>
        }
      />
    );
  }
  if (!hasData) {
    return (
      <div aria-busy="true" data-testid={testId && `${testId}-loading`}>
        <SkeletonCard lines={3} label={texts.loading} />
        <SkeletonCard lines={2} label={texts.loading} />
      </div>
    );
  }
  if (empty) return <EmptyState title={texts.empty} testId={testId && `${testId}-empty`} />;
  return <>{children}</>;
}
