import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Modal } from '@shared/ui/modal';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogTexts {
  title: string;
  text?: string;
  confirm: string;
  cancel: string;
}

/**
 * A confirmation before a state-changing action: Confirm (disabled while the action runs), Cancel,
 * Escape. With `field` it asks for a required text first (a reason, a resolution), focused on open;
 * without, Confirm gets the focus, so Enter confirms.
 */
export function ConfirmDialog({
  texts,
  pending,
  danger,
  onConfirm,
  onCancel,
  field,
  children,
}: {
  texts: ConfirmDialogTexts;
  pending: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  field?: { label: string; value: string; onChange: (value: string) => void; problem: string | null };
  children?: ReactNode;
}) {
  const id = useId();
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The dialog's own buttons are the Modal's: the last is Confirm (after Cancel).
    const dialog = holder.current?.closest('[role="dialog"]');
    if (!field) dialog?.querySelectorAll('button')[1]?.focus();
  }, [field]);
  return (
    <Modal
      title={texts.title}
      text={texts.text}
      onClose={onCancel}
      actions={[
        { label: texts.cancel, onClick: onCancel, tone: 'plain' },
        { label: texts.confirm, onClick: onConfirm, disabled: pending, tone: danger ? 'danger' : 'primary' },
      ]}
    >
      <div ref={holder} className={styles.body}>
        {children}
        {field ? (
          <label className={styles.field} htmlFor={id}>
            <span>{field.label}</span>
            <textarea
              id={id}
              className={styles.textarea}
              value={field.value}
              rows={3}
              autoFocus
              aria-invalid={field.problem ? true : undefined}
              aria-describedby={field.problem ? `${id}-problem` : undefined}
              onChange={(event) => field.onChange(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onConfirm();
              }}
            />
            {field.problem ? (
              <span id={`${id}-problem`} className={styles.problem} role="alert">
                {field.problem}
              </span>
            ) : null}
          </label>
        ) : null}
      </div>
    </Modal>
  );
}
