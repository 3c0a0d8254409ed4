import type { ReactNode } from 'react';
import styles from './text-field.module.css';

/**
 * A labelled one-line text input with, under it, either the problem with what was typed (announced,
 * the input marked invalid) or a hint. Ids derive from `id`: `<id>-error`, `<id>-hint`.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  problem,
  hint,
  placeholder,
  disabled = false,
  type = 'text',
  mono = false,
  testId,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value, in a sentence; shown instead of the hint. */
  problem?: string | null;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  type?: 'text' | 'url';
  /** Monospaced (addresses, codes). */
  mono?: boolean;
  /** data-testid of the input; its error gets `<testId>-error`. */
  testId?: string;
  /** Anything under the message (an action). */
  children?: ReactNode;
}) {
  const described = problem ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={mono ? `${styles.input} ${styles.mono}` : styles.input}
        type={type}
        inputMode={type === 'url' ? 'url' : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {problem ? (
        <p
          id={`${id}-error`}
          className={styles.error}
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {problem}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}
