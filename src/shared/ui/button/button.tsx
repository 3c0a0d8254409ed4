import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'destructive' | 'plain';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: ButtonVariant;
  /** Shows a spinner, keeps the label for width, and blocks presses. */
  loading?: boolean;
  /** Full width of its container (the default), or as wide as its label. */
  stretched?: boolean;
  size?: 'm' | 's';
  children: ReactNode;
};

/** The button every screen uses (Telegram's look): primary, secondary, destructive or plain. */
export function Button({
  variant = 'primary',
  loading = false,
  stretched = true,
  size = 'm',
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, stretched, size, loading })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      <span className={styles.label}>{children}</span>
      {loading ? <span className={styles.spinner} aria-hidden /> : null}
    </button>
  );
}

/** The same look for a link that acts as a button (e.g. an atomic-router Link). */
export function buttonClassName({
  variant = 'primary',
  stretched = true,
  size = 'm',
  loading = false,
}: {
  variant?: ButtonVariant;
  stretched?: boolean;
  size?: 'm' | 's';
  loading?: boolean;
} = {}): string {
  return [
    styles.button,
    styles[variant],
    stretched ? styles.stretched : '',
    size === 's' ? styles.small : '',
    loading ? styles.loading : '',
  ]
    .filter(Boolean)
    .join(' ');
}
