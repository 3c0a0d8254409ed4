import type { ReactNode } from 'react';
import { useConsoleT } from '../i18n';
import { QueryState, type QueryStateStatus } from './query-state';

/** A console screen's data in its loading, failed and empty states, in the console's words. */
export function ConsoleQueryState({
  status,
  hasData,
  empty = '',
  isEmpty = false,
  onRetry,
  children,
  testId,
}: {
  status: QueryStateStatus;
  hasData: boolean;
  /** What to say when what was read is empty. */
  empty?: string;
  isEmpty?: boolean;
  onRetry: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const t = useConsoleT();
  return (
    <QueryState
      status={status}
      hasData={hasData}
      empty={isEmpty}
      texts={{ loading: t('common.loading'), failed: t('common.loadFailed'), retry: t('common.tryAgain'), empty }}
      onRetry={onRetry}
      testId={testId}
    >
      {children}
    </QueryState>
  );
}
