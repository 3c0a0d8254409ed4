import type { ReactNode } from 'react';
import styles from './select-field.module.css';

/** A console select with its label above: one style for every screen that has one (audit, tasks). */
export function SelectField({
  label,
  value,
  onChange,
  disabled = false,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Its options. */
  children: ReactNode;
}) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </label>
  );
}
