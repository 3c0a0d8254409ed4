import type { ReactNode } from 'react';
import styles from './facts.module.css';

/**
 * A console record's facts, one row each: a label and its value. Unlike the app's ListRow (a figure that
 * never wraps), a value here may be long — a reason, a name, an address, a link —: it wraps, and when it
 * does not fit beside its label it goes under it, so nothing runs past the card or over its label at any
 * width (docs/decisions.md "The operator console").
 */
export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {children}
    </dl>
  );
}

export function Fact({
  label,
  value,
  hint,
  strong = false,
  stacked = false,
  valueTestId,
}: {
  label: ReactNode;
  value: ReactNode;
  /** A smaller line under the label (the tokens of a TON amount, a time). */
  hint?: ReactNode;
  /** The figure the record is about. */
  strong?: boolean;
  /** Text to read rather than a figure (a reason, a comment, an address): always under its label, left-aligned. */
  stacked?: boolean;
  valueTestId?: string;
}) {
  const valueClass = [styles.value, strong ? styles.strong : '', stacked ? styles.stackedValue : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={stacked ? `${styles.fact} ${styles.stacked}` : styles.fact}>
      <dt className={styles.label}>
        {label}
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </dt>
      <dd className={valueClass} data-testid={valueTestId}>
        {value}
      </dd>
    </div>
  );
}
