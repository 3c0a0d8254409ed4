import type { ReactNode } from 'react';
import { Card } from '@shared/ui/section';
import styles from './record-card.module.css';

/** Cards side by side as the width allows (one column on a phone), each as wide as `minWidth` at least. */
export function CardGrid({ children, minWidth = 420 }: { children: ReactNode; minWidth?: number }) {
  return (
    <div
      className={styles.list}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth}px), 1fr))` }}
    >
      {children}
    </div>
  );
}

/**
 * One record of an operator's list (a withdrawal, a transaction, a task): its name and a badge, its
 * facts (ListRows), then its actions or their outcome.
 */
export function RecordCard({
  title,
  badge,
  label,
  children,
  actions,
  outcome,
  mono = false,
  testId,
}: {
  title: ReactNode;
  badge?: ReactNode;
  /** The record's accessible name. */
  label: string;
  children: ReactNode;
  /** Buttons, side by side. */
  actions?: ReactNode;
  /** What the operator's action did (shown instead of the actions). */
  outcome?: ReactNode;
  /** The title is an identifier (a hash): monospaced, cut with an ellipsis (the whole in its tooltip). */
  mono?: boolean;
  testId?: string;
}) {
  return (
    <Card as="article" className={styles.card} aria-label={label} data-testid={testId}>
      <header className={styles.head}>
        <span
          className={mono ? styles.mono : styles.title}
          title={mono && typeof title === 'string' ? title : undefined}
        >
          {title}
        </span>
        {badge ? <span className={styles.badge}>{badge}</span> : null}
      </header>
      {children}
      {outcome ? (
        <p className={styles.outcome} role="status">
          {outcome}
        </p>
      ) : actions ? (
        <div className={styles.actions}>{actions}</div>
      ) : null}
    </Card>
  );
}

/** An identifier in a record's facts (an address, a hash): monospaced, broken anywhere. */
export function Mono({ children }: { children: ReactNode }) {
  return <span className={styles.breakable}>{children}</span>;
}
