import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/**
 * Nothing to show yet, and what to do about it: a short title, an optional line of explanation and
 * an optional action (a Button or a Link styled as one).
 */
export function EmptyState({
  title,
  text,
  action,
  icon,
  testId,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.empty} role="status" data-testid={testId}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <p className={styles.title}>{title}</p>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
