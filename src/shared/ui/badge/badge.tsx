import type { ReactNode } from 'react';
import styles from './badge.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** A short status or count. `solid` is the navbar's counter look; the default is a tinted pill. */
export function Badge({
  tone = 'neutral',
  solid = false,
  children,
  testId,
  label,
}: {
  tone?: BadgeTone;
  solid?: boolean;
  children: ReactNode;
  testId?: string;
  label?: string;
}) {
  return (
    <span
      className={[styles.badge, styles[tone], solid ? styles.solid : ''].filter(Boolean).join(' ')}
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </span>
  );
}
