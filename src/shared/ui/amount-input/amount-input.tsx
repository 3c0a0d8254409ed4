import type { ReactNode } from 'react';
import { inLocaleMark } from '../../lib/amount-input';
import { decimalMark, type FormatLocale } from '../../lib/format';
import styles from './amount-input.module.css';

export interface AmountInputProps {
  /** The input's id; its error and hint take `<id>-error` / `<id>-hint`. */
  id: string;
  label: ReactNode;
  /** Shown after the label, muted: the allowed range ('· from 1 to 100 000'). Part of the accessible name. */
  limits?: ReactNode;
  limitsTestId?: string;
  /** The text as typed (or set, as Max sets the wire's '12.5'); shown with `locale`'s decimal mark. */
  value: string;
  /** The text with `locale`'s decimal mark for either mark typed. */
  onChange: (text: string) => void;
  /** The language the figures around are written in: its decimal mark is the field's. */
  locale: FormatLocale;
  /** The problem with what is typed, in a sentence; replaces the hint and marks the input invalid. */
  error?: string | null;
  errorTestId?: string;
  /** A line under the input while there is no error ('Available: 12.50 TKN'). */
  hint?: ReactNode;
  /** Shows a Max button beside the input. */
  onMax?: () => void;
  maxLabel?: string;
  /** 'numeric' for whole numbers (a count), 'decimal' for amounts. */
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
  disabled?: boolean;
}

/**
 * The kit's amount field: label (with its range), a text input whose decimal key, '.' or ',', shows as
 * the language's mark (`inLocaleMark`; the model reads either), an optional Max, and the inline problem
 * or hint under it, tied to the input for screen readers. Every form with an amount (mint, sell,
 * transfer, farming link) uses it.
 */
export function AmountInput({
  id,
  label,
  limits,
  limitsTestId,
  value,
  onChange,
  locale,
  error,
  errorTestId,
  hint,
  onMax,
  maxLabel,
  inputMode = 'decimal',
  placeholder = inputMode === 'decimal' ? `0${decimalMark(locale)}00` : undefined,
  disabled,
}: AmountInputProps) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.root}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {limits ? (
          <span className={styles.limits} data-testid={limitsTestId}>
            {' '}
            {limits}
          </span>
        ) : null}
      </label>
      <div className={styles.field}>
        <input
          id={id}
          className={styles.input}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          value={inputMode === 'decimal' ? inLocaleMark(value, locale) : value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) =>
            onChange(inputMode === 'decimal' ? inLocaleMark(event.target.value, locale) : event.target.value)
          }
        />
        {onMax ? (
          <button type="button" className={styles.max} onClick={() => onMax()} disabled={disabled}>
            {maxLabel}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
