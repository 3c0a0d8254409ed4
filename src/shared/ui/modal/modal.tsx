import { type ReactNode, useEffect } from 'react';
import styles from './modal.module.css';

export interface ModalAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'primary' | 'danger' | 'plain';
}

/** A bottom-sheet dialog: title, optional text or content, actions. Escape and a backdrop tap close it. */
export function Modal({
  title,
  text,
  children,
  actions,
  onClose,
  illustration,
}: {
  title: string;
  /** A picture above the title (the farm activation modal's gift, rocket or lock). */
  illustration?: ReactNode;
  text?: string;
  children?: ReactNode;
  actions: ModalAction[];
  onClose: () => void;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(event) => event.stopPropagation()}
      >
        {illustration ? <div className={styles.illustration}>{illustration}</div> : null}
        <h2 className={styles.title}>{title}</h2>
        {text ? <p className={styles.text}>{text}</p> : null}
        {children}
        <div className={styles.actions}>
          {actions.map(({ label, onClick, disabled, tone = 'plain' }) => (
            <button key={label} type="button" className={styles[tone]} disabled={disabled} onClick={onClick}>
              {label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
