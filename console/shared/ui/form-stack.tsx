import type { ReactNode } from 'react';
import styles from './form-stack.module.css';

/** A console form: its fields one under another, submitted by Enter or its submit button. */
export function FormStack({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
