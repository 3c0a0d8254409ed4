import { useUnit } from 'effector-react';
import { $toasts, toastDismissed } from './model';
import styles from './toasts.module.css';

/** Render it before the screen: the stack sits in the page's flow at the top (see the CSS). */
export function Toasts() {
  const [toasts, dismiss] = useUnit([$toasts, toastDismissed]);
  return (
    <div className={styles.toasts} data-testid="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={[styles.toast, toast.kind === 'info' ? '' : styles[toast.kind]].join(' ').trim()}
          data-testid="toast"
          onClick={() => dismiss(toast.id)}
        >
          <span className={styles.dot} aria-hidden />
          <span>{toast.text}</span>
        </div>
      ))}
    </div>
  );
}
