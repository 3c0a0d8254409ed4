import { useUnit } from 'effector-react';
import { $toasts, toastDismissed } from './model';
import styles from './toasts.module.css';

export function Toasts() {
  const [toasts, dismiss] = useUnit([$toasts, toastDismissed]);
  return (
    <div className={styles.toasts}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={[styles.toast, toast.kind === 'info' ? '' : styles[toast.kind]].join(' ').trim()}
          onClick={() => dismiss(toast.id)}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
