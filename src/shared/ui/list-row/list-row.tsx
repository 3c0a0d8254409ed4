import type { ReactNode } from 'react';
import styles from './list-row.module.css';

/** One line of facts: a label on the left, a value on the right, an optional hint under the label. */
export function ListRow({
  label,
  value,
  hint,
  valueTestId,
  strong = false,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  valueTestId?: string;
  /** Emphasised value (the figure the row is about). */
  strong?: boolean;
}) {
  return (
    <div className={styles.row}>
      <dt className={styles.label}>
        {label}
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </dt>
      <dd className={strong ? `${styles.value} ${styles.strong}` : styles.value} data-testid={valueTestId}>
        {value}
      </dd>
    </div>
  );
}

/** Rows of ListRow as one description list. */
export function ListRows({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className={styles.rows} aria-label={label}>
      {children}
    </dl>
  );
}
